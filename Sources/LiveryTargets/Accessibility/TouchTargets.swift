import LiveryCore
import LiveryJSON

/// The components the contract marks interactive, held to the least size a finger can
/// hit: 44×44 pt on iOS (Apple's Human Interface Guidelines) and 48×48 dp on Android
/// (Material), one number in livery's points serving both. A component's height is its
/// `height` or `size` (at least its `minHeight`), else its `minHeight`, else its `padding`
/// above and below a line of its `font` (1.2 × the size); its width is its `width` or
/// `size` (at least `minWidth`), else `minWidth`; a side none of these sets is not
/// judged (a text button is as wide as its label). Pure.
package enum TouchTargets {
    package static let iOSMinimum = 44.0
    package static let androidMinimum = 48.0

    package struct Failure: Sendable, Hashable {
        /// `kind.variant`.
        package var component: String
        /// `height` or `width`.
        package var side: String
        package var size: Double
        /// The property whose value gives the size (`height`, `minHeight`, `padding`…).
        package var property: String
    }

    package static func failures(components: [String: [String: [String: ResolvedComponentValue]]], interactive: [String]) -> [Failure] {
        var found: [Failure] = []
        for name in interactive.sorted() {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, let properties = components[parts[0]]?[parts[1]] else { continue }
            for (side, measured) in [("height", height(properties)), ("width", width(properties))] {
                guard let measured, measured.size < androidMinimum else { continue }
                found.append(Failure(component: name, side: side, size: measured.size, property: measured.property))
            }
        }
        return found
    }

    static func number(_ value: ResolvedComponentValue?) -> Double? {
        switch value {
        case .dimension(let number, _)?, .number(let number)?: number
        default: nil
        }
    }

    /// The larger of the fixed sizes, raised to the minimum; the property that gives it.
    static func side(_ properties: [String: ResolvedComponentValue], fixed: [String], minimum: String) -> (size: Double, property: String)?
    {
        let sizes = fixed.compactMap { key in number(properties[key]).map { ($0, key) } }
        let least = number(properties[minimum])
        if let largest = sizes.max(by: { $0.0 < $1.0 }) {
            if let least, least > largest.0 { return (least, minimum) }
            return largest
        }
        return least.map { ($0, minimum) }
    }

    static func height(_ properties: [String: ResolvedComponentValue]) -> (size: Double, property: String)? {
        let set = side(properties, fixed: ["height", "size"], minimum: "minHeight")
        if let set, set.property != "minHeight" { return set }
        guard let padding = number(properties["padding"]), case .font(let font, _)? = properties["font"] else { return set }
        let content = 2 * padding + 1.2 * font.size
        if let set, set.size >= content { return set }
        return (content, "padding")
    }

    static func width(_ properties: [String: ResolvedComponentValue]) -> (size: Double, property: String)? {
        side(properties, fixed: ["width", "size"], minimum: "minWidth")
    }

    /// `touch-target` warnings, each at the property that gives the size (the component
    /// when it is not written there), with a fix raising a number written in the file to 48.
    package static func diagnostics(_ failures: [Failure], document: JSONNode, target: String) -> [Diagnostic] {
        let root = document.value.objectValue ?? JSONObject()
        return failures.map { failure in
            let parts = failure.component.split(separator: ".", maxSplits: 1).map(String.init)
            let pointer = ["components"] + parts + [failure.property]
            let node = root["components"]?.value.objectValue?[parts[0]]?.value.objectValue?[parts[1]]?.value.objectValue?[failure.property]
            let settable = failure.property != "padding"
            var message =
                "components.\(failure.component) is \(SizeText.number(failure.size)) pt \(failure.side == "height" ? "high" : "wide") (from its \(failure.property)), below \(failure.size < iOSMinimum ? "44×44 pt on iOS and " : "")48×48 dp on Android"
            message +=
                settable ? "; make its \(failure.property) 48" : "; give it a min\(failure.side == "height" ? "Height" : "Width") of 48"
            var diagnostic: Diagnostic
            if let node {
                diagnostic = Diagnostic(
                    .warning, rule: .touchTarget, message, at: node.location, pointer: JSONPointer(tokens: pointer), target: target)
                if settable, let step = SizeSite.number(at: node, pointer: pointer, in: root) {
                    diagnostic.fix = SizeSite.fix("use 48 for \(step.name)", value: 48, at: step.site)
                }
            } else {
                diagnostic = Diagnostic(.warning, rule: .touchTarget, message, target: target)
            }
            return diagnostic
        }
    }
}

/// Where a size is written: a number in the file, or the dimension token a property names
/// (`"height": "buttonHeight"`, `"{dimensions.buttonHeight}"`) when that token is a number.
enum SizeSite {
    static func number(at node: JSONNode, pointer: [String], in root: JSONObject) -> (site: ContrastCause.Step, name: String)? {
        if node.value.numberValue != nil { return (ContrastCause.Step(node: node, pointer: pointer), pointer.joined(separator: ".")) }
        guard var name = node.value.stringValue else { return nil }
        if name.hasPrefix("{dimensions."), name.hasSuffix("}") { name = String(name.dropFirst(12).dropLast()) }
        guard let token = root["dimensions"]?.value.objectValue?[name], token.value.numberValue != nil else { return nil }
        return (ContrastCause.Step(node: token, pointer: ["dimensions", name]), "dimensions.\(name)")
    }

    /// A fix writing `value` over the number at `step`.
    static func fix(_ description: String, value: Double, at step: ContrastCause.Step) -> DiagnosticFix? {
        guard let written = step.node.value.numberValue else { return nil }
        let location = step.node.location
        return DiagnosticFix(
            description, replacement: SizeText.number(value), file: location.file, line: location.line, column: location.column,
            endColumn: location.column + written.literal.count, pointer: JSONPointer(tokens: step.pointer))
    }
}

/// A size as messages print it: at most one decimal, no trailing `.0`.
enum SizeText {
    static func number(_ value: Double) -> String {
        var text = String((value * 10).rounded() / 10)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
