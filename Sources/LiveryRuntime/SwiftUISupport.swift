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

#if canImport(UIKit) && !os(watchOS)
extension ColorToken {
    /// A dynamic `UIColor` that follows dark mode and Increase Contrast.
    public var uiColor: UIColor {
        let token = self
        return UIColor { traits in
            let chosen = token.resolved(dark: traits.userInterfaceStyle == .dark, highContrast: traits.accessibilityContrast == .high)
            let channels = chosen.components
            return UIColor(red: channels.red, green: channels.green, blue: channels.blue, alpha: channels.alpha)
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
            let channels = token.resolved(dark: dark, highContrast: high).components
            return NSColor(srgbRed: channels.red, green: channels.green, blue: channels.blue, alpha: channels.alpha)
        })
        #else
        light.color
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

extension LiveryStyle.FontToken {
    /// The font: the system font for a token without a file named `System`,
    /// else the embedded family, which scales with Dynamic Type.
    public var font: Font {
        isSystemFont ? .system(size: size, weight: weight.weight) : .custom(family, size: size).weight(weight.weight)
    }
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
