import LiveryCore
import LiveryTargets

extension VisualScreen {
    /// What a screen draws and how tall each part is, fixed before any page is written:
    /// the text styles and component variants the app's contract declares together with
    /// every one the compared styles have (without a contract, everything the styles have),
    /// every image and every colour. Both sides of a comparison are drawn in one layout, so
    /// each thing keeps its place and a change to one of them changes only its own slot.
    public struct Layout: Sendable, Equatable {
        /// One row: a text style (or font) name, or a component as `kind.variant`, and its height in pixels.
        public struct Slot: Sendable, Equatable {
            public var name: String
            public var height: Int
        }

        public var texts: [Slot]
        /// True when no style or contract has text styles: the rows are then the font tokens.
        public var textsAreFonts: Bool
        public var components: [Slot]
        public var images: [String]
        public var colors: [String]

        static let barHeight = 56, padding = 12, gap = 8
        static let imageWidth = 104, imageHeight = 56, imagesPerRow = 3
        static let swatch = 20, swatchGap = 4, swatchesPerRow = 13
        /// The largest font sizes drawn: the app bar's title, a text style, a component's label.
        static let titleSize = 24.0, textSize = 28.0, sampleSize = 24.0
        /// The row of something a side lacks.
        static let absentHeight = 24

        /// The panel's height: the app bar, then every row and grid with gaps between, so that nothing is cut off.
        public var height: Int {
            var rows = texts.map(\.height) + components.map(\.height)
            if !images.isEmpty {
                let lines = (images.count + Self.imagesPerRow - 1) / Self.imagesPerRow
                rows.append(lines * Self.imageHeight + (lines - 1) * Self.gap)
            }
            if !colors.isEmpty {
                let lines = (colors.count + Self.swatchesPerRow - 1) / Self.swatchesPerRow
                rows.append(lines * Self.swatch + (lines - 1) * Self.swatchGap)
            }
            return Self.barHeight + 2 * Self.padding + rows.reduce(0, +) + max(0, rows.count - 1) * Self.gap
        }

        /// The title's font in the app bar.
        static func titleFont(_ style: ResolvedStyle) -> ResolvedFont? {
            style.fonts["title"] ?? style.fonts["headline"]
                ?? style.fonts.sorted(by: { ($1.value.size, $0.key) < ($0.value.size, $1.key) }).first?.value
        }

        static func font(_ properties: [String: ResolvedComponentValue], _ names: [String]) -> ResolvedFont? {
            for name in names {
                if case .font(let font, _)? = properties[name] { return font }
            }
            return nil
        }

        /// A line of text at `size` (capped at `cap`, as the page draws it), with room above and below.
        static func lineHeight(_ size: Double?, cap: Double) -> Int {
            let drawn = min(cap, max(8, size.flatMap { $0.isFinite ? $0 : nil } ?? 15))
            return Int((drawn * 1.3).rounded(.up)) + 4
        }

        static func borderWidth(_ properties: [String: ResolvedComponentValue]) -> Double {
            min(8, max(0, VisualScreen.number(properties["borderWidth"]) ?? 1))
        }

        /// A component's drawn height: its own height (at most 80) or its label's line, and its border.
        static func sampleHeight(_ properties: [String: ResolvedComponentValue]) -> Int {
            let declared = VisualScreen.number(properties["height"]) ?? VisualScreen.number(properties["minHeight"])
            let own = declared.map { min(80, max(0, $0)) } ?? 0
            let line = Double(lineHeight(font(properties, ["font", "titleFont"])?.size, cap: sampleSize))
            let hasBorder = VisualScreen.componentColor(properties, ["border", "borderColor"], (false, false)) != nil
            return Int(max(20, own, line).rounded(.up) + (hasBorder ? 2 * borderWidth(properties).rounded(.up) : 0))
        }

        /// `kind.variant` → (kind, variant), at the first dot (a kind has none).
        static func split(_ name: String) -> (String, String) {
            guard let dot = name.firstIndex(of: ".") else { return (name, "") }
            return (String(name[..<dot]), String(name[name.index(after: dot)...]))
        }
    }

    /// The layout for `styles` (the sides of one comparison) under `contracts` (the app's
    /// contract on each side that has one).
    public static func layout(for styles: [ResolvedStyle], contracts: [AppContract] = []) -> Layout {
        func declared(_ section: ContractSection) -> [String] {
            contracts.flatMap { $0.tokens(in: section).map(\.name) }
        }
        let components = Set(
            declared(.components)
                + styles.flatMap { style in
                    style.components.flatMap { kind, variants in variants.keys.map { kind + "." + $0 } }
                })
        let textNames = Set(
            components.compactMap { name -> String? in
                let (kind, variant) = Layout.split(name)
                return kind == "text" ? variant : nil
            })
        let textsAreFonts = textNames.isEmpty
        let texts: [Layout.Slot] =
            textsAreFonts
            ? Set(declared(.fonts) + styles.flatMap(\.fonts.keys)).sorted().map { name in
                let heights = styles.map { style in
                    style.fonts[name].map { Layout.lineHeight($0.size, cap: Layout.textSize) } ?? Layout.absentHeight
                }
                return Layout.Slot(name: name, height: heights.max() ?? Layout.absentHeight)
            }
            : textNames.sorted().map { name in
                let heights = styles.map { style in
                    style.components["text"]?[name].map {
                        Layout.lineHeight(Layout.font($0, ["font"])?.size, cap: Layout.textSize)
                    } ?? Layout.absentHeight
                }
                return Layout.Slot(name: name, height: heights.max() ?? Layout.absentHeight)
            }
        let others = components.map(Layout.split).filter { $0.0 != "text" }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        let slots = others.map { kind, variant in
            let heights = styles.map { style in style.components[kind]?[variant].map(Layout.sampleHeight) ?? Layout.absentHeight }
            return Layout.Slot(name: kind + "." + variant, height: heights.max() ?? Layout.absentHeight)
        }
        return Layout(
            texts: texts, textsAreFonts: textsAreFonts, components: slots,
            images: Set(declared(.images) + styles.flatMap(\.images.keys)).sorted(),
            colors: Set(declared(.colors) + styles.flatMap(\.colors.keys)).sorted()
        )
    }
}
