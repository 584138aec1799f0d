import LiveryJSON
import LiveryTargets
import LiveryText

/// `res/values*/`: colours (light in `values/`, dark in `values-night/`),
/// dimensions, animation durations and flags, each under its snake_case name.
///
/// - Dimensions are `dp`, except unitless ones (see ``UnitlessDimension``),
///   which are `<item type="dimen" format="float">`: read them with
///   `ResourcesCompat.getFloat(resources, R.dimen.card_aspect_ratio)`.
/// - Animations are `integers.xml` entries `<animation>_<timing>` in milliseconds.
/// - Flags: booleans to `bools.xml`, whole numbers that fit 32 bits to
///   `integers.xml`, other numbers to float `dimen` items in `dimens.xml`,
///   strings to `strings.xml`. Arrays, objects and null have no resource form;
///   they stay in `style.json`.
/// - High-contrast colours have no resource qualifier on Android; they are in
///   `LiveryTheme.kt`.
public enum AndroidValues {
    static func files(for style: ResolvedStyle, cornerRadii: [(name: String, value: Double)]) -> [EmittedFile] {
        let colorNames = style.colors.keys.sorted()
        var light = TextBuffer(capacity: colorNames.count * 48)
        var dark = TextBuffer(capacity: colorNames.count * 48)
        for name in colorNames {
            guard let token = style.colors[name] else { continue }
            let resource = AndroidNaming.resourceName(name)
            light += "    <color name=\""
            light.append(resource)
            light += "\">"
            light.append(token.light.androidHex)
            light += "</color>\n"
            dark += "    <color name=\""
            dark.append(resource)
            dark += "\">"
            dark.append(token.dark.androidHex)
            dark += "</color>\n"
        }

        var dimens = TextBuffer(capacity: 64 * (style.dimensions.count + cornerRadii.count))
        for name in style.dimensions.keys.sorted() {
            guard let value = style.dimensions[name] else { continue }
            if UnitlessDimension.matches(name) {
                appendFloatItem(AndroidNaming.resourceName(name), value, to: &dimens)
            } else {
                appendDimen(AndroidNaming.resourceName(name), value, to: &dimens)
            }
        }
        for corner in cornerRadii {
            appendDimen(corner.name, corner.value, to: &dimens)
        }

        var integers = TextBuffer(capacity: 1_024)
        for name in style.animations.keys.sorted() {
            guard let timings = style.animations[name] else { continue }
            for timing in timings.keys.sorted() {
                guard let seconds = timings[timing] else { continue }
                appendElement("integer", animationName(name, timing), String(Milliseconds.whole(seconds)), to: &integers)
            }
        }
        var bools = TextBuffer(capacity: 256)
        var strings = TextBuffer(capacity: 512)
        for item in AndroidLocales.items(style.app.defaultTexts) { strings.append(item) }
        for name in style.flags.keys.sorted() {
            guard let value = style.flags[name], let flag = flag(value) else { continue }
            let resource = AndroidNaming.resourceName(name)
            switch flag {
            case .bool(let on): appendElement("bool", resource, on ? "true" : "false", to: &bools)
            case .integer(let number): appendElement("integer", resource, String(number), to: &integers)
            case .float(let number): appendFloatItem(resource, number, to: &dimens)
            case .string(let text): strings.append(stringItem(resource, text))
            }
        }
        let id = style.id
        // colors, dimens and strings are always written (bundles had them before);
        // integers and bools only when they hold something, to keep the file count down.
        var files = [
            EmittedFile(path: "android/res/values/colors.xml", bytes: AndroidText.resources(id, light)),
            EmittedFile(path: "android/res/values-night/colors.xml", bytes: AndroidText.resources(id, dark)),
            EmittedFile(path: "android/res/values/dimens.xml", bytes: AndroidText.resources(id, dimens)),
        ]
        if !integers.bytes.isEmpty {
            files.append(EmittedFile(path: "android/res/values/integers.xml", bytes: AndroidText.resources(id, integers)))
        }
        if !bools.bytes.isEmpty { files.append(EmittedFile(path: "android/res/values/bools.xml", bytes: AndroidText.resources(id, bools))) }
        files.append(EmittedFile(path: "android/res/values/strings.xml", bytes: AndroidText.resources(id, strings)))
        return files
    }

    /// `    <dimen name="…">16dp</dimen>`
    static func appendDimen(_ name: String, _ value: Double, to out: inout TextBuffer) {
        appendElement("dimen", name, NumberText.text(value) + "dp", to: &out)
    }

    /// `    <integer name="…">350</integer>`, `    <bool name="…">true</bool>`.
    static func appendElement(_ element: StaticString, _ name: String, _ value: String, to out: inout TextBuffer) {
        out += "    <"
        out += element
        out += " name=\""
        out.append(name)
        out += "\">"
        out.append(value)
        out += "</"
        out += element
        out += ">\n"
    }

    static func appendFloatItem(_ name: String, _ value: Double, to out: inout TextBuffer) {
        out += "    <item name=\""
        out.append(name)
        out += "\" type=\"dimen\" format=\"float\">"
        out.append(NumberText.text(value))
        out += "</item>\n"
    }

    /// The `integers.xml` name of one animation timing: `ease_in_out_short`.
    public static func animationName(_ animation: String, _ timing: String) -> String {
        AndroidNaming.resourceName(animation + "_" + timing)
    }

    /// A string resource; `%` is literal text here, not a format, so aapt must not read it as one.
    static func stringItem(_ name: String, _ text: String) -> String {
        // By scalars: `%` followed by a combining mark is one character, but aapt still sees the `%`.
        let formatted = text.unicodeScalars.contains("%") ? " formatted=\"false\"" : ""
        return "    <string name=\"\(name)\"\(formatted)>\(TextEscaping.androidString(text))</string>\n"
    }

    /// How a flag value is written, or nil when it has no resource form.
    enum Flag {
        case bool(Bool)
        case integer(Int)
        case float(Double)
        case string(String)

        var type: String {
            switch self {
            case .bool: "bool"
            case .integer: "integer"
            case .float: "dimen"
            case .string: "string"
            }
        }
    }

    static func flag(_ value: JSONValue) -> Flag? {
        switch value {
        case .bool(let on): return .bool(on)
        case .string(let text): return .string(text)
        case .number(let number):
            let double = number.doubleValue
            guard double.isFinite else { return nil }
            if double == double.rounded(), double >= Double(Int32.min), double <= Double(Int32.max) { return .integer(Int(double)) }
            return .float(double)
        default: return nil
        }
    }
}
