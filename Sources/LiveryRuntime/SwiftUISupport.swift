// swift-format-ignore-file
// This file carries SwiftUIHelpers' font property as livery writes it into every bundle's
// Theme.swift (SwiftUIHelperTests compares them), so it keeps that text's layout.
// Thin SwiftUI / UIKit / AppKit conveniences. They cannot be compiled on
// Linux; everything they compute (appearance choice, channels, system font
// detection) is in LiveryStyle.swift and tested there.
#if canImport(SwiftUI)
import SwiftUI
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

extension RGBA {
    /// This colour in SwiftUI, in sRGB.
    public var color: Color {
        let channels = components
        return Color(.sRGB, red: channels.red, green: channels.green, blue: channels.blue, opacity: channels.alpha)
    }
}

extension ColorValue {
    /// This colour in SwiftUI: hex in sRGB, a colour written in Display P3 or
    /// OKLCH in Display P3, so a wide-gamut screen shows it as written.
    public var color: Color {
        if isHex { return srgb.color }
        let p3 = displayP3
        return Color(.displayP3, red: p3.red, green: p3.green, blue: p3.blue, opacity: p3.alpha)
    }
}

#if canImport(UIKit) && !os(watchOS)
extension ColorValue {
    /// This colour in UIKit, in Display P3 unless written in hex.
    public var uiColor: UIColor {
        if isHex {
            let channels = srgb.components
            return UIColor(red: channels.red, green: channels.green, blue: channels.blue, alpha: channels.alpha)
        }
        let p3 = displayP3
        return UIColor(displayP3Red: p3.red, green: p3.green, blue: p3.blue, alpha: p3.alpha)
    }
}

extension ColorToken {
    /// A dynamic `UIColor` that follows dark mode and Increase Contrast.
    public var uiColor: UIColor {
        let token = self
        return UIColor { traits in
            token.value(dark: traits.userInterfaceStyle == .dark, highContrast: traits.accessibilityContrast == .high).uiColor
        }
    }
}
#endif

extension ColorToken {
    /// A SwiftUI colour that follows dark mode and Increase Contrast.
    public var color: Color {
        #if canImport(UIKit) && !os(watchOS)
        Color(uiColor: uiColor)
        #elseif canImport(AppKit)
        let token = self
        return Color(nsColor: NSColor(name: nil) { appearance in
            let match = appearance.bestMatch(from: [.aqua, .darkAqua, .accessibilityHighContrastAqua, .accessibilityHighContrastDarkAqua])
            let dark = match == .darkAqua || match == .accessibilityHighContrastDarkAqua
            let high = match == .accessibilityHighContrastAqua || match == .accessibilityHighContrastDarkAqua
            let chosen = token.value(dark: dark, highContrast: high)
            if chosen.isHex {
                let channels = chosen.srgb.components
                return NSColor(srgbRed: channels.red, green: channels.green, blue: channels.blue, alpha: channels.alpha)
            }
            let p3 = chosen.displayP3
            return NSColor(displayP3Red: p3.red, green: p3.green, blue: p3.blue, alpha: p3.alpha)
        })
        #else
        lightValue.color
        #endif
    }
}

extension FontWeight {
    /// The SwiftUI weight.
    public var weight: Font.Weight {
        switch self {
        case .ultraLight: .ultraLight
        case .thin: .thin
        case .light: .light
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        case .black: .black
        }
    }
}

// The font's lookup (`FontLookup.swift`) and this property are the text every Swift file
// livery writes for apps carries (`SwiftUIHelpers` in LiveryEmit; SwiftUIHelperTests).
extension LiveryStyle.FontToken {
    /// The font: a bundled file by its PostScript name at its own weight, the system
    /// font, or an installed family at the token's weight; scaled with Dynamic Type
    /// relative to body text.
    public var font: Font {
        switch lookup {
        case .postScriptName(let name): .custom(name, size: size, relativeTo: .body)
        case .system: .system(size: size, weight: swiftUIWeight)
        case .family(let name): .custom(name, size: size, relativeTo: .body).weight(swiftUIWeight)
        }
    }

    var swiftUIWeight: Font.Weight { weight.weight }
}

private struct LiveryStyleKey: EnvironmentKey {
    static let defaultValue: LiveryStyle? = nil
}

extension EnvironmentValues {
    /// The style set with `.liveryStyle(_:)`, or nil.
    public var liveryStyle: LiveryStyle? {
        get { self[LiveryStyleKey.self] }
        set { self[LiveryStyleKey.self] = newValue }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private struct StoreStyleModifier: ViewModifier {
    let store: StyleStore

    func body(content: Content) -> some View {
        // Reading `store.style` here makes the views below update when it changes.
        content.environment(\.liveryStyle, store.style)
    }
}

extension View {
    /// Gives this view and its children `style` as `\.liveryStyle`.
    public func liveryStyle(_ style: LiveryStyle) -> some View {
        environment(\.liveryStyle, style)
    }

    /// Gives this view and its children `store`'s current style as
    /// `\.liveryStyle`, updated whenever an update is applied or the theme changes.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    public func liveryStyle(_ store: StyleStore) -> some View {
        modifier(StoreStyleModifier(store: store))
    }
}
#endif
