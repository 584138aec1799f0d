import Foundation
import LiveryCore
import LiveryEmit
import LiveryTargets

/// The shared code of a white-label app, written once against the contract: a
/// program that reads every token through the generated `AppTheme` and prints one
/// line per token, in Swift and in Kotlin with the same words, and the lines a
/// client's style.json says those accessors must give (read with LiveryCore, not
/// with the generated reader).
enum AppThemeConsumer {
    /// A line per token: `path=value`. Colours are `r,g,b,a` on 0…255 (`,p3` for Display P3)
    /// for light, dark and both high-contrast values; numbers have four decimals.
    static func swiftMain(_ contract: AppContract) -> String {
        return "import Foundation\n\n" + swiftPrinters(swiftLines(contract)) + #"""

            // Arguments: style.json files, one theme each; `--pair CURRENT BUNDLED` for a style in use over a built-in one.
            var arguments = Array(CommandLine.arguments.dropFirst())
            while !arguments.isEmpty {
                let first = arguments.removeFirst()
                if first == "--pair" {
                    let current = arguments.removeFirst(), bundled = arguments.removeFirst()
                    print("== pair \(current)")
                    printAll(try AppTheme(current: Data(contentsOf: URL(fileURLWithPath: current)), bundled: Data(contentsOf: URL(fileURLWithPath: bundled))))
                } else {
                    print("== \(first)")
                    printAll(try AppTheme(current: Data(contentsOf: URL(fileURLWithPath: first))))
                }
            }

            """#
    }

    /// An app linked with LiveryRuntime, over the generated `AppTheme(store:)`. Arguments:
    /// `STYLE VARIANTS KEY COUNTRY SECONDS`, a store made for an install in COUNTRY at that
    /// moment, then steps: `audience COUNTRY`, `clock SECONDS` (and the variant decided
    /// again), `apply ENVELOPE`. After the start and each step it prints the active variant,
    /// whether an observer of the theme (as SwiftUI observes a view's body) was told of a
    /// change, and every token of the theme made from the store.
    static func swiftStoreMain(_ contract: AppContract) -> String {
        "import Foundation\nimport LiveryRuntime\nimport Observation\nimport Synchronization\n\n" + swiftPrinters(swiftLines(contract))
            + #"""

            /// The moment the store reads (seconds since 1970), which the script moves.
            let clock = Atomic<Int64>(0)
            /// Whether the observer of the last theme made was told of a change.
            let told = Atomic<Bool>(false)

            @MainActor
            func runScript(_ arguments: [String]) throws {
                var arguments = arguments
                func next() -> String { arguments.isEmpty ? "" : arguments.removeFirst() }
                let style = try Data(contentsOf: URL(fileURLWithPath: next()))
                let variants = try Data(contentsOf: URL(fileURLWithPath: next()))
                let key = try String(contentsOfFile: next(), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                let country = next()
                clock.store(Int64(next()) ?? 0, ordering: .relaxed)
                let store = try StyleStore(
                    bundled: style, variants: variants, cache: nil, trustedKeys: [key],
                    audience: VariantAudience(installID: "install-1", country: country),
                    now: { Date(timeIntervalSince1970: TimeInterval(clock.load(ordering: .relaxed))) }
                )
                var step = 0
                var outcome: String?
                func show() {
                    print("== step \(step)")
                    print("variant=" + (store.activeVariant?.variant ?? "none"))
                    if let outcome { print("outcome=" + outcome) }
                    print("told=\(told.exchange(false, ordering: .relaxed))")
                    // Made as a view's body makes it, and observed as SwiftUI observes that body.
                    let theme = withObservationTracking { AppTheme(store: store) } onChange: { told.store(true, ordering: .relaxed) }
                    printAll(theme)
                    step += 1
                    outcome = nil
                }
                show()
                while !arguments.isEmpty {
                    switch next() {
                    case "audience":
                        store.setAudience(VariantAudience(installID: "install-1", country: next()))
                    case "clock":
                        clock.store(Int64(next()) ?? 0, ordering: .relaxed)
                        store.reconsiderVariant()
                    case "apply":
                        let result = store.apply(try Data(contentsOf: URL(fileURLWithPath: next())))
                        if case .applied = result { outcome = "applied" } else { outcome = "\(result)" }
                    case let other:
                        print("unknown step " + other)
                    }
                    show()
                }
            }

            try MainActor.assumeIsolated { try runScript(Array(CommandLine.arguments.dropFirst())) }

            """#
    }

    /// The lines of `printAll(_:)` (one per token) for `contract`.
    static func swiftLines(_ contract: AppContract) -> [String] {
        var lines: [String] = []
        for token in contract.tokens {
            let path = token.path
            if case .component(let properties) = token.kind {
                let kind = AppThemeSwift.kindName(token)
                let variant = AppThemeSwift.variantName(token)
                let access = "theme.components.\(SwiftTheme.identifier(kind)).\(SwiftTheme.identifier(variant))"
                for property in properties.keys.sorted() {
                    guard let type = properties[property] else { continue }
                    let member = "v.\(SwiftTheme.identifier(property))"
                    let value = swiftFormat(member, component: type)
                    if token.isOptional {
                        lines.append(
                            "    if let v = \(access) { line(\"\(path).\(property)\", \(value)) } else { line(\"\(path).\(property)\", \"nil\") }"
                        )
                    } else {
                        lines.append("    do { let v = \(access); line(\"\(path).\(property)\", \(value)) }")
                    }
                }
                continue
            }
            let access = "theme.\(token.section.rawValue).\(SwiftTheme.identifier(token.name))"
            let value = swiftFormat("v", kind: token.kind)
            if token.isOptional {
                lines.append("    if let v = \(access) { line(\"\(path)\", \(value)) } else { line(\"\(path)\", \"nil\") }")
            } else {
                lines.append("    do { let v = \(access); line(\"\(path)\", \(value)) }")
            }
        }
        return lines
    }

    /// The formatting helpers and `printAll(_:)`, which prints every token of one theme.
    static func swiftPrinters(_ lines: [String]) -> String {
        #"""
        func line(_ path: String, _ value: String) { print(path + "=" + value) }
        func n(_ x: Double) -> String { String(format: "%.4f", x) }
        func s(_ t: String) -> String { t.replacingOccurrences(of: "\n", with: "\\n") }
        func rgba(_ c: AppThemeRGBA) -> String {
            [c.red, c.green, c.blue, c.alpha].map { String(Int(($0 * 255).rounded())) }.joined(separator: ",") + (c.space == .displayP3 ? ",p3" : "")
        }
        func color(_ c: AppThemeColor) -> String { [c.light, c.dark, c.highContrastLight, c.highContrastDark].map(rgba).joined(separator: "|") }
        func font(_ f: AppThemeFont) -> String { "\(f.family)|\(f.postScriptName ?? "nil")|\(n(f.size))|\(f.weight)" }
        func shape(_ s: AppThemeShape) -> String {
            switch s {
            case .circle: "circle"
            case .capsule: "capsule"
            case .rectangle: "rectangle"
            case .roundedRectangle(let r): "rounded:" + n(r)
            }
        }

        /// Prints every token of one theme.
        func printAll(_ theme: AppTheme) {
        \#(lines.joined(separator: "\n"))
        }

        """#
    }

    static func swiftFormat(_ v: String, kind: ContractKind) -> String {
        switch kind {
        case .color: "color(\(v))"
        case .palette: "\(v).shades.keys.sorted().map { $0 + \":\" + rgba(\(v).shades[$0]!) }.joined(separator: \";\")"
        case .font: "font(\(v))"
        case .dimension: "n(\(v))"
        case .animation: "\(v).timings.keys.sorted().map { $0 + \":\" + n(\(v).timings[$0]!) }.joined(separator: \";\")"
        case .image: "\(v).light + \"|\" + (\(v).dark ?? \"nil\")"
        case .flag(.boolean): "String(\(v))"
        case .flag(.number): "n(\(v))"
        case .flag(.string): "s(\(v))"
        case .component: "\"\""
        }
    }

    static func swiftFormat(_ v: String, component type: ComponentPropertyType) -> String {
        switch type {
        case .color: "color(\(v))"
        case .font: "font(\(v))"
        case .dimension, .number: "n(\(v))"
        case .shape: "shape(\(v))"
        case .string: "s(\(v))"
        case .boolean: "String(\(v))"
        }
    }

    /// The same program in Kotlin. With `--update STYLE ENVELOPE KEY`, it applies a signed
    /// update with the Kotlin runtime's store first and prints the theme the store gives; with
    /// `--script …`, it runs ``kotlinScript``, as ``swiftStoreMain(_:)`` does in Swift.
    static func kotlinMain(_ contract: AppContract) -> String {
        var lines: [String] = []
        for token in contract.tokens {
            let path = token.path
            if case .component(let properties) = token.kind {
                let kind = AppThemeSwift.kindName(token)
                let variant = AppThemeSwift.variantName(token)
                let access = "theme.components.\(KotlinLiteral.identifier(kind)).\(KotlinLiteral.identifier(variant))"
                for property in properties.keys.sorted() {
                    guard let type = properties[property] else { continue }
                    let value = kotlinFormat("v.\(KotlinLiteral.identifier(property))", component: type)
                    lines.append(
                        "    \(access).let { v -> line(\"\(path).\(property)\", \(token.isOptional ? "if (v == null) \"nil\" else " : "")\(value)) }"
                    )
                }
                continue
            }
            let access = "theme.\(token.section.rawValue).\(KotlinLiteral.identifier(token.name))"
            let value = kotlinFormat("v", kind: token.kind)
            lines.append("    \(access).let { v -> line(\"\(path)\", \(token.isOptional ? "if (v == null) \"nil\" else " : "")\(value)) }")
        }
        return #"""
            import dev.livery.theme.*
            import java.io.File
            import java.util.Locale

            fun line(path: String, value: String) = println("$path=$value")
            fun n(x: Double): String = String.format(Locale.ROOT, "%.4f", x)
            fun s(t: String): String = t.replace("\n", "\\n")
            fun rgba(c: AppThemeRgba): String =
                listOf(c.red, c.green, c.blue, c.alpha).joinToString(",") { Math.round(it * 255).toString() } + (if (c.displayP3) ",p3" else "")
            fun color(c: AppThemeColor): String = listOf(c.light, c.dark, c.highContrastLight, c.highContrastDark).joinToString("|") { rgba(it) }
            fun font(f: AppThemeFont): String = "${f.family}|${f.postScriptName ?: "nil"}|${n(f.size)}|${f.weight}"
            fun shape(s: AppThemeShape): String = when (s) {
                is AppThemeShape.Circle -> "circle"
                is AppThemeShape.Capsule -> "capsule"
                is AppThemeShape.Rectangle -> "rectangle"
                is AppThemeShape.RoundedRectangle -> "rounded:" + n(s.cornerRadius)
            }

            fun printAll(theme: AppTheme) {
            \#(lines.joined(separator: "\n"))
            }

            \#(kotlinScript)
            \#(kotlinEntryPoint)
            """#
    }

    /// The Kotlin program's `main`: reads the styles a run names (one, a pair of document and
    /// bundled style, a signed update through the runtime's store, or a script) and prints each theme.
    static let kotlinEntryPoint = #"""
        fun main(args: Array<String>) {
            var i = 0
            while (i < args.size) {
                when (args[i]) {
                    "--pair" -> {
                        println("== pair ${args[i + 1]}")
                        printAll(AppTheme(File(args[i + 1]).readBytes(), File(args[i + 2]).readBytes()))
                        i += 3
                    }
                    "--update" -> {
                        // The app with the runtime: its store applies a signed update, and the theme reads the store.
                        val bundled = File(args[i + 1]).readBytes()
                        val id = dev.livery.runtime.LiveryStyle.decode(bundled).id
                        val store = dev.livery.runtime.StyleStore(
                            mapOf(id to bundled), id, null, listOf(File(args[i + 3]).readText().trim()),
                            java.util.concurrent.Executor { it.run() }
                        )
                        println("outcome ${store.apply(File(args[i + 2]).readBytes())}")
                        println("== update ${args[i + 2]}")
                        printAll(AppTheme(store.document, store.bundledDocument))
                        i += 4
                    }
                    "--script" -> {
                        runScript(args, i + 1)
                        i = args.size
                    }
                    else -> {
                        println("== ${args[i]}")
                        printAll(AppTheme(File(args[i]).readBytes()))
                        i += 1
                    }
                }
            }
        }

        """#

    static func kotlinFormat(_ v: String, kind: ContractKind) -> String {
        switch kind {
        case .color: "color(\(v))"
        case .palette: "\(v).shades.keys.sorted().joinToString(\";\") { it + \":\" + rgba(\(v).shades.getValue(it)) }"
        case .font: "font(\(v))"
        case .dimension: "n(\(v))"
        case .animation: "\(v).timings.keys.sorted().joinToString(\";\") { it + \":\" + n(\(v).timings.getValue(it)) }"
        case .image: "\(v).light + \"|\" + (\(v).dark ?: \"nil\")"
        case .flag(.boolean): "\(v).toString()"
        case .flag(.number): "n(\(v))"
        case .flag(.string): "s(\(v))"
        case .component: "\"\""
        }
    }

    static func kotlinFormat(_ v: String, component type: ComponentPropertyType) -> String {
        switch type {
        case .color: "color(\(v))"
        case .font: "font(\(v))"
        case .dimension, .number: "n(\(v))"
        case .shape: "shape(\(v))"
        case .string: "s(\(v))"
        case .boolean: "\(v).toString()"
        }
    }

    /// The Kotlin program's `--script STYLE VARIANTS KEY COUNTRY SECONDS` steps (`audience COUNTRY`,
    /// `clock SECONDS`, `apply ENVELOPE`): the app with the runtime and variants, whose store decides
    /// which variant it shows and whose theme is made again in the store's listener when that changes.
    static let kotlinScript = #"""
        fun runScript(args: Array<String>, first: Int) {
            val style = File(args[first]).readBytes()
            val id = dev.livery.runtime.LiveryStyle.decode(style).id
            var now = args[first + 4].toLong() * 1000
            val store = dev.livery.runtime.StyleStore(
                bundled = mapOf(id to style), selected = id, cache = null,
                trustedKeys = listOf(File(args[first + 2]).readText().trim()),
                listenerExecutor = java.util.concurrent.Executor { it.run() }, clock = { now },
                variants = mapOf(id to File(args[first + 1]).readBytes()),
                audience = dev.livery.runtime.VariantAudience("install-1", country = args[first + 3])
            )
            var theme = AppTheme(store.resolvedDocument, store.bundledDocument)
            var told = false
            store.addListener {
                theme = AppTheme(store.resolvedDocument, store.bundledDocument)
                told = true
            }
            var step = 0
            var outcome: String? = null
            fun show() {
                println("== step $step")
                println("variant=" + (store.activeVariant?.variant ?: "none"))
                outcome?.let { println("outcome=$it") }
                println("told=$told")
                printAll(theme)
                told = false
                outcome = null
                step += 1
            }
            show()
            var i = first + 5
            while (i + 1 < args.size) {
                when (args[i]) {
                    "audience" -> store.setAudience(dev.livery.runtime.VariantAudience("install-1", country = args[i + 1]))
                    "clock" -> {
                        now = args[i + 1].toLong() * 1000
                        store.reconsiderVariant()
                    }
                    "apply" -> {
                        val result = store.apply(File(args[i + 1]).readBytes())
                        outcome = if (result is dev.livery.runtime.UpdateOutcome.Applied) "applied" else result.toString()
                    }
                    else -> println("unknown step ${args[i]}")
                }
                i += 2
                show()
            }
        }

        """#

    /// The output of either program, by theme (`== …` header) and then path.
    static func parse(_ output: String) -> [String: [String: String]] {
        var themes: [String: [String: String]] = [:]
        var current = ""
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            themes[current, default: [:]][String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return themes
    }
}
