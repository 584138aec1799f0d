/// One BCP 47 tag as every platform and store names it: Apple's `.lproj`
/// folder, the Android resource qualifier, the App Store code and the Play code.
/// Pure data from `LocaleTable`; docs/locales.md lists the table.
public struct AppLocale: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The tag as written in the style or the store folder (`fr-CA`, `zh-Hans`).
    public let tag: String
    /// The ISO 639 language subtag (`fr`).
    public let language: String
    public let script: String?
    /// A two-letter ISO 3166 region or a three-digit UN M.49 area (`419`).
    public let region: String?

    /// The tag, if livery knows its language and the rest is well formed.
    public init?(_ tag: String) {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, LocaleTable.languages[first] != nil, parts.count <= 3 else { return nil }
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if script == nil, region == nil, Self.isScript(part) {
                script = part
            } else if region == nil, Self.isRegion(part) {
                region = part
            } else {
                return nil
            }
        }
        self.tag = tag
        language = first
        self.script = script
        self.region = region
    }

    /// `Hans`: four letters, the first upper case.
    static func isScript(_ part: String) -> Bool {
        let scalars = Array(part.unicodeScalars)
        return scalars.count == 4 && ("A"..."Z").contains(scalars[0]) && scalars.dropFirst().allSatisfy { ("a"..."z").contains($0) }
    }

    /// `CA` or `419`.
    static func isRegion(_ part: String) -> Bool {
        let scalars = Array(part.unicodeScalars)
        if scalars.count == 2 { return scalars.allSatisfy { ("A"..."Z").contains($0) } }
        return scalars.count == 3 && scalars.allSatisfy { ("0"..."9").contains($0) }
    }

    public var description: String { tag }
    public static func < (lhs: AppLocale, rhs: AppLocale) -> Bool { lhs.tag < rhs.tag }

    /// The language's English name (`Hebrew`), for reports.
    public var languageName: String { LocaleTable.languages[language]?.name ?? language }

    /// Whether the language is written right to left (web manifest `dir`).
    public var isRightToLeft: Bool { LocaleTable.languages[language]?.rightToLeft ?? false }

    /// Apple's localization folder: `fr-CA.lproj`, `zh-Hans.lproj`, `he.lproj`.
    public var lproj: String { tag + ".lproj" }

    /// The Android resource qualifier: the legacy form (`fr-rCA`, `iw`) where it
    /// can say the tag, else the BCP 47 form (`b+zh+Hans`, `b+es+419`). Hebrew,
    /// Indonesian and Yiddish keep their old codes, which Android still reads.
    public var androidQualifier: String {
        let code = LocaleTable.androidLegacyLanguage[language] ?? language
        if script != nil || region.map({ $0.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false }) == true || code.count == 3 {
            return "b+" + ([code] + [script, region].compactMap { $0 }).joined(separator: "+")
        }
        return region.map { "\(code)-r\($0)" } ?? code
    }

    /// The App Store Connect localization (`he`, `de-DE`, `zh-Hans`), or nil
    /// when the App Store has none for this tag.
    public var appStoreCode: String? { LocaleTable.rowsByTag[tag]?.appStore }

    /// The Google Play listing language (`iw-IL`, `zh-CN`, `es-419`), or nil.
    public var playCode: String? { LocaleTable.rowsByTag[tag]?.play }

    /// Every tag of the table, for suggestions and the docs.
    public static var knownTags: [String] { LocaleTable.rows.map(\.tag) }

    /// The table's tags closest to a misspelt one: first one that differs only
    /// in case (`fr-ca` → `fr-CA`), else the nearest by edit distance.
    public static func suggestion(for tag: String, among tags: [String] = knownTags) -> String? {
        // Codes stores and Android still use (`iw-IL`, `no`) have a tag of their own (`he-IL`, `nb`).
        let parts = tag.replacingUnderscores().split(separator: "-", maxSplits: 1).map(String.init)
        if let first = parts.first, let modern = LocaleTable.modernLanguage[first.lowercased()] {
            let renamed = ([modern] + parts.dropFirst()).joined(separator: "-")
            if let found = tags.first(where: { $0.lowercased() == renamed.lowercased() }) { return found }
            if tags.contains(modern) { return modern }
        }
        if let same = tags.first(where: { $0.lowercased() == tag.lowercased().replacingUnderscores() }) { return same }
        return NameSuggestion.closest(to: tag.replacingUnderscores(), in: tags)
    }

    /// Every row of the table, for docs/locales.md.
    public static var table: [(tag: String, lproj: String, android: String, appStore: String?, play: String?)] {
        LocaleTable.rows.compactMap { row in
            AppLocale(row.tag).map { ($0.tag, $0.lproj, $0.androidQualifier, row.appStore, row.play) }
        }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
