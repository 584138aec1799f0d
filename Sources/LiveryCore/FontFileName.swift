/// How an app finds a bundled font file: by the PostScript name inside it
/// (its `name` table, ID 6), never by its family. The generated code and both
/// runtimes use these, so a face found at build time is found on the device,
/// also after a remote update changed the token's family or weight (the file
/// and its name never change remotely).
public enum FontFileName {
    /// The Android resource name of a bundled font file (`res/font/<name>.ttf`):
    /// its PostScript name in lower case, every character other than `a-z` and
    /// `0-9` written as `_`, with `font_` in front unless it starts with a
    /// letter (`Karla-Bold` → `karla_bold`, `3Dumb` → `font_3dumb`). Android
    /// has no lookup by PostScript name, so the resource name carries it.
    public static func androidResource(postScriptName: String) -> String {
        var name = ""
        name.reserveCapacity(postScriptName.utf8.count + 5)
        for byte in postScriptName.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): name.unicodeScalars.append(Unicode.Scalar(byte + 0x20))
            default: name.append("_")
            }
        }
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return "font_" + name }
        return name
    }
}

extension LiveryStyle.FontToken {
    /// The Android resource name of the bundled file (see ``FontFileName``);
    /// nil without a file.
    public var androidResource: String? { postScriptName.map(FontFileName.androidResource(postScriptName:)) }
}
