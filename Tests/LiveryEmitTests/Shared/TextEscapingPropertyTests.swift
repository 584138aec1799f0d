import Foundation
import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// Random display names, font families and strings (``RandomText``) through
/// every file that carries text, each read back by the program that consumes
/// it: `Info.plist` by Python's plistlib, `Target.xcconfig` by Xcode's rules
/// (``XcodeModel``), `strings.xml` by xmllint and aapt, `Theme.swift` by swiftc,
/// `LiveryTheme.kt` by kotlinc and `theme.css` by Chromium. Every value must come
/// back exactly as the style wrote it. All texts go into one file per consumer,
/// so each slow tool runs once.
@Suite("Text escaping: random Unicode text survives every output file")
struct TextEscapingPropertyTests {
    static let seed = RandomText.seed(ProcessInfo.processInfo.environment)
    /// Hazards every run tries, whatever the seed, before the random texts.
    static let fixed = [
        "News // Today", "%s and %d, 100%", "  Pay$Day $(HOME) ${PATH} $$ ;", "@start it's \"q\" \\ <b>&amp;</b> ]]> */ /*",
        "שלום e\u{301} 👩‍👩‍👧 𝔘\u{2028}x", "Two\nlines\tand a tab",
    ]
    static let texts: [String] = {
        var random = RandomText(seed: seed)
        // Bidirectional controls are refused by validation (rule control-character), so they
        // never reach an output; the texts leave them out.
        let bidi: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        return (fixed + random.texts(40 - fixed.count)).map { text in
            String(String.UnicodeScalarView(text.unicodeScalars.filter { !bidi.contains($0.value) }))
        }
    }()
    /// Said with every failure, so the run can be replayed.
    static let replay = "seed \(seed); LIVERY_PROPERTY_SEED=\(seed) replays it"

    /// Texts the display name accepts: no line break, tab or line separator.
    static var displayNames: [String] { texts.filter { !RandomText.hasLineBreakOrTab($0) && !RandomText.hasLineSeparator($0) } }
    /// Indices of the texts a font family accepts: no line break or tab.
    static var familyIndices: [Int] { texts.indices.filter { !RandomText.hasLineBreakOrTab(texts[$0]) } }

    static func resolve(_ document: String) throws -> (ResolvedStyle, [Diagnostic]) {
        let node = try JSONReader.parse(Array(document.utf8), file: "targets/p/style.json")
        return StyleResolver().resolve(id: "p", chain: ["p"], document: node, assets: MemoryAssets(files: [:]))
    }

    /// One style holding every text: as flag `f<i>`, component property
    /// `card.main.label<i>`, and (where it may) font family `f<i>`.
    static func sharedStyle() throws -> ResolvedStyle {
        let quoted = texts.map(JSONWriter.quoted)
        let flags = quoted.indices.map { "\"f\($0)\": \(quoted[$0])" }
        let labels = quoted.indices.map { "\"label\($0)\": \(quoted[$0])" }
        let fonts = familyIndices.map { "\"f\($0)\": {\"family\": \(quoted[$0]), \"size\": 16, \"weight\": \"regular\"}" }
        let document = """
            {"app": {"displayName": \(JSONWriter.quoted(displayNames.first ?? "P")), "bundleId": "com.example.p"},
             "fonts": {\(fonts.joined(separator: ", "))},
             "components": {"card": {"main": {\(labels.joined(separator: ", "))}}},
             "flags": {\(flags.joined(separator: ", "))}}
            """
        let (style, diagnostics) = try resolve(document)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics) \(replay)")
        return style
    }

    /// What each consumer should print back: `name=HEX HEX…`.
    static func expectedValues(_ style: ResolvedStyle, families: Bool = true, labels: Bool = true) -> [String: String] {
        var expected = ["displayName": RandomText.hex(style.app.displayName ?? "")]
        for (index, text) in texts.enumerated() {
            expected["f\(index)"] = RandomText.hex(text)
            if labels { expected["label\(index)"] = RandomText.hex(text) }
        }
        if families { for index in familyIndices { expected["family.f\(index)"] = RandomText.hex(texts[index]) } }
        return expected
    }

    /// `name=value` lines as a dictionary.
    static func printed(_ output: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    static func compare(_ printed: [String: String], _ expected: [String: String], _ consumer: String) {
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(printed[key] == value, "\(consumer): \(key) read back as \(printed[key] ?? "nothing"), written \(value); \(replay)")
        }
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func validationRefusesOnlyWhatAFieldCannotHold() throws {
        #expect(Self.texts.contains(where: RandomText.hasLineBreakOrTab), "the sample should hold line breaks or tabs; \(Self.replay)")
        for (index, text) in Self.texts.enumerated() {
            let quoted = JSONWriter.quoted(text)
            let (_, diagnostics) = try Self.resolve(
                """
                {"app": {"displayName": \(quoted), "bundleId": "com.example.p"},
                 "fonts": {"body": {"family": \(quoted), "size": 16, "weight": "regular"}},
                 "components": {"card": {"main": {"label": \(quoted)}}},
                 "flags": {"note": \(quoted)}}
                """)
            var expected: Set<String> = []
            if RandomText.hasLineBreakOrTab(text) || RandomText.hasLineSeparator(text) { expected.insert("/app/displayName") }
            if RandomText.hasLineBreakOrTab(text) { expected.insert("/fonts/body/family") }
            let refused = Set(diagnostics.filter { $0.rule.id == "control-character" }.compactMap { $0.pointer?.description })
            #expect(refused == expected, "text \(index) [\(RandomText.hex(text))]; \(Self.replay)")
            #expect(diagnostics.filter { $0.severity == .error && $0.rule.id != "control-character" }.isEmpty, "\(diagnostics)")
        }
    }

    @Test func doubleSlashSurvivesInTargetXcconfig() throws {
        let (style, _) = try Self.resolve(#"{"app": {"displayName": "News // Today $(HOME)", "bundleId": "com.example.news"}}"#)
        let xcconfig = try #require(IOSProjectFiles.files(for: style).first { $0.path == "ios/Target.xcconfig" }).text
        // `//` starts a comment anywhere on an xcconfig line; `/$()/` puts an empty expansion between the slashes.
        #expect(xcconfig.contains("INFOPLIST_KEY_CFBundleDisplayName = News /$()/ Today $$(HOME)\n"), "\(xcconfig)")
        // `$(SLASH)` named a build setting nothing defines, so the slashes disappeared.
        #expect(!xcconfig.contains("$(SLASH)"))
        let value = XcodeModel.value(of: "INFOPLIST_KEY_CFBundleDisplayName", in: xcconfig)
        #expect(value.flatMap(XcodeModel.expanded) == "News // Today $(HOME)")
    }

    @Test func targetXcconfigKeepsEveryDisplayName() throws {
        let names = Self.displayNames
        #expect(names.count >= 20, "\(Self.replay)")
        for name in names {
            let (style, diagnostics) = try Self.resolve(
                #"{"app": {"displayName": \#(JSONWriter.quoted(name)), "bundleId": "com.example.p"}}"#)
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            let files = IOSProjectFiles.files(for: style)
            let xcconfig = try #require(files.first { $0.path == "ios/Target.xcconfig" }).text
            for line in xcconfig.split(separator: "\n") where !line.hasPrefix("//") {
                #expect(
                    !zip(line.utf8, line.utf8.dropFirst()).contains { $0 == 0x2F && $1 == 0x2F },
                    "a `//` outside a comment in \(line); \(Self.replay)")
            }
            #expect(name.contains("$(SLASH)") || !xcconfig.contains("$(SLASH)"))
            let value = XcodeModel.value(of: "INFOPLIST_KEY_CFBundleDisplayName", in: xcconfig)
            #expect(
                value.flatMap(XcodeModel.expanded) == name,
                "Target.xcconfig [\(RandomText.hex(name))] reads as \(value ?? "nothing"); \(Self.replay)")
        }
    }

    @Test(.enabled(if: ExternalTool.python3.isInstalled, "python3 is not installed: Info.plist files are not parsed"))
    func infoPlistKeepsEveryDisplayName() throws {
        let python = try #require(ExternalTool.python3.path)
        let names = Self.displayNames
        let scratch = try TemporaryDirectory()
        var plists: [String] = []
        for (index, name) in names.enumerated() {
            let (style, _) = try Self.resolve(#"{"app": {"displayName": \#(JSONWriter.quoted(name)), "bundleId": "com.example.p"}}"#)
            let path = "\(scratch.path)/\(index).plist"
            try Data(try #require(IOSProjectFiles.files(for: style).first { $0.path == "ios/Info.plist" }).bytes).write(
                to: URL(fileURLWithPath: path))
            plists.append(path)
        }
        let script = """
            import plistlib, sys
            for path in sys.argv[1:]:
                name = plistlib.load(open(path, "rb"))["CFBundleDisplayName"]
                print(" ".join("%X" % ord(c) for c in name))
            """
        let result = try runProcess(python, ["-c", script] + plists)
        #expect(result.status == 0, "plistlib: \(result.stderr); \(Self.replay)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, name) in names.enumerated() {
            let raw = index < lines.count ? Self.text(fromHex: String(lines[index])) : nil
            // Xcode expands build settings in Info.plist strings, so the name is read after expansion.
            #expect(
                raw.flatMap(XcodeModel.expanded) == name,
                "Info.plist [\(RandomText.hex(name))] reads as \(raw ?? "nothing"); \(Self.replay)")
        }
    }

    static func text(fromHex line: String) -> String? {
        var text = ""
        for word in line.split(separator: " ") {
            guard let value = UInt32(word, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            text.unicodeScalars.append(scalar)
        }
        return text
    }

    /// Writes the shared style's `android/res/` under `res` and returns its XML files.
    static func writeAndroidResources(of style: ResolvedStyle, to res: String) throws -> [String] {
        var xml: [String] = []
        for file in AndroidPlatform.files(for: style) where file.path.hasPrefix("android/res/") {
            let path = res + "/" + file.path.dropFirst("android/res/".count)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            if path.hasSuffix(".xml") { xml.append(path) }
        }
        #expect(xml.contains(res + "/values/strings.xml"))
        return xml
    }

    @Test(.enabled(if: ExternalTool.xmllint.isInstalled, "xmllint is not installed: strings.xml is not checked"))
    func stringsXMLIsWellFormed() throws {
        let xmllint = try #require(ExternalTool.xmllint.path)
        let scratch = try TemporaryDirectory()
        let xml = try Self.writeAndroidResources(of: try Self.sharedStyle(), to: scratch.path + "/res")
        let lint = try runProcess(xmllint, ["--noout"] + xml)
        #expect(lint.status == 0, "xmllint: \(lint.stderr); \(Self.replay)")
    }

    @Test(.enabled(if: ExternalTool.aapt.isInstalled, "aapt or android-framework-res is not installed: strings.xml is not compiled"))
    func aaptReadsEveryString() throws {
        let aapt = try #require(ExternalTool.aapt.path)
        let framework = ExternalTool.frameworkResources
        let style = try Self.sharedStyle()
        let scratch = try TemporaryDirectory()
        let res = scratch.path + "/res"
        _ = try Self.writeAndroidResources(of: style, to: res)
        let manifest = scratch.path + "/AndroidManifest.xml"
        try Self.write(
            #"<?xml version="1.0" encoding="utf-8"?><manifest xmlns:android="http://schemas.android.com/apk/res/android" package="dev.livery.check"/>"#,
            to: manifest)
        let apk = scratch.path + "/check.apk"
        let package = try runProcess(aapt, ["package", "-f", "-M", manifest, "-S", res, "-I", framework, "-F", apk])
        #expect(package.status == 0, "aapt: \(package.stderr); \(Self.replay)")
        guard package.status == 0 else { return }
        let dump = try runProcess(aapt, ["dump", "--values", "resources", apk])
        #expect(dump.status == 0, "aapt dump: \(dump.stderr)")
        var expected = Self.expectedValues(style, families: false, labels: false)
        expected["app_name"] = expected.removeValue(forKey: "displayName")
        // A font without a file is a system family, named in its text appearance's `android:fontFamily`.
        for index in Self.familyIndices {
            expected["TextAppearance.\(AndroidNaming.styleNamespace).\(AndroidNaming.styleSegment("f\(index)"))"] = RandomText.hex(
                Self.texts[index])
        }
        Self.compare(Self.aaptValues(dump.stdout), expected, "aapt")
    }

    /// `string/NAME` → its value, and `style/NAME` → its `android:fontFamily`
    /// (attribute 0x010103ac), as hex, from `aapt dump --values resources`,
    /// which prints each value on a line of its own, in quotes, with `"`, `\`
    /// and line feeds escaped by a backslash.
    static func aaptValues(_ dump: String) -> [String: String] {
        var values: [String: String] = [:]
        var name: String?
        for line in dump.split(separator: "\n") {
            if let range = line.range(of: ":string/") ?? line.range(of: ":style/") {
                name = line[range.upperBound...].split(separator: ":").first.map(String.init)
                continue
            }
            if line.contains("(Key=") && !line.contains("(Key=0x010103ac)") { continue }
            // By scalars: a combining mark after a quote makes one character of them.
            let scalars = Array(line.unicodeScalars)
            guard let current = name, line.contains("(string"), let open = scalars.firstIndex(of: "\""),
                let close = scalars.lastIndex(of: "\""), open < close
            else { continue }
            var text = ""
            var escaped = false
            for scalar in scalars[(open + 1)..<close] {
                if escaped {
                    text.unicodeScalars.append(scalar == "n" ? "\n" : scalar)
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            values[current] = RandomText.hex(text)
            name = nil
        }
        return values
    }

    @Test(.enabled(if: ExternalTool.swiftc.isInstalled, "swiftc is not on PATH: Theme.swift is not compiled"))
    func swiftThemeCompilesAndKeepsEveryString() throws {
        let swiftc = try #require(ExternalTool.swiftc.path)
        let style = try Self.sharedStyle()
        let theme = SwiftTheme.file(for: style)
        let scratch = try TemporaryDirectory()
        try Data(theme.bytes).write(to: URL(fileURLWithPath: scratch.path + "/Theme.swift"))
        var main = """
            func hex(_ text: String) -> String {
                text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            }
            print("displayName=" + hex(Theme.displayName))

            """
        for index in Self.texts.indices {
            main += "print(\"f\(index)=\" + hex(Theme.Flags.f\(index)))\n"
            main += "print(\"label\(index)=\" + hex(Theme.Components.Card.Main.label\(index)))\n"
        }
        for index in Self.familyIndices { main += "print(\"family.f\(index)=\" + hex(Theme.Fonts.f\(index).family))\n" }
        try Self.write(main, to: scratch.path + "/main.swift")
        let binary = scratch.path + "/theme"
        let compiled = try runProcess(swiftc, ["-Onone", "-o", binary, scratch.path + "/Theme.swift", scratch.path + "/main.swift"])
        #expect(compiled.status == 0, "swiftc: \(compiled.stderr); \(Self.replay)")
        guard compiled.status == 0 else { return }
        let run = try runProcess(binary, [])
        #expect(run.status == 0, "\(run.stderr)")
        Self.compare(Self.printed(run.stdout), Self.expectedValues(style), "Theme.swift")
    }

    @Test(
        .enabled(
            if: ExternalTool.kotlinc.isInstalled && ExternalTool.java.isInstalled,
            "kotlinc or java is not installed: LiveryTheme.kt is not compiled"))
    func kotlinThemeCompilesAndKeepsEveryString() throws {
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        let java = try #require(ExternalTool.java.path)
        let style = try Self.sharedStyle()
        let theme = KotlinTheme.file(for: style)
        let scratch = try TemporaryDirectory()
        try Data(theme.bytes).write(to: URL(fileURLWithPath: scratch.path + "/LiveryTheme.kt"))
        var main = """
            import dev.livery.theme.LiveryTheme

            fun hex(text: String): String {
                val points = ArrayList<String>()
                var i = 0
                while (i < text.length) {
                    val point = Character.codePointAt(text, i)
                    points.add(Integer.toHexString(point).toUpperCase())
                    i += Character.charCount(point)
                }
                return points.joinToString(" ")
            }

            fun main() {
                println("displayName=" + hex(LiveryTheme.App.displayName))

            """
        for index in Self.texts.indices {
            main += "    println(\"f\(index)=\" + hex(LiveryTheme.Flags.f\(index)))\n"
            main += "    println(\"label\(index)=\" + hex(LiveryTheme.Components.Card.Main.label\(index)))\n"
        }
        for index in Self.familyIndices { main += "    println(\"family.f\(index)=\" + hex(LiveryTheme.Fonts.f\(index).family))\n" }
        main += "}\n"
        try Self.write(main, to: scratch.path + "/Main.kt")
        let jar = scratch.path + "/theme.jar"
        let compiled = try runProcess(
            kotlinc, [scratch.path + "/LiveryTheme.kt", scratch.path + "/Main.kt", "-include-runtime", "-nowarn", "-d", jar])
        #expect(compiled.status == 0, "kotlinc: \(compiled.stderr); \(Self.replay)")
        guard compiled.status == 0 else { return }
        let run = try runProcess(java, ["-jar", jar])
        #expect(run.status == 0, "\(run.stderr)")
        Self.compare(Self.printed(run.stdout), Self.expectedValues(style), "LiveryTheme.kt")
    }

    @Test(.enabled(if: ExternalTool.chromium.isInstalled, "chromium is not installed: theme.css is not parsed in a browser"))
    func themeCSSParsesInChromiumAndKeepsEveryFamily() throws {
        let chromium = try #require(ExternalTool.chromium.path)
        let style = try Self.sharedStyle()
        let scratch = try TemporaryDirectory()
        try Data(WebThemeCSS.file(for: style).bytes).write(to: URL(fileURLWithPath: scratch.path + "/theme.css"))
        let names = Self.familyIndices.map { "\"f\($0)\"" }.joined(separator: ",")
        // Chromium keeps a custom property's value as written; `unquote` reads it
        // as a CSS string token (escapes: `\` + hex digits + one optional space,
        // or `\` + any other character), and refuses anything else.
        try Self.write(
            """
            <!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="theme.css"></head><body><pre id="out"></pre><script>
            function unquote(value) {
              const s = value.trim();
              if (s[0] !== '"') return null;
              let out = '', i = 1;
              while (i < s.length && s[i] !== '"') {
                if (s[i] === '\\\\') {
                  const digits = /^[0-9a-fA-F]{1,6}/.exec(s.slice(i + 1));
                  if (digits) { out += String.fromCodePoint(parseInt(digits[0], 16)); i += 1 + digits[0].length; if (s[i] === ' ') i++; }
                  else { out += s[i + 1]; i += 2; }
                } else { out += s[i]; i++; }
              }
              return i === s.length - 1 ? out : null;
            }
            const hex = text => text === null ? 'unparsed' : [...text].map(c => c.codePointAt(0).toString(16).toUpperCase()).join(' ');
            const root = getComputedStyle(document.documentElement);
            const lines = [];
            for (const name of [\(names)]) {
              lines.push('family.' + name + '=' + hex(unquote(root.getPropertyValue('--font-' + name + '-family'))));
              lines.push('size.' + name + '=' + root.getPropertyValue('--font-' + name + '-size').trim());
            }
            document.getElementById('out').textContent = lines.join('\\n');
            </script></body></html>
            """, to: scratch.path + "/check.html")
        let run = try runProcess(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(scratch.path)/profile",
                "--dump-dom", "file://" + scratch.path + "/check.html",
            ])
        let dom = run.stdout
        let start = dom.range(of: "<pre id=\"out\">")?.upperBound ?? dom.endIndex
        let end = dom[start...].range(of: "</pre>")?.lowerBound ?? dom.endIndex
        var expected: [String: String] = [:]
        for index in Self.familyIndices {
            expected["family.f\(index)"] = RandomText.hex(Self.texts[index])
            // A declaration after each family, so an unterminated string would show here.
            expected["size.f\(index)"] = "1rem"
        }
        Self.compare(Self.printed(String(dom[start..<end])), expected, "theme.css in Chromium")
    }
}
