import Foundation
import LiveryCore
import LiveryJSON
import Testing

/// The JSON rules an app's runtime shares with the CLI, kept as one file of
/// cases in `Tests/Fixtures/runtime-json/` so that every livery runtime (the
/// Kotlin one in `runtime/android` too) is held to the bytes and outcomes
/// LiveryCore gives: canonical bytes, what a strict reader refuses, merges
/// with replace keys and forbidden keys (the update envelope's own cases,
/// in `Tests/Fixtures/update-cases/`, cover the rest), and where a style fails to decode.
enum SharedJSONCases {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/runtime-json/cases.json")
    static let format = "livery-json-cases/1"

    /// Documents whose canonical bytes are checked: numbers, escapes, key order, white space.
    static let canonical: [(String, [UInt8])] = [
        (
            "numbers",
            Array(
                ##"[1.50, 1e2, -0, 0.0, 1E-7, 123456789012345678901234, 1.5e300, -12.50e3, 0.000001, 1e21, 1e400, 10e-1, 100, -3, 0.1e1, 5e-324]"##
                    .utf8)
        ),
        ("escapes", Array(##"["\u00e9\ud83d\ude00\u2028\u2029\u0001\u001f\/\"\\\b\f\n\r\t", "é😀 plain", "\u007f"]"##.utf8)),
        ("key-order", Array(##"{"b": 1, "a": 2, "é": 3, "\uffff": 4, "😀": 5, "B": 6, "": 7, "a\u0000": 8}"##.utf8)),
        ("empty-containers", Array(##"{"a": {}, "b": [], "c": [{}, []], "d": null, "e": true, "f": false}"##.utf8)),
        ("byte-order-mark", [0xEF, 0xBB, 0xBF] + Array("{\"x\": 1}".utf8)),
        ("white-space", Array("\r\n\t {\"x\" :\r[ 1 ,\n2 ] }\n\n".utf8)),
        ("style", CanonicalJSON.bytes(Fixtures.v1)),
    ]

    /// Bytes a strict reader refuses.
    static let invalid: [(String, [UInt8])] = [
        ("duplicate-key", Array(##"{"a": 1, "a": 2}"##.utf8)),
        ("trailing-comma", Array(##"{"a": 1,}"##.utf8)),
        ("comment", Array("{\"a\": 1 // one\n}".utf8)),
        ("leading-zero", Array("[01]".utf8)),
        ("lone-surrogate", Array(##"["\ud800"]"##.utf8)),
        ("invalid-utf8", [0x22, 0xC3, 0x28, 0x22]),
        ("encoded-surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22]),
        ("unquoted-key", Array("{a: 1}".utf8)),
        ("single-quotes", Array("{'a': 1}".utf8)),
        ("nan", Array("[NaN]".utf8)),
        ("trailing-garbage", Array("{} x".utf8)),
        ("too-deep", Array(String(repeating: "[", count: 600).utf8) + Array(String(repeating: "]", count: 600).utf8)),
        ("control-character", [0x22, 0x01, 0x22]),
        ("bad-escape", Array(##"["\x41"]"##.utf8)),
        ("full-width-hex", Array(##"["\u００４１"]"##.utf8)),
        ("empty", []),
        ("hex-number", Array("[0x10]".utf8)),
        ("plus-number", Array("[+1]".utf8)),
        ("point-without-digits", Array("[1.]".utf8)),
    ]

    /// Patches merged into v1 with the built-in rules.
    static let merges: [(String, String)] = [
        ("replace-colour", ##"{"colors": {"primary": {"light": "#000000", "dark": "#FFFFFF"}}}"##),
        ("delete-and-add", ##"{"dimensions": {"radiusS": null, "spacingL": 24.50}}"##),
        ("nested-component", ##"{"components": {"button": {"primary": {"label": "Pay", "opacity": null}}}}"##),
        ("replace-shape", ##"{"components": {"button": {"primary": {"shape": {"roundedRectangle": {"cornerRadius": 12, "x": null}}}}}}"##),
        ("forbidden-bundle-id", ##"{"app": {"bundleId": "com.evil.bank"}}"##),
        ("forbidden-font-file", ##"{"fonts": {"body": {"file": "assets/Other.ttf"}}}"##),
        ("forbidden-id-and-icon", ##"{"id": "other", "appIcon": null}"##),
        ("new-section", ##"{"evil": {"payload": 1}, "zzz": []}"##),
        ("delete-everything-forbidden", ##"{"app": null, "fonts": null}"##),
    ]

    /// Styles that do not decode (or do), with the pointer of the first bad value.
    static let styles: [(String, String)] = [
        ("valid", Fixtures.v1Text),
        ("no-id", ##"{"app": {}}"##),
        ("short-colour", ##"{"id": "a", "colors": {"x": {"light": "#FFF", "dark": "#000000"}}}"##),
        ("extra-appearance", ##"{"id": "a", "colors": {"x": {"light": "#FFFFFF", "dark": "#000000", "dim": "#111111"}}}"##),
        ("font-size-zero", ##"{"id": "a", "fonts": {"f": {"family": "Inter", "size": 0, "weight": "bold"}}}"##),
        ("unknown-weight", ##"{"id": "a", "fonts": {"f": {"family": "Inter", "size": 12, "weight": "fat"}}}"##),
        ("alias-left", ##"{"id": "a", "fonts": {"f": {"family": "{fonts.body}", "size": 12, "weight": "bold"}}}"##),
        ("flag-null", ##"{"id": "a", "flags": {"x": null}}"##),
        ("bad-shape", ##"{"id": "a", "components": {"button": {"primary": {"shape": "star"}}}}"##),
        ("palette-not-object", ##"{"id": "a", "palettes": {"brand": "#FFFFFF"}}"##),
        ("dimension-string", ##"{"id": "a", "dimensions": {"s": "16"}}"##),
        ("dimension-out-of-range", ##"{"id": "a", "dimensions": {"s": 1e400}}"##),
        ("image-without-light", ##"{"id": "a", "images": {"logo": {"dark": "a.png"}}}"##),
        ("component-unknown-object", ##"{"id": "a", "components": {"card": {"plain": {"x": {"y": 1}}}}}"##),
        ("second-bad-value", ##"{"id": "a", "dimensions": {"ok": 1, "bad": true}}"##),
        ("newer-section-ignored", ##"{"id": "a", "gradients": {"x": 1}}"##),
        (
            "wide-colours",
            ##"{"id": "a", "colors": {"x": {"light": "color(display-p3 1 0 0)", "dark": "oklch(0.7 0.1 200 / 50%)"}}, "palettes": {"p": {"base": "oklch(0.5 0.2 30)"}}}"##
        ),
        ("wide-colour-out-of-range", ##"{"id": "a", "colors": {"x": {"light": "#FFFFFF", "dark": "oklch(0.7 0.9 200)"}}}"##),
        ("wide-colour-malformed", ##"{"id": "a", "palettes": {"p": {"base": "color(display-p3 1 0)"}}}"##),
        ("wide-colour-unknown-space", ##"{"id": "a", "colors": {"x": {"light": "color(srgb 1 0 0)", "dark": "#000000"}}}"##),
        (
            "postscript-name-number",
            ##"{"id": "a", "fonts": {"f": {"family": "Inter", "size": 12, "weight": "bold", "file": "f.otf", "postScriptName": 7}}}"##
        ),
    ]

    /// Font tokens as a style.json holds them, and the name every runtime finds
    /// each by: the bundled file's PostScript name (and on Android the resource
    /// the bundle gives the file), the family only for a font without a file.
    /// The families differ from the names on purpose: a lookup by family fails.
    static let fonts: [String] = [
        ##"{"family": "Brand Sans", "file": "fonts/BrandSans-Bold.otf", "postScriptName": "BrandSans-Bold", "size": 17, "weight": "bold"}"##,
        ##"{"family": "Liberation Serif", "file": "fonts/serif.ttf", "postScriptName": "LiberationSerif-Italic", "size": 12, "weight": "regular"}"##,
        ##"{"family": "Numbers", "file": "fonts/n.ttf", "postScriptName": "3Dumb_Display.Wide", "size": 12, "weight": "regular"}"##,
        ##"{"family": "Georgia", "size": 12, "weight": "regular"}"##,
        ##"{"family": "System", "size": 12, "weight": "medium"}"##,
    ]

    /// Colours as a style.json may hold them, and what every runtime reads from
    /// each: the space, the components and alpha, the sRGB fallback (CSS Color 4
    /// gamut mapping, 8 bits) and the Display P3 components an app draws with.
    static let colors: [String] = [
        "#11A4D6", "#0B5FFF80",
        "color(display-p3 1 0 0)", "color(display-p3 0 1 0)", "color(display-p3 0.2 0.4 0.9 / 0.5)", "color(display-p3 .25 50% 1.0)",
        "color(display-p3 0.465377 0.532768 0.317713)",
        "oklch(0.627955 0.257683 29.2339)", "oklch(84.883% 0.36853 145.645 / 80%)", "oklch(0.7 0.3 250)",
        "oklch(0.55 0.32 330)", "oklch(0.9 0.2 100)", "oklch(1 0.3 20)", "oklch(0 0.3 20)", "oklch(42.1% 48.25% 328.4)",
    ]

    /// A number the way both runtimes compare it: rounded to 6 decimals.
    static func rounded(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: String(format: "%.6f", value)))
    }

    static func base64(_ bytes: [UInt8]) -> JSONValue { .string(Data(bytes).base64EncodedString()) }

    /// The whole file, as LiveryCore computes it.
    static func document() -> [UInt8] {
        let canonicalCases: [JSONValue] = canonical.map { name, input in
            let output = (try? CanonicalJSON.parse(input)).map(CanonicalJSON.bytes)
            return .makeObject([
                ("name", .string(name)), ("input", base64(input)),
                ("canonical", output.map(base64) ?? .null),
                ("digest", output.map { .string(CanonicalJSON.digest($0)) } ?? .null),
            ])
        }
        let invalidCases: [JSONValue] = invalid.map { name, input in
            .makeObject([("name", .string(name)), ("input", base64(input)), ("refused", .bool((try? CanonicalJSON.parse(input)) == nil))])
        }
        let v1 = Fixtures.v1
        let mergeCases: [JSONValue] = merges.map { name, patchText in
            let patch = Fixtures.json(patchText)
            let merged = MergeRules.builtIn.apply(patch, to: v1)
            return .makeObject([
                ("name", .string(name)), ("document", v1), ("patch", patch),
                ("result", merged.map { base64(CanonicalJSON.bytes($0)) } ?? .null),
                (
                    "forbidden",
                    .makeArray((merged.map { MergeRules.builtIn.forbiddenChanges(from: v1, to: $0) } ?? []).map(JSONValue.string))
                ),
            ])
        }
        let styleCases: [JSONValue] = styles.map { name, text in
            let pointer: JSONValue
            do throws(LiveryStyleError) {
                _ = try LiveryStyle(document: Data(text.utf8))
                pointer = .null
            } catch {
                pointer = .string(error.pointer)
            }
            return .makeObject([("name", .string(name)), ("input", base64(Array(text.utf8))), ("errorPointer", pointer)])
        }
        let colorCases: [JSONValue] = colors.compactMap { text in
            guard case .success(let color) = ColorValue.parse(text) else { return nil }
            let p3 = color.displayP3
            return .makeObject([
                ("input", .string(text)), ("space", .string(color.space.rawValue)),
                ("components", .makeArray(color.components.map(rounded))), ("alpha", rounded(color.alpha)),
                ("text", .string(color.text)), ("srgb", .string(color.srgb.hex)), ("outsideSRGB", .bool(color.isOutsideSRGB)),
                ("displayP3", .makeArray([p3.red, p3.green, p3.blue].map(rounded))),
            ])
        }
        let fontCases: [JSONValue] = fonts.compactMap { text in
            let style = #"{"id": "a", "fonts": {"f": "# + text + "}}"
            guard let font = (try? LiveryStyle(document: Data(style.utf8)))?.fonts["f"] else { return nil }
            return .makeObject([
                ("input", Fixtures.json(text)), ("lookupName", .string(font.lookupName)),
                ("androidResource", font.androidResource.map(JSONValue.string) ?? .null),
            ])
        }
        return CanonicalJSON.bytes(
            .makeObject([
                ("format", .string(format)),
                ("colors", .makeArray(colorCases)),
                ("fonts", .makeArray(fontCases)),
                ("canonical", .makeArray(canonicalCases)),
                ("invalid", .makeArray(invalidCases)),
                ("merges", .makeArray(mergeCases)),
                ("styles", .makeArray(styleCases)),
            ]))
    }
}

@Suite("The shared JSON cases")
struct SharedJSONCaseTests {
    @Test func theFileIsWhatLiveryCoreGives() throws {
        let generated = SharedJSONCases.document()
        if ProcessInfo.processInfo.environment["LIVERY_WRITE_RUNTIME_JSON_CASES"] == "1" {
            try FileManager.default.createDirectory(at: SharedJSONCases.file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(generated).write(to: SharedJSONCases.file)
        }
        let onDisk = try #require(FileManager.default.contents(atPath: SharedJSONCases.file.path), "missing \(SharedJSONCases.file.path)")
        #expect(Array(onDisk) == generated, "cases.json differs from what LiveryCore gives (LIVERY_WRITE_RUNTIME_JSON_CASES=1 rewrites it)")
    }

    @Test func theCasesCoverEveryOutcome() throws {
        let value = try CanonicalJSON.parse(SharedJSONCases.document())
        let object = try #require(value.objectValue)
        // Every invalid input is refused, and both kinds of merge outcome appear.
        let invalid = try #require(object["invalid"]?.value.arrayValue)
        #expect(invalid.allSatisfy { $0.value.objectValue?["refused"]?.value == .bool(true) })
        let merges = try #require(object["merges"]?.value.arrayValue)
        #expect(merges.contains { $0.value.objectValue?["forbidden"]?.value.arrayValue?.isEmpty == false })
        #expect(merges.contains { $0.value.objectValue?["forbidden"]?.value.arrayValue?.isEmpty == true })
        let styles = try #require(object["styles"]?.value.arrayValue)
        #expect(styles.contains { $0.value.objectValue?["errorPointer"]?.value == .null })
        #expect(styles.filter { $0.value.objectValue?["errorPointer"]?.value != .null }.count >= 10)
        let colors = try #require(object["colors"]?.value.arrayValue)
        #expect(colors.count == SharedJSONCases.colors.count)
        #expect(colors.contains { $0.value.objectValue?["outsideSRGB"]?.value == .bool(true) })
        #expect(object["fonts"]?.value.arrayValue?.count == SharedJSONCases.fonts.count)
    }

    /// A bundled font is found by its file's PostScript name, never by its family
    /// (asked for a family, UIKit and SwiftUI quietly draw the system font).
    @Test func aBundledFontIsFoundByItsPostScriptName() throws {
        let style = try LiveryStyle(document: Data(#"{"id": "a", "fonts": {"f": \#(SharedJSONCases.fonts[0])}}"#.utf8))
        let font = try #require(style.fonts["f"])
        #expect(font.postScriptName == "BrandSans-Bold")
        #expect(font.lookupName == "BrandSans-Bold")
        #expect(font.lookupName != font.family)
        #expect(font.androidResource == "brandsans_bold")
        let installed = try #require(
            try LiveryStyle(document: Data(#"{"id": "a", "fonts": {"f": \#(SharedJSONCases.fonts[3])}}"#.utf8)).fonts["f"])
        #expect(installed.lookupName == "Georgia" && installed.androidResource == nil)
    }
}
