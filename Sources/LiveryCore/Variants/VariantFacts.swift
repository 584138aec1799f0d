/// What `livery variant` accepts as the facts an app would pass, checked before
/// any decision: a fact written in a form no app passes would make every
/// condition on it quietly false, so it is refused with the form it must have.
public enum VariantFacts {
    /// The longest install id livery decides for (a UUID is 36 bytes).
    public static let maximumInstallIDBytes = 1_024

    /// Why `installID` is not one an app would pass, or nil.
    public static func installIDProblem(_ installID: String) -> String? {
        let bytes = installID.utf8.count
        if installID.allSatisfy(\.isWhitespace) {
            return "an install id is the non-empty id the app passes, such as 3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        }
        if bytes > maximumInstallIDBytes { return "an install id is at most \(maximumInstallIDBytes) bytes; this one is \(bytes)" }
        return nil
    }

    /// Why the facts given are not in the form an app passes them, or nil; each
    /// message names the accepted form.
    public static func problem(country: String?, locale: String?, platform: String?, appVersion: String?) -> String? {
        if let country, !(country.utf8.count == 2 && country.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }))
        {
            return "--country takes an ISO 3166-1 alpha-2 code, two letters such as CA"
        }
        if let locale, !VariantParser.isLocaleTag(locale) {
            return "--locale takes a BCP 47 tag such as fr-CA (letters and digits in subtags of 1 to 8, the first 2 to 8 letters)"
        }
        if let platform, !VariantParser.platforms.contains(platform.lowercased()) {
            return "--platform takes one of \(VariantParser.platforms.joined(separator: ", "))"
        }
        if let appVersion, AppVersion(text: appVersion) == nil {
            return "--app-version takes one to four dot-separated whole numbers of up to 9 digits, such as 3.2.0"
        }
        return nil
    }
}
