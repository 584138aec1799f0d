import LiveryJSON
import LiveryTargets
import LiveryText

/// How each report format shows a change of the app's contract (``ContractDiff``): before
/// the targets, since it concerns the app and every client at once; breaking, but for a
/// deprecation (docs/contract.md, "Deprecation").
enum ContractDiffRendering {
    /// `app contract targets/contract.json changed (2 tokens), breaking for the app`.
    static func heading(_ contract: ContractDiff) -> String {
        let count = contract.changes.count
        let tokens = count == 0 ? "" : " (\(count) token\(count == 1 ? "" : "s"))"
        return
            "app contract \(contract.file) \(contract.status.rawValue)\(tokens), \(contract.breaks ? "breaking for the app" : "a minor release for the app")"
    }

    /// `+ colors.accent  colour, requires dark`, `~ fonts.body  font → font, requires file`.
    static func declarationText(_ change: ContractChange) -> String {
        switch change.kind {
        case .added: change.new ?? ""
        case .removed: change.old ?? ""
        case .changed: "\(change.old ?? "") → \(change.new ?? "")"
        }
    }

    /// `BREAKING` for what breaks the app, `minor` for a deprecation (docs/contract.md, "Deprecation").
    static func label(_ breaks: Bool) -> String { breaks ? "BREAKING" : "minor" }

    static func mark(_ change: ContractChange) -> String {
        switch change.kind {
        case .added: "+"
        case .removed: "-"
        case .changed: "~"
        }
    }

    static func text(_ contract: ContractDiff, styler: Styler) -> String {
        var out = "\n" + styler(heading(contract), .heading) + "\n"
        out += "  " + styler("\(label(contract.breaks)): \(contract.breakingReason)", contract.breaks ? .problem : .changed) + "\n"
        if !contract.headErrors.isEmpty {
            out += "  errors in the contract:\n"
            for error in contract.headErrors { out += "    " + styler(DiffSummary.diagnosticLine(error), .problem) + "\n" }
        }
        for change in contract.changes {
            let emphasis: Emphasis = change.kind == .added ? .added : change.kind == .removed ? .removed : .changed
            out +=
                "    " + styler("\(mark(change)) \(change.path)", emphasis) + "  " + declarationText(change)
                + "  " + styler("\(label(change.breaks)): \(change.breakingReason)", change.breaks ? .problem : .changed) + "\n"
            for line in appUseLines(change, searched: contract.appSourcesSearched) { out += "        " + line + "\n" }
        }
        return out
    }

    static func markdown(_ contract: ContractDiff) -> String {
        var out =
            "\n\(contract.breaks ? "⚠️" : "ℹ️") **\(TextEscaping.markdown(heading(contract)))**: \(TextEscaping.markdown(contract.breakingReason))\n\n"
        for error in contract.headErrors { out += "- ❌ \(TextEscaping.markdown(DiffSummary.diagnosticLine(error)))\n" }
        if !contract.headErrors.isEmpty { out += "\n" }
        guard !contract.changes.isEmpty else { return out }
        out += "| | token | before | after | breaking |\n|---|---|---|---|---|\n"
        for change in contract.changes {
            let sign = change.kind == .added ? "➕" : change.kind == .removed ? "➖" : "✏️"
            out +=
                "| \(sign) | \(TextEscaping.markdown(change.path)) | \(change.old.map(TextEscaping.markdown) ?? "—") | \(change.new.map(TextEscaping.markdown) ?? "—") | \(change.breaks ? "⚠️" : "ℹ️") \(TextEscaping.markdown(change.breakingReason)) |\n"
        }
        for change in contract.changes where change.kind == .removed && contract.appSourcesSearched {
            out += "\n" + appUseLines(change, searched: true).map { "- " + TextEscaping.markdown($0) }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// `--app-sources`: the lines of app code that still read a removed token, at most
    /// `shownUses`, or that none does.
    static func appUseLines(_ change: ContractChange, searched: Bool) -> [String] {
        guard searched, change.kind == .removed else { return [] }
        guard !change.appUses.isEmpty else { return ["\(change.path): no line of the app's code reads it"] }
        var lines = change.appUses.prefix(shownUses).map { "\(change.path) read at \($0.file):\($0.line):\($0.column): \($0.text)" }
        if change.appUses.count > shownUses { lines.append("\(change.path): and \(change.appUses.count - shownUses) more lines") }
        return lines
    }

    static let shownUses = 50

    static func json(_ contract: ContractDiff?) -> JSONValue {
        guard let contract else { return .null }
        return .makeObject([
            ("file", .string(contract.file)),
            ("status", .string(contract.status.rawValue)),
            ("breaking", .bool(contract.breaks)),
            ("breakingReason", .string(contract.breakingReason)),
            (
                "changes",
                .makeArray(
                    contract.changes.map { change in
                        .makeObject(
                            [
                                ("path", .string(change.path)),
                                ("kind", .string(change.kind.rawValue)),
                                ("old", .optionalString(change.old)),
                                ("new", .optionalString(change.new)),
                                ("breakingReason", .string(change.breakingReason)),
                                ("breaking", .bool(change.breaks)),
                            ] + appUsesJSON(change, searched: contract.appSourcesSearched))
                    })
            ),
            ("errors", .makeArray(contract.headErrors.map(DiagnosticJSON.value))),
        ])
    }

    /// `appUses` of a removed token, when `--app-sources` searched: every line, not only those the text shows.
    static func appUsesJSON(_ change: ContractChange, searched: Bool) -> [(String, JSONValue)] {
        guard searched, change.kind == .removed else { return [] }
        let uses = change.appUses.map { use in
            JSONValue.makeObject([
                ("file", .string(use.file)), ("line", .integer(use.line)), ("column", .integer(use.column)),
                ("text", .string(use.text)),
            ])
        }
        return [("appUses", .makeArray(uses))]
    }

    static func html(_ contract: ContractDiff) -> String {
        var out = "<section class=\"contract\" id=\"contract\">\n<h2>\(TextEscaping.html(heading(contract)))</h2>\n"
        out +=
            "<p class=\"\(contract.breaks ? "breaking" : "minor")\">\(label(contract.breaks)): \(TextEscaping.html(contract.breakingReason))</p>\n"
        if !contract.headErrors.isEmpty {
            out += "<ul class=\"errors\">\n"
            for error in contract.headErrors { out += "<li>\(TextEscaping.html(DiffSummary.diagnosticLine(error)))</li>\n" }
            out += "</ul>\n"
        }
        if !contract.changes.isEmpty {
            out +=
                "<table class=\"changes\"><thead><tr><th></th><th>token</th><th>before</th><th>after</th><th>breaking</th></tr></thead><tbody>\n"
            for change in contract.changes {
                out += "<tr class=\"\(change.kind.rawValue)\"><td>\(mark(change))</td><td>\(TextEscaping.html(change.path))</td>"
                out += "<td>\(change.old.map(TextEscaping.html) ?? "—")</td><td>\(change.new.map(TextEscaping.html) ?? "—")</td>"
                out += "<td class=\"\(change.breaks ? "breaking" : "minor")\">\(TextEscaping.html(change.breakingReason))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        let uses = contract.changes.flatMap { appUseLines($0, searched: contract.appSourcesSearched) }
        if !uses.isEmpty { out += "<ul class=\"app-uses\">\n" + uses.map { "<li>\(TextEscaping.html($0))</li>\n" }.joined() + "</ul>\n" }
        return out + "</section>\n"
    }
}
