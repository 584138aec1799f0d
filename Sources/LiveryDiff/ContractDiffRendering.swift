import LiveryJSON
import LiveryTargets
import LiveryText

/// How each report format shows a change of the app's contract (``ContractDiff``): before
/// the targets, since it concerns the app and every client at once, and always breaking.
enum ContractDiffRendering {
    /// `app contract targets/contract.json changed (2 tokens), breaking for the app`.
    static func heading(_ contract: ContractDiff) -> String {
        let count = contract.changes.count
        let tokens = count == 0 ? "" : " (\(count) token\(count == 1 ? "" : "s"))"
        return "app contract \(contract.file) \(contract.status.rawValue)\(tokens), breaking for the app"
    }

    /// `+ colors.accent  colour, requires dark`, `~ fonts.body  font → font, requires file`.
    static func declarationText(_ change: ContractChange) -> String {
        switch change.kind {
        case .added: change.new ?? ""
        case .removed: change.old ?? ""
        case .changed: "\(change.old ?? "") → \(change.new ?? "")"
        }
    }

    static func mark(_ change: ContractChange) -> String {
        switch change.kind {
        case .added: "+"
        case .removed: "-"
        case .changed: "~"
        }
    }

    static func text(_ contract: ContractDiff, styler: Styler) -> String {
        var out = "\n" + styler(heading(contract), .heading) + "\n"
        out += "  " + styler("BREAKING: \(contract.breakingReason)", .problem) + "\n"
        if !contract.headErrors.isEmpty {
            out += "  errors in the contract:\n"
            for error in contract.headErrors { out += "    " + styler(DiffSummary.diagnosticLine(error), .problem) + "\n" }
        }
        for change in contract.changes {
            let emphasis: Emphasis = change.kind == .added ? .added : change.kind == .removed ? .removed : .changed
            out +=
                "    " + styler("\(mark(change)) \(change.path)", emphasis) + "  " + declarationText(change)
                + "  " + styler("BREAKING: \(change.breakingReason)", .problem) + "\n"
        }
        return out
    }

    static func markdown(_ contract: ContractDiff) -> String {
        var out = "\n⚠️ **\(TextEscaping.markdown(heading(contract)))**: \(TextEscaping.markdown(contract.breakingReason))\n\n"
        for error in contract.headErrors { out += "- ❌ \(TextEscaping.markdown(DiffSummary.diagnosticLine(error)))\n" }
        if !contract.headErrors.isEmpty { out += "\n" }
        guard !contract.changes.isEmpty else { return out }
        out += "| | token | before | after | breaking |\n|---|---|---|---|---|\n"
        for change in contract.changes {
            let sign = change.kind == .added ? "➕" : change.kind == .removed ? "➖" : "✏️"
            out +=
                "| \(sign) | \(TextEscaping.markdown(change.path)) | \(change.old.map(TextEscaping.markdown) ?? "—") | \(change.new.map(TextEscaping.markdown) ?? "—") | ⚠️ \(TextEscaping.markdown(change.breakingReason)) |\n"
        }
        return out
    }

    static func json(_ contract: ContractDiff?) -> JSONValue {
        guard let contract else { return .null }
        return .makeObject([
            ("file", .string(contract.file)),
            ("status", .string(contract.status.rawValue)),
            ("breaking", .bool(true)),
            ("breakingReason", .string(contract.breakingReason)),
            (
                "changes",
                .makeArray(
                    contract.changes.map { change in
                        .makeObject([
                            ("path", .string(change.path)),
                            ("kind", .string(change.kind.rawValue)),
                            ("old", .optionalString(change.old)),
                            ("new", .optionalString(change.new)),
                            ("breakingReason", .string(change.breakingReason)),
                        ])
                    })
            ),
            ("errors", .makeArray(contract.headErrors.map(DiagnosticJSON.value))),
        ])
    }

    static func html(_ contract: ContractDiff) -> String {
        var out = "<section class=\"contract\" id=\"contract\">\n<h2>\(TextEscaping.html(heading(contract)))</h2>\n"
        out += "<p class=\"breaking\">BREAKING: \(TextEscaping.html(contract.breakingReason))</p>\n"
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
                out += "<td class=\"breaking\">\(TextEscaping.html(change.breakingReason))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        return out + "</section>\n"
    }
}
