import Foundation
import LiveryCore

/// Tonal shades of a palette colour: `base`, `light02…light08` (mixed with white
/// by 20/40/60/80 %) and `dark02…dark08` (mixed with black likewise).
public enum PaletteShades {
    public static let names: [String] = ["base"] + [2, 4, 6, 8].map { "light0\($0)" } + [2, 4, 6, 8].map { "dark0\($0)" }

    /// The shade `name` of `base`, or nil for an unknown shade name.
    public static func shade(_ name: String, of base: RGBA) -> RGBA? {
        if name == "base" { return base }
        for step in [2, 4, 6, 8] {
            if name == "light0\(step)" { return base.mixed(with: .white, amount: Double(step) / 10) }
            if name == "dark0\(step)" { return base.mixed(with: .black, amount: Double(step) / 10) }
        }
        return nil
    }

    /// Every shade of `base`, in `names` order.
    public static func all(of base: RGBA) -> [(name: String, color: RGBA)] {
        names.compactMap { name in shade(name, of: base).map { (name, $0) } }
    }
}
