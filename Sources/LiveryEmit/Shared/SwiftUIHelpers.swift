/// The font helpers every Swift file livery writes for an app (a bundle's `Theme.swift`, the
/// contract's `AppTheme.swift`) and LiveryRuntime share, written once here: how a font token
/// is found on Apple platforms, and the SwiftUI font made from it. Each file carries them in
/// an extension of its own font type (so two of them in one app do not clash);
/// `Sources/LiveryRuntime/FontLookup.swift` is written from ``runtimeFile`` and
/// `Sources/LiveryRuntime/SwiftUISupport.swift` holds ``swiftUIFont``, which
/// `SwiftUIHelperTests` checks (`LIVERY_WRITE_SWIFTUI_HELPERS=1` writes the runtime's file
/// again). Each type that takes them has `family`, `postScriptName`, `size` and, for
/// SwiftUI, a `swiftUIWeight`.
public enum SwiftUIHelpers {
    /// The rule, plain Swift that compiles anywhere: the members of an extension of a font type.
    public static let fontLookup = """
            /// How the font is found on Apple platforms.
            enum Lookup: Hashable {
                /// A bundled file, by the PostScript name in its own name table; it draws its own weight.
                case postScriptName(String)
                /// The platform's own font, at the token's weight.
                case system
                /// A family installed on the device, at the token's weight.
                case family(String)
            }

            /// A bundled file by its PostScript name (asked for its family, UIKit and SwiftUI
            /// quietly draw the system font); a token without a file whose family is empty,
            /// `System` or starts with `.` (Apple's private names) is the system font; any other
            /// family is looked up as installed.
            var lookup: Lookup {
                if let postScriptName, !postScriptName.isEmpty { return .postScriptName(postScriptName) }
                if !hasFile, family.isEmpty || family == "System" || family.hasPrefix(".") { return .system }
                return .family(family)
            }

        """

    /// The SwiftUI font from the lookup, scaled with Dynamic Type relative to body text:
    /// the body of a font type's `font` property.
    public static let swiftUIFont = """
                switch lookup {
                case .postScriptName(let name): .custom(name, size: size, relativeTo: .body)
                case .system: .system(size: size, weight: swiftUIWeight)
                case .family(let name): .custom(name, size: size, relativeTo: .body).weight(swiftUIWeight)
                }

        """

    /// The SwiftUI `font` property of a font type, documented.
    public static let swiftUIFontProperty = """
            /// The font: a bundled file by its PostScript name at its own weight, the system
            /// font, or an installed family at the token's weight; scaled with Dynamic Type
            /// relative to body text.
            public var font: Font {

        """ + swiftUIFont + "    }\n"

    /// `extension <type> {` with `hasFile` (`hasFile`: how the type knows it has a file) and
    /// the lookup: the same text in every Swift file livery writes and in LiveryRuntime.
    public static func lookupExtension(of type: String, hasFile: String) -> String {
        "extension \(type) {\n    /// Whether the app bundles the font's file.\n    var hasFile: Bool { \(hasFile) }\n\n" + fontLookup
            + "}\n"
    }

    /// `Sources/LiveryRuntime/FontLookup.swift`.
    public static let runtimeFile = """
        // Written by livery from SwiftUIHelpers (LiveryEmit), the rule the Swift files it writes for
        // apps carry too: do not edit. SwiftUIHelperTests fails while they differ, and
        // LIVERY_WRITE_SWIFTUI_HELPERS=1 swift test --skip-build --filter SwiftUIHelperTests writes it.
        import LiveryCore


        """ + lookupExtension(of: "LiveryStyle.FontToken", hasFile: "file != nil")
}
