// Written by livery from SwiftUIHelpers (LiveryEmit), the rule the Swift files it writes for
// apps carry too: do not edit. SwiftUIHelperTests fails while they differ, and
// LIVERY_WRITE_SWIFTUI_HELPERS=1 swift test --skip-build --filter SwiftUIHelperTests writes it.
import LiveryCore

extension LiveryStyle.FontToken {
    /// Whether the app bundles the font's file.
    var hasFile: Bool { file != nil }

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
}
