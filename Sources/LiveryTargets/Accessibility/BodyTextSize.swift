import LiveryJSON

/// Body text a reader can read: the font `body` and the fonts named `body` then an
/// upper-case letter or digit (`bodyLarge`, `bodySmall`, `body2`), as type scales name
/// them, at least 11 pt on iOS (Apple's smallest text style, Caption 2) and 12 sp on Android
/// (Material's smallest body style), one number in livery's points serving both. Pure.
package enum BodyTextSize {
    package static let iOSMinimum = 11.0
    package static let androidMinimum = 12.0

    package static func isBodyText(_ name: String) -> Bool {
        guard name.hasPrefix("body") else { return false }
        guard let next = name.dropFirst(4).first else { return true }
        return next.isUppercase || next.isNumber
    }

    /// The body fonts below 12, by name.
    package static func failures(fonts: [String: ResolvedFont]) -> [(name: String, size: Double)] {
        fonts.keys.sorted().filter(isBodyText).compactMap { name in
            guard let size = fonts[name]?.size, size < androidMinimum else { return nil }
            return (name, size)
        }
    }

    /// `text-size` warnings at each font's `size` (the font when its size is not written
    /// in the file), with a fix raising a size written there to 12.
    package static func diagnostics(_ failures: [(name: String, size: Double)], document: JSONNode, target: String) -> [Diagnostic] {
        let root = document.value.objectValue ?? JSONObject()
        return failures.map { failure in
            let below = failure.size < iOSMinimum ? "11 pt on iOS and 12 sp on Android" : "12 sp on Android"
            let message = "fonts.\(failure.name) is body text of \(SizeText.number(failure.size)) pt, below \(below); make its size 12"
            let font = root["fonts"]?.value.objectValue?[failure.name]
            guard let font else { return Diagnostic(.warning, rule: .textSize, message, target: target) }
            guard let size = font.value.objectValue?["size"] else {
                return Diagnostic(
                    .warning, rule: .textSize, message, at: font.location, pointer: JSONPointer(tokens: ["fonts", failure.name]),
                    target: target)
            }
            let pointer = ["fonts", failure.name, "size"]
            var diagnostic = Diagnostic(
                .warning, rule: .textSize, message, at: size.location, pointer: JSONPointer(tokens: pointer), target: target)
            if let step = SizeSite.number(at: size, pointer: pointer, in: root) {
                diagnostic.fix = SizeSite.fix("use 12 for \(step.name)", value: 12, at: step.site)
            }
            return diagnostic
        }
    }
}
