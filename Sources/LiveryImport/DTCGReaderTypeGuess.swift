import LiveryJSON

/// The type a token without any `$type` is read as, when its value can only be one
/// thing. The format says such a token is invalid; real exports leave `$type` out
/// often enough (an override inside an `$extends` group, a hand-edited file) that
/// livery reads the unambiguous cases, with a warning naming the token.
enum DTCGTypeGuess {
    /// `color` for `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a colour object;
    /// `dimension` for `{value, unit: px|rem}`; `duration` for `{value, unit: ms|s}`;
    /// `number` for a bare number. Nil for anything else.
    static func type(of value: JSONValue) -> String? {
        switch value {
        case .number:
            return "number"
        case .string(let text):
            return isHexColor(text) ? "color" : nil
        case .object(let object):
            if object["colorSpace"]?.value.stringValue != nil, object["components"]?.value.arrayValue != nil {
                return "color"
            }
            guard object.count == 2, object["value"]?.value.numberValue != nil, let unit = object["unit"]?.value.stringValue else {
                return nil
            }
            switch unit {
            case "px", "rem": return "dimension"
            case "ms", "s": return "duration"
            default: return nil
            }
        default:
            return nil
        }
    }

    static func isHexColor(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", [4, 5, 7, 9].contains(scalars.count) else { return false }
        return scalars.dropFirst().allSatisfy { $0.properties.isASCIIHexDigit }
    }
}
