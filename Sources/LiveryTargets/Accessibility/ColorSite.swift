import LiveryCore
import LiveryJSON

/// Where a colour token's appearance is written in a target's merged document (whose
/// nodes keep the file, line and column that wrote them), to place a contrast finding
/// and its fix there. Pure.
enum ColorSite {
    /// The value `colors.<name>` holds for `appearance`, a high-contrast appearance
    /// falling back to light or dark as every platform does; nil when it is not there.
    static func value(of name: String, appearance: String, in root: JSONObject) -> ContrastCause.Step? {
        guard let node = root["colors"]?.value.objectValue?[name] else { return nil }
        guard case .object(let appearances) = node.value else { return ContrastCause.Step(node: node, pointer: ["colors", name]) }
        let fallback = appearance == "highContrastLight" ? "light" : appearance == "highContrastDark" ? "dark" : appearance
        let slot = appearances[appearance] != nil ? appearance : fallback
        guard let chosen = appearances[slot] else { return nil }
        return ContrastCause.Step(node: chosen, pointer: ["colors", name, slot])
    }

    /// The value to replace to change the colour: the hex or wide literal its alias chain
    /// ends in when that is a colour token's own value, else the token's value itself (an
    /// alias, or a palette shade, which the fix replaces with the colour).
    static func replaceable(_ name: String, appearance: String, in root: JSONObject) -> ContrastCause.Step? {
        guard let own = value(of: name, appearance: appearance, in: root) else { return nil }
        let steps = ContrastCause.trace(property: own.node, pointer: own.pointer, appearance: appearance, in: root)
        if let last = steps.last, last.pointer.first == "colors", let text = last.node.value.stringValue,
            RGBA(hex: text) != nil || ColorValue.isWideSyntax(text)
        {
            return last
        }
        return own.node.value.stringValue == nil ? nil : own
    }

    /// The colour literal a component property's value leads to through its aliases, when
    /// that is a colour token's own value or the property's; else the property itself.
    static func literal(of property: JSONNode, pointer: [String], appearance: String, in root: JSONObject) -> ContrastCause.Step {
        let steps = ContrastCause.trace(property: property, pointer: pointer, appearance: appearance, in: root)
        if let last = steps.last, last.pointer.first == "colors" || steps.count == 1, let text = last.node.value.stringValue,
            RGBA(hex: text) != nil || ColorValue.isWideSyntax(text)
        {
            return last
        }
        return ContrastCause.Step(node: property, pointer: pointer)
    }

    /// A fix writing `value` over the string at `step`.
    static func fix(_ description: String, value: ColorValue, at step: ContrastCause.Step) -> DiagnosticFix? {
        guard let written = step.node.value.stringValue else { return nil }
        let location = step.node.location
        // The value is a JSON string without escapes (a colour or an alias): its quotes and characters.
        return DiagnosticFix(
            description, replacement: "\"\(value.text)\"", file: location.file, line: location.line, column: location.column,
            endColumn: location.column + written.unicodeScalars.count + 2, pointer: JSONPointer(tokens: step.pointer))
    }
}
