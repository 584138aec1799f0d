import LiveryTargets
import LiveryText

/// The comment `theme.css` puts before a custom property the app's contract deprecates
/// (docs/contract.md, "Deprecation"): a stylesheet has no warning a browser shows, so the
/// comment says it where a person reading the file, or a linter, meets it.
enum WebDeprecation {
    /// The custom property prefix of each section livery writes to `:root`.
    static func prefix(_ section: ContractSection) -> String? {
        switch section {
        case .colors: "--color-"
        case .palettes: "--palette-"
        case .fonts: "--font-"
        case .dimensions: "--dimension-"
        case .animations: "--animation-"
        case .images: "--image-"
        case .components, .flags: nil
        }
    }

    /// `  /* --color-accent is deprecated: <reason>. Use --color-brand. */`, when the token is.
    static func append(_ section: ContractSection, _ name: String, of style: ResolvedStyle, to css: inout TextBuffer) {
        guard let deprecation = style.deprecations["\(section.rawValue).\(name)"], let prefix = prefix(section) else { return }
        css += "  /* "
        css.append(TextEscaping.codeComment(prefix + WebCSSText.name(name)))
        css += " is deprecated: "
        css.append(TextEscaping.codeComment(ContractDeprecationText.sentence(deprecation.reason)))
        if let replacement = deprecation.replacement {
            css += " Use "
            css.append(TextEscaping.codeComment(prefix + WebCSSText.name(replacement)))
            css += "."
        }
        css += " */\n"
    }
}
