import LiveryTargets
import LiveryText

/// Component variants as widget styles, where Android has a counterpart:
/// `button` → `Widget.Livery.Button.<Variant>` (parent `android:Widget.Material.Button`),
/// `textField` → `android:Widget.Material.EditText`, `switch` →
/// `android:Widget.Material.CompoundButton.Switch`, `text` and `label` →
/// `android:Widget.Material.TextView`. Only framework attributes are written
/// (background tint, or a plain background colour for text and labels, which
/// have no background to tint; text colour and appearance, hint colour, thumb
/// and track tints, minimum height, horizontal padding, elevation). A rounded
/// rectangle's corner radius is not a framework attribute, so it is the dimen
/// `<kind>_<variant>_corner_radius`. Everything else (borders, other kinds) is
/// available from `LiveryTheme.kt`.
enum AndroidComponentStyles {
    /// Kind → the framework style it extends.
    static let counterparts: [String: String] = [
        "button": "android:Widget.Material.Button",
        "textField": "android:Widget.Material.EditText",
        "switch": "android:Widget.Material.CompoundButton.Switch",
        "text": "android:Widget.Material.TextView",
        "label": "android:Widget.Material.TextView",
    ]

    /// Property → framework attribute, per kind of value.
    static let colorAttributes: [String: String] = [
        "background": "android:backgroundTint",
        "foreground": "android:textColor",
        "color": "android:textColor",
        "textColor": "android:textColor",
        "titleColor": "android:textColor",
        "placeholder": "android:textColorHint",
        "thumb": "android:thumbTint",
        "track": "android:trackTint",
    ]
    static let dimensionAttributes: [String: String] = [
        "height": "android:minHeight",
        "minHeight": "android:minHeight",
        "padding": "android:paddingHorizontal",
        "elevation": "android:elevation",
    ]

    /// `Widget.Livery.Button.Primary`.
    public static func styleName(kind: String, variant: String) -> String {
        "Widget.\(AndroidNaming.styleNamespace).\(AndroidNaming.styleSegment(kind)).\(AndroidNaming.styleSegment(variant))"
    }

    /// `button_primary_corner_radius`.
    public static func cornerRadiusName(kind: String, variant: String) -> String {
        AndroidNaming.resourceName(kind + "_" + variant + "_cornerRadius")
    }

    /// The corner radius dimens of every variant shaped as a rounded rectangle.
    static func cornerRadii(_ style: ResolvedStyle) -> [(name: String, value: Double, kind: String, variant: String)] {
        var out: [(name: String, value: Double, kind: String, variant: String)] = []
        for kind in style.components.keys.sorted() {
            guard let variants = style.components[kind] else { continue }
            for variant in variants.keys.sorted() {
                if case .shape(.roundedRectangle(let radius))? = variants[variant]?["shape"] {
                    out.append((cornerRadiusName(kind: kind, variant: variant), radius, kind, variant))
                }
            }
        }
        return out
    }

    /// Variants that become a style, in sorted order.
    static func styled(_ style: ResolvedStyle) -> [(kind: String, variant: String)] {
        var out: [(kind: String, variant: String)] = []
        for kind in style.components.keys.sorted() where counterparts[kind] != nil {
            for variant in (style.components[kind] ?? [:]).keys.sorted() { out.append((kind, variant)) }
        }
        return out
    }

    /// The `<style>` elements, for `values/styles.xml`.
    static func styles(for style: ResolvedStyle) -> String {
        var out = ""
        for (kind, variant) in styled(style) {
            guard let parent = counterparts[kind], let properties = style.components[kind]?[variant] else { continue }
            var items: [(attribute: String, property: String, value: String)] = []
            for property in properties.keys.sorted() {
                guard let value = properties[property] else { continue }
                switch value {
                case .color(let color, let token):
                    guard var attribute = colorAttributes[property] else { continue }
                    if property == "background", kind == "text" || kind == "label" { attribute = "android:background" }
                    if let token, style.colors[token] != nil {
                        items.append((attribute, property, "@color/\(AndroidNaming.resourceName(token))"))
                    } else {
                        items.append((attribute, property, color.light.androidHex))
                    }
                case .font(_, let token):
                    guard property == "font" else { continue }
                    items.append(("android:textAppearance", property, "@style/\(AndroidTypography.textAppearance(token))"))
                case .dimension(let number, let token):
                    guard let attribute = dimensionAttributes[property] else { continue }
                    if let token, style.dimensions[token] != nil, !UnitlessDimension.matches(token) {
                        items.append((attribute, property, "@dimen/\(AndroidNaming.resourceName(token))"))
                    } else {
                        items.append((attribute, property, NumberText.text(number) + "dp"))
                    }
                default:
                    continue
                }
            }
            // Two properties may map to one attribute (`foreground` and `textColor`); the first in sorted order wins.
            var seen: Set<String> = []
            let chosen = items.sorted(by: { ($0.attribute, $0.property) < ($1.attribute, $1.property) })
                .filter { seen.insert($0.attribute).inserted }
                .map { (name: $0.attribute, value: $0.value) }
            out += AndroidText.style(styleName(kind: kind, variant: variant), parent: parent, items: chosen)
        }
        return out
    }
}
