/// What a piece of report text means, for a renderer to say without knowing
/// how it is shown. Only the command line turns these into terminal colours.
public enum Emphasis: Sendable, Hashable, CaseIterable {
    /// The `error` label of a diagnostic.
    case errorLabel
    /// The `warning` label of a diagnostic.
    case warningLabel
    /// Text that reports a problem: an error line, a breaking change.
    case problem
    /// Something added.
    case added
    /// Something removed.
    case removed
    /// Something changed.
    case changed
    /// A heading, such as a target's line in a report.
    case heading
}

/// How renderers show emphasised text: plain (the default, for files, pipes
/// and tests), or whatever the caller decides (the command line passes one
/// that writes terminal colours). A value, so it is passed in, never global.
public struct Styler: Sendable {
    let apply: @Sendable (_ text: String, _ emphasis: Emphasis) -> String

    /// `apply` returns `text` as shown with `emphasis`.
    public init(_ apply: @escaping @Sendable (_ text: String, _ emphasis: Emphasis) -> String) {
        self.apply = apply
    }

    /// Text as it is.
    public static let plain = Styler { text, _ in text }

    /// `text` shown with `emphasis`.
    public func callAsFunction(_ text: String, _ emphasis: Emphasis) -> String {
        apply(text, emphasis)
    }
}
