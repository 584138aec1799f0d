import Foundation

/// livery's own demo targets (this repository's `targets/`) as a history of two tagged
/// revisions, for the tests that compare what livery says about a release of them: the
/// golden reports and `livery diff --visual`.
public enum DemoHistory {
    /// This repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The demo targets no longer hold what v2 edits: the history would not be the one described.
    public struct StaleDemo: Error, CustomStringConvertible {
        public var description: String
    }

    /// A repository of the demo targets at v1, and at v2 with a palette, a shared dimension, a
    /// font size and an image changed, a client added, and the app's contract changed (a token
    /// dropped, one described, `colors.warning` deprecated in favour of `colors.caution`).
    public static func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        let demo = try FileTree.contents(under: root + "/targets")
        for (path, bytes) in demo { try fixture.write("targets/" + path, Array(bytes)) }
        // acme-bank's variants: between v1 and v2 one has its dates moved, one its colour changed,
        // one is removed and one added, so each kind of variant change is in the reports.
        let variants = "targets/acme-bank/variants/"
        func variant(_ name: String, _ definition: String, _ style: String) throws {
            try fixture.write(variants + name + "/variant.json", definition)
            try fixture.write(variants + name + "/style.json", style)
        }
        let accent = ##"{"colors": {"accent": {"light": "#B03A2E", "dark": "#E74C3C"}}}"##
        try variant(
            "holiday", ##"{"when": {"from": "2026-12-01T00:00", "until": "2026-12-27T00:00", "timeZone": "Europe/Paris"}, "order": 10}"##,
            accent)
        try variant("cta-control", ##"{"experiment": {"id": "cta-2026", "weight": 50}, "order": 20}"##, "{}")
        try variant(
            "cta-gold", ##"{"experiment": {"id": "cta-2026", "weight": 50}, "order": 20}"##, ##"{"dimensions": {"buttonHeight": 52}}"##)
        try variant(
            "night-owl", ##"{"when": {"countries": ["IS", "NO"]}, "order": 30}"##,
            ##"{"colors": {"surface": {"light": "#E8ECF2", "dark": "#10141C"}}}"##)
        // At v1 the contract has `caution` and `warning` side by side and the shared style writes
        // both; v2 deprecates `warning` in favour of `caution`, and the style writes only the new
        // name, which gives every client both (docs/contract.md, "Deprecation").
        try fixture.write("targets/contract.json", try v1Contract(demo))
        try fixture.write("targets/base/style.json", try v1Base(demo))
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/contract.json", Array(demo["contract.json"] ?? Data()))
        try fixture.write("targets/base/style.json", Array(demo["base/style.json"] ?? Data()))
        try variant(
            "holiday", ##"{"when": {"from": "2026-12-01T00:00", "until": "2027-01-02T00:00", "timeZone": "Europe/Paris"}, "order": 10}"##,
            accent)
        try variant(
            "cta-gold", ##"{"experiment": {"id": "cta-2026", "weight": 50}, "order": 20}"##, ##"{"dimensions": {"buttonHeight": 56}}"##)
        try fixture.remove(variants + "night-owl")
        try variant(
            "spring", ##"{"when": {"from": "2027-03-20T00:00", "until": "2027-04-03T00:00"}, "order": 40}"##,
            ##"{"colors": {"accent": {"light": "#1E8449", "dark": "#58D68D"}}}"##)

        var edited: [String: String] = [:]
        func edit(_ path: String, _ from: String, _ to: String) throws {
            guard let text = edited[path] ?? demo[path].map({ String(decoding: $0, as: UTF8.self) }), text.contains(from) else {
                throw StaleDemo(description: "\(path) has no \(from)")
            }
            edited[path] = text.replacingOccurrences(of: from, with: to)
            try fixture.write("targets/" + path, edited[path] ?? text)
        }
        try edit("acme-bank/style.json", ##""brand": "#0A3D91""##, ##""brand": "#0B4FA0""##)
        try edit("acme-bank/style.json", #""size": 22"#, #""size": 24"#)
        try edit("banks/style.json", #""radiusM": 8"#, #""radiusM": 10"#)
        try edit("contract.json", #"    "citrus": {"optional": true},"# + "\n", "")
        try edit(
            "contract.json", #""premiumCard": {"optional": true}"#,
            #""premiumCard": {"optional": true, "description": "The premium account's card"}"#)
        guard let splashDark = demo["verde-grocers/assets/splash-dark.png"] else {
            throw StaleDemo(description: "verde-grocers/assets/splash-dark.png is missing")
        }
        try fixture.write("targets/verde-grocers/assets/splash.png", Array(splashDark))
        for (path, bytes) in demo where path.hasPrefix("verde-grocers/") {
            let copy = "targets/verde-express/" + path.dropFirst("verde-grocers/".count)
            if path == "verde-grocers/style.json" {
                let text = String(decoding: bytes, as: UTF8.self)
                    .replacingOccurrences(of: "Verde Grocers", with: "Verde Express")
                    .replacingOccurrences(of: "verdegrocers", with: "verdeexpress")
                try fixture.write(copy, text)
            } else {
                try fixture.write(copy, Array(bytes))
            }
        }
        try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    /// The demo's contract before the deprecation: `caution` and `warning` side by side.
    static func v1Contract(_ demo: [String: Data]) throws -> String {
        let text = String(decoding: demo["contract.json"] ?? Data(), as: UTF8.self)
        guard text.contains(#""caution": {"requires": ["dark"]},"#),
            let start = text.range(of: #""warning": {"requires": ["dark"], "deprecated""#)
        else {
            throw StaleDemo(description: "contract.json does not deprecate warning in favour of caution")
        }
        let line = text[start.lowerBound...].prefix { $0 != "\n" }
        return text.replacingOccurrences(of: line, with: #""warning": {"requires": ["dark"]}"#)
    }

    /// The shared style before the deprecation: it writes `warning` beside `caution`, with one value.
    static func v1Base(_ demo: [String: Data]) throws -> String {
        let text = String(decoding: demo["base/style.json"] ?? Data(), as: UTF8.self)
        guard let start = text.range(of: #""caution": {"#) else { throw StaleDemo(description: "base/style.json has no caution") }
        let line = String(text[start.lowerBound...].prefix { $0 != "\n" })
        return text.replacingOccurrences(
            of: line, with: line + "\n    " + line.replacingOccurrences(of: #""caution""#, with: #""warning""#))
    }
}
