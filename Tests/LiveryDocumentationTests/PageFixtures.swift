import Foundation
import LiveryTestSupport

/// What a page's shell examples read beyond this repository's targets and templates: the files
/// and revisions the page names, made in the fixture before a block runs.
enum PageFixtures {
    static func prepare(page: String, example: ShellExample, fixture: FixtureRepository, home: String) throws {
        switch page {
        case "README.md":
            // "design/tokens.resolver.json": a multi-brand DTCG export with a `brand` modifier.
            try DTCGMultiBrandExample.write(to: fixture.path + "/design")
            try FileManager.default.copyItem(
                atPath: fixture.path + "/design/resolver.json", toPath: fixture.path + "/design/tokens.resolver.json")
            if example.body.contains("livery import dtcg") {
                // The import is shown in a repository without an app's contract: the example's brands
                // do not have the demo contract's tokens, and the contract would refuse them (as it should).
                try fixture.remove("targets/contract.json")
                _ = try fixture.commitAll("no app contract")
            }
        case "docs/import.md" where example.body.contains("design/"):
            // The page imports into a repository that has no targets yet, so no contract of this one's.
            try fixture.remove("targets")
            try fixture.remove("templates")
            try DTCGMultiBrandExample.write(to: fixture.path + "/design")
            try DTCGSevenContextsExample.write(to: fixture.path + "/design")
        case "docs/variants.md":
            try holidayVariant(in: fixture)
        case "docs/app-theme.md":
            _ = try fixture.git(["tag", "v4"])
        case "docs/runtime.md":
            try secondRevision(of: fixture, home: home)
        case "docs/contract.md" where example.body.contains("livery contract init"):
            // The page's init makes a repository's first contract.
            try fixture.remove("targets/contract.json")
            _ = try fixture.commitAll("no contract yet")
        default:
            break
        }
    }

    /// The page's client `acme` with its `holiday` variant, whose `variant.json` is the page's own.
    static func holidayVariant(in fixture: FixtureRepository) throws {
        let page = try String(contentsOf: ShellExampleTests.projectRoot.appendingPathComponent("docs/variants.md"), encoding: .utf8)
        guard
            let condition = page.components(separatedBy: "`variants/<name>/variant.json`:\n\n```json\n").dropFirst().first?
                .components(separatedBy: "\n```").first
        else {
            throw FixtureError("docs/variants.md no longer shows a variant.json after \"`variants/<name>/variant.json`:\"")
        }
        // acme is a copy of verde-grocers under its own bundle id, so it meets the app's contract.
        let client = fixture.path + "/targets/verde-grocers"
        try FileManager.default.copyItem(atPath: client, toPath: fixture.path + "/targets/acme")
        let style = try String(contentsOfFile: client + "/style.json", encoding: .utf8)
        try fixture.write("targets/acme/style.json", style.replacingOccurrences(of: "com.example.verdegrocers", with: "com.acme.app"))
        try fixture.write("targets/acme/variants/holiday/style.json", ##"{"flags": {"animatedSplash": true}}"##)
        try fixture.write("targets/acme/variants/holiday/variant.json", condition)
        _ = try fixture.commitAll("acme and its holiday variant")
    }

    /// v1 is this repository; at v2 base's splash animates, and a signing key is at hand.
    static func secondRevision(of fixture: FixtureRepository, home: String) throws {
        // A flag every client inherits from base turns on: a change an update may carry.
        let style = try String(contentsOfFile: fixture.path + "/targets/base/style.json", encoding: .utf8)
        let changed = style.replacingOccurrences(of: "\"animatedSplash\": false", with: "\"animatedSplash\": true")
        guard changed != style else { throw FixtureError("targets/base/style.json no longer has \"animatedSplash\": false") }
        try fixture.write("targets/base/style.json", changed)
        _ = try fixture.commitAll("the splash animates", tag: "v2")
        let keys = try TemporaryDirectory()
        let generated = try LiveryBinary.run(["keys", "generate", "--output", keys.path])
        guard generated.status == 0 else { throw FixtureError("livery keys generate: \(generated.stderr)") }
        try FileManager.default.copyItem(atPath: keys.path + "/signing.key", toPath: fixture.path + "/signing.key")
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
