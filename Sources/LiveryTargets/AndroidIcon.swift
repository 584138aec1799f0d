import LiveryCore

/// The layers of an Android adaptive launcher icon, as `appIcon.android` gives them.
/// Each image is a PNG of ``AndroidIcon/layerSide`` pixels square: the 108 dp
/// layer at xxxhdpi (4 px per dp), of which launchers show the middle 72 dp.
public struct AndroidIcon: Sendable, Hashable {
    /// The side of a layer image in pixels: 108 dp × 4.
    public static let layerSide = 432

    public enum Background: Sendable, Hashable {
        /// A solid colour (the light appearance of a colour value or alias; for a
        /// Display P3 or OKLCH colour, its sRGB fallback, since colour resources are sRGB).
        case color(RGBA)
        case image(AssetReference)
    }

    public var foreground: AssetReference
    public var background: Background
    /// The one-colour silhouette themed icons (Android 13+) tint; its alpha is what counts.
    public var monochrome: AssetReference?

    public init(foreground: AssetReference, background: Background, monochrome: AssetReference? = nil) {
        self.foreground = foreground
        self.background = background
        self.monochrome = monochrome
    }
}
