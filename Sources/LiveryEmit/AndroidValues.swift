import LiveryJSON
import LiveryStyle
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
        var light = "", dark = ""
        light.reserveCapacity(colorNames.count * 48)
        dark.reserveCapacity(colorNames.count * 48)
        // Plain appends: this runs for every colour of every client.
        for name in colorNames {
            guard let token = style.colors[name] else { continue }
            let resource = AndroidNaming.resourceName(name)
            light += "    <color name=\""
            light += resource
            light += "\">"
            light += token.light.androidHex
            light += "</color>\n"
            dark += "    <color name=\""
            dark += resource
            dark += "\">"
            dark += token.dark.androidHex
            dark += "</color>\n"
        }

        var dimens = ""
        for name in style.dimensions.keys.sorted() {
            guard let value = style.dimensions[name] else { continue }
            dimens += UnitlessDimension.matches(name)
                ? floatItem(AndroidNaming.resourceName(name), value)
                : "    <dimen name=\"\(AndroidNaming.resourceName(name))\">\(NumberText.text(value))dp</dimen>\n"
        }
        for corner in cornerRadii {
            dimens += "    <dimen name=\"\(corner.name)\">\(NumberText.text(corner.value))dp</dimen>\n"
        }

        var integers = ""
        for name in style.animations.keys.sorted() {
            guard let timings = style.animations[name] else { continue }
            for timing in timings.keys.sorted() {
                guard let seconds = timings[timing] else { continue }
                integers += "    <integer name=\"\(animationName(name, timing))\">\(Milliseconds.whole(seconds))</integer>\n"
            }
        }
        var bools = ""
        var strings = ""
        if let name = style.app.displayName { strings += stringItem("app_name", name) }
        for name in style.flags.keys.sorted() {
            guard let value = style.flags[name], let flag = flag(value) else { continue }
            let resource = AndroidNaming.resourceName(name)
            switch flag {
            case .bool(let on): bools += "    <bool name=\"\(resource)\">\(on)</bool>\n"
            case .integer(let number): integers += "    <integer name=\"\(resource)\">\(number)</integer>\n"
            case .float(let number): dimens += floatItem(resource, number)
            case .string(let text): strings += stringItem(resource, text)
            }
        }
        let id = style.id
        // colors, dimens and strings are always written (bundles had them before);
        // integers and bools only when they hold something, to keep the file count down.
        var files = [
            EmittedFile(path: "android/res/values/colors.xml", text: AndroidText.resources(id, light)),
            EmittedFile(path: "android/res/values-night/colors.xml", text: AndroidText.resources(id, dark)),
            EmittedFile(path: "android/res/values/dimens.xml", text: AndroidText.resources(id, dimens)),
        ]
        if !integers.isEmpty { files.append(EmittedFile(path: "android/res/values/integers.xml", text: AndroidText.resources(id, integers))) }
        if !bools.isEmpty { files.append(EmittedFile(path: "android/res/values/bools.xml", text: AndroidText.resources(id, bools))) }
        files.append(EmittedFile(path: "android/res/values/strings.xml", text: AndroidText.resources(id, strings)))
        return files
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

    static func floatItem(_ name: String, _ value: Double) -> String {
        "    <item name=\"\(name)\" type=\"dimen\" format=\"float\">\(NumberText.text(value))</item>\n"
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
