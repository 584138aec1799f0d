import Foundation
import LiveryTestSupport
import Testing

/// How `livery diff` reads a token renamed in a parent: one rename, breaking, named the same
/// in the text, JSON, Markdown and HTML reports and listed in the patch's `$renames`, also
/// when the palette the token points to moved in the same release.
extension DiffCommandTests {
    @Test func aTokenRenamedInAParentReadsAsARenameInEveryFormat() throws {
        let fixture = try repository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "colors": {"primary": {"light": "#111111", "dark": "#222222"}, "secondaryText": "#555555", "bg": "#FFFFFF", "accent": "#0000AA", "muted": "#999999"}, "components": {"text": {"body": {"background": "bg", "foreground": "primary"}, "caption": {"foreground": "secondaryText"}}}}"##
        )
        try fixture.commitAll("v2", tag: "v2")
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "colors": {"primary": {"light": "#111111", "dark": "#222222"}, "textSecondary": "#555555", "bg": "#FFFFFF", "accent": "#0000AA", "faded": "#999999"}, "components": {"text": {"body": {"background": "bg", "foreground": "primary"}, "caption": {"foreground": "textSecondary"}}}}"##
        )
        try fixture.commitAll("v3", tag: "v3")
        let text = try LiveryBinary.run(["diff", "v2", "v3"], in: fixture.path)
        #expect(
            text.stdout.contains("    ~ secondaryText → textSecondary  #555555  (via base)  BREAKING: renamed from secondaryText"),
            "\(text.stdout)")
        // Nothing referred to `muted`: its removal and `faded`'s addition are not guessed to be a rename.
        #expect(text.stdout.contains("- muted"), "\(text.stdout)")
        #expect(text.stdout.contains("+ faded"), "\(text.stdout)")
        #expect(!text.stdout.contains("- secondaryText") && !text.stdout.contains("+ textSecondary"), "\(text.stdout)")
        // The component that followed the token shows the same value: no change.
        #expect(!text.stdout.contains("caption"), "\(text.stdout)")
        let change = changes(targets(try json(try LiveryBinary.run(["diff", "v2", "v3", "--format", "json"], in: fixture.path)))["acme"])[
            "colors.textSecondary"]
        #expect(change?["kind"] as? String == "renamed")
        #expect(change?["renamedFrom"] as? String == "colors.secondaryText")
        #expect(change?["breaking"] as? Bool == true)
        let markdown = try LiveryBinary.run(["diff", "v2", "v3", "--format", "markdown"], in: fixture.path).stdout
        #expect(markdown.contains("colors.secondaryText → colors.textSecondary"), "\(markdown)")
        let html = try LiveryBinary.run(["diff", "v2", "v3", "--format", "html"], in: fixture.path).stdout
        #expect(
            html.replacingOccurrences(of: "<wbr>", with: "").contains(
                "<tr class=\"renamed\"><td class=\"mark\">~</td><td><code>colors.secondaryText → colors.textSecondary</code>"), "\(html)")
        // The patch deletes the old name and adds the new one, as a merge patch must, and
        // says in `$renames` that the two are one token.
        let patch = try json(try LiveryBinary.run(["diff", "v2", "v3", "--format", "patch"], in: fixture.path))
        let acme = patch["acme"] as? [String: Any]
        let colors = acme?["colors"] as? [String: Any]
        #expect(colors?["secondaryText"] is NSNull)
        #expect(colors?["textSecondary"] != nil, "\(patch)")
        let renames = patch["$renames"] as? [String: [String: String]]
        #expect(renames?["acme"] == ["colors.secondaryText": "colors.textSecondary"], "\(patch)")
        #expect(Set(renames?.keys ?? [:].keys) == Set(patch.keys.filter { !$0.hasPrefix("$") }), "every patched target lists its rename")
        #expect(try LiveryBinary.run(["diff", "v2", "v3", "--exit-code", "breaking"], in: fixture.path).status == 1)
    }

    @Test func aTokenRenamedWhileItsPaletteMovedIsARenameWithItsNewValueInEveryFormat() throws {
        let fixture = try repository()
        // The token is written the same in both revisions but for its key; `base` moves the palette it points to.
        func base(_ brand: String, _ token: String) -> String {
            ##"{"abstract": true, "palettes": {"brand": "\##(brand)"}, "colors": {"primary": {"light": "#111111", "dark": "#222222"}, "\##(token)": "{palettes.brand.light02}", "bg": "#FFFFFF", "accent": "#0000AA"}, "components": {"text": {"body": {"background": "bg", "foreground": "primary"}, "caption": {"foreground": "\##(token)"}}}}"##
        }
        try fixture.write("targets/base/style.json", base("#0A3D91", "secondaryText"))
        try fixture.commitAll("v2", tag: "v2")
        try fixture.write("targets/base/style.json", base("#7A1D21", "textSecondary"))
        try fixture.commitAll("v3", tag: "v3")
        let text = try LiveryBinary.run(["diff", "v2", "v3"], in: fixture.path).stdout
        #expect(!text.contains("- secondaryText") && !text.contains("+ textSecondary"), "\(text)")
        let line = try #require(text.split(separator: "\n").first { $0.contains("secondaryText → textSecondary") }, "\(text)")
        // Both values: the rename carries the value the moved palette gives it.
        #expect(line.contains(" → #") && line.contains("BREAKING: renamed from secondaryText"), "\(line)")
        let change = changes(targets(try json(try LiveryBinary.run(["diff", "v2", "v3", "--format", "json"], in: fixture.path)))["acme"])[
            "colors.textSecondary"]
        #expect(change?["kind"] as? String == "renamed")
        #expect(change?["renamedFrom"] as? String == "colors.secondaryText")
        #expect(change?["breaking"] as? Bool == true)
        #expect(
            change?["old"] != nil && String(describing: change?["old"]) != String(describing: change?["new"]),
            "\(String(describing: change))")
        let markdown = try LiveryBinary.run(["diff", "v2", "v3", "--format", "markdown"], in: fixture.path).stdout
        #expect(
            markdown.contains("colors.secondaryText → colors.textSecondary") && !markdown.contains("| ➖ | colors.secondaryText"),
            "\(markdown)")
        let html = try LiveryBinary.run(["diff", "v2", "v3", "--format", "html"], in: fixture.path).stdout.replacingOccurrences(
            of: "<wbr>", with: "")
        #expect(
            html.contains("<tr class=\"renamed\"><td class=\"mark\">~</td><td><code>colors.secondaryText → colors.textSecondary</code>"),
            "\(html)")
        let renames =
            try json(try LiveryBinary.run(["diff", "v2", "v3", "--format", "patch"], in: fixture.path))["$renames"]
            as? [String: [String: String]]
        #expect(renames?["acme"] == ["colors.secondaryText": "colors.textSecondary"])
    }
}
