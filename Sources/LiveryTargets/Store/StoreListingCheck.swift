import LiveryJSON

/// Turns the files of a store listing into a `StoreListing` and checks them
/// against each store's limits. Pure. A text's problem is placed at the line and
/// column of the first character past the limit; its pointer is `/store/<tag>/<file>`.
public enum StoreListingCheck {
    public static func check(_ files: [StoreFile], id: String) -> (StoreListing, [Diagnostic]) {
        var run = Run(id: id)
        for file in files { run.take(file) }
        run.applyDefaults()
        run.checkSharedCodes()
        run.checkImageCounts()
        run.checkCategories()
        return (run.listing, run.problems)
    }

    /// `/store/fr-CA/name.txt` for a file at `fr-CA/name.txt` under `store/`.
    public static func pointer(_ path: String) -> JSONPointer {
        JSONPointer(tokens: ["store"] + path.split(separator: "/").map(String.init))
    }

    struct Run {
        let id: String
        var listing = StoreListing()
        var problems: [Diagnostic] = []
        var reportedTags: Set<String> = []
        /// `store/default/`'s texts by path: every language's, unless it has its own.
        var defaults: [String: StoreText] = [:]
        /// `<tag>/<path>` of each empty file: the language takes the field away, default included.
        var emptied: Set<String> = []

        init(id: String) { self.id = id }

        mutating func problem(
            _ severity: Diagnostic.Severity, _ rule: Rule, _ message: String, _ file: StoreFile, line: Int? = nil, column: Int? = nil
        ) {
            problems.append(
                Diagnostic(
                    severity, rule: rule, message, file: file.repositoryPath, line: line, column: column,
                    pointer: StoreListingCheck.pointer(file.path), target: id))
        }

        mutating func take(_ file: StoreFile) {
            if file.path == AppRatingConfig.file { return takeRatingConfig(file) }
            if StoreListing.appFiles.contains(file.path) || file.path.hasPrefix("review_information/")
                || file.path.hasPrefix(StoreListing.tradeRepresentativeFolder + "/")
            {
                return takeAppText(file)
            }
            let parts = file.path.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                problem(
                    .warning, .storeFile,
                    "'\(file.path)' is not read by any store: a listing holds store/<tag>/<field>.txt and store/images/", file)
                return
            }
            if parts[0] == "images" { return takeImage(file, name: parts[1], tag: nil) }
            if parts[1].hasPrefix("images/") {
                if parts[0] == StoreListing.defaultFolder {
                    problem(
                        .error, .storeFile, "'\(file.path)': images every language shares are in store/images/, not store/default/images/",
                        file)
                    return
                }
                guard let locale = knownLocale(parts[0], file) else { return }
                return takeImage(file, name: String(parts[1].dropFirst("images/".count)), tag: locale)
            }
            takeText(file, tag: parts[0], path: parts[1])
        }

        /// The locale a store folder names; an unknown one is reported once.
        mutating func knownLocale(_ tag: String, _ file: StoreFile) -> AppLocale? {
            if let locale = AppLocale(tag) { return locale }
            if reportedTags.insert(tag).inserted {
                let hint = AppLocale.suggestion(for: tag).map { " (did you mean '\($0)'?)" } ?? ""
                problem(
                    .error, .locale,
                    "store folder '\(tag)' is not a locale livery knows: name it by a BCP 47 tag of docs/locales.md, such as en-US, fr-CA or he\(hint)",
                    file)
            }
            return nil
        }

        /// Whether `store` lists `locale`; a file for a store without it is reported with the tags that have one.
        mutating func storeLists(_ locale: AppLocale, _ store: Store, _ path: String, _ file: StoreFile) -> Bool {
            guard (store == .appStore ? locale.appStoreCode : locale.playCode) == nil else { return true }
            let near = AppLocale.knownTags.filter { tag in
                AppLocale(tag).map { $0.language == locale.language && (store == .appStore ? $0.appStoreCode : $0.playCode) != nil }
                    ?? false
            }
            let hint = near.isEmpty ? "" : " (\(near.joined(separator: ", ")) \(near.count == 1 ? "has" : "have") one)"
            problem(
                .error, .storeFile, "\(store.rawValue) has no locale for '\(locale.tag)', so '\(path)' cannot be listed there\(hint)", file)
            return false
        }

        mutating func takeText(_ file: StoreFile, tag: String, path: String) {
            let isDefault = tag == StoreListing.defaultFolder
            let locale = isDefault ? nil : knownLocale(tag, file)
            guard isDefault || locale != nil else { return }
            guard let field = StoreField.field(forPath: path) else {
                let hint = NameSuggestion.hint(for: path, in: StoreField.fileNames)
                problem(
                    .warning, .storeFile,
                    "'\(path)' is not a file fastlane deliver or supply reads\(hint); a changelog is changelogs/<versionCode>.txt", file)
                return
            }
            if let locale { guard storeLists(locale, field.store, path, file) else { return } }
            guard let decoded = String(validating: file.bytes, as: UTF8.self) else {
                problem(.error, .storeFile, "'\(file.repositoryPath)' is not UTF-8 text, which fastlane and the store read", file)
                return
            }
            let text = trimmingFinalLineBreaks(decoded)
            // An empty file takes an inherited field away.
            guard !text.isEmpty else {
                emptied.insert(tag + "/" + path)
                return
            }
            if field.isURL {
                checkURL(text, field, file)
            } else {
                checkCharacters(text, field, file)
                checkLength(text, field, file)
            }
            let stored = StoreText(path: path, repositoryPath: file.repositoryPath, foundIn: file.foundIn, text: text)
            if isDefault {
                defaults[path] = stored
            } else {
                listing.texts[tag, default: [:]][path] = stored
            }
        }

        /// One of deliver's files of the app (copyright, categories, review information):
        /// UTF-8, and one line but for the reviewer's notes (at most 4,000 characters).
        mutating func takeAppText(_ file: StoreFile) {
            guard StoreListing.appFiles.contains(file.path) else {
                // A misspelt name inside a folder is compared with that folder's names alone.
                let folder = file.path.contains("/") ? String(file.path.prefix { $0 != "/" }) + "/" : ""
                let names = StoreListing.appFiles.filter { folder.isEmpty ? !$0.contains("/") : $0.hasPrefix(folder) }
                let name = String(file.path.dropFirst(folder.count))
                let hint =
                    NameSuggestion.closest(to: name, in: names.map { String($0.dropFirst(folder.count)) })
                    .map { " (did you mean '\(folder)\($0)'?)" } ?? ""
                problem(.warning, .storeFile, "'\(file.path)' is not a file fastlane deliver reads\(hint)", file)
                return
            }
            guard let decoded = String(validating: file.bytes, as: UTF8.self) else {
                problem(.error, .storeFile, "'\(file.repositoryPath)' is not UTF-8 text, which fastlane and the store read", file)
                return
            }
            let text = trimmingFinalLineBreaks(decoded)
            guard !text.isEmpty else { return }
            let isNotes = file.path == "review_information/notes.txt"
            if !isNotes, let breakIndex = text.firstIndex(where: \.isNewline) {
                let line = text[..<breakIndex]
                problem(
                    .error, .storeText, "'\(file.path)' holds one line; a line break follows here", file, line: 1,
                    column: line.utf16.count + 1)
            } else if isNotes {
                checkLength(text, StoreField("review_information/notes.txt", .appStore, "App Store review notes", maximum: 4_000), file)
            }
            if file.path == "review_information/email_address.txt", !text.contains("@") {
                problem(.error, .storeText, "the App Store review contact's e-mail address has no '@'", file, line: 1, column: 1)
            }
            let tradeFolder = StoreListing.tradeRepresentativeFolder + "/"
            if file.path == tradeFolder + "email_address.txt", !text.contains("@") {
                problem(.error, .storeText, "the trade representative's e-mail address has no '@'", file, line: 1, column: 1)
            }
            if file.path == tradeFolder + "is_displayed_on_app_store.txt", text != "true", text != "false" {
                problem(
                    .error, .storeText, "whether the App Store shows the trade representative is true or false, not " + "'\(text)'", file,
                    line: 1, column: 1)
            }
            listing.appTexts[file.path] = StoreText(path: file.path, repositoryPath: file.repositoryPath, foundIn: file.foundIn, text: text)
        }

        /// `store/app_rating_config.json`, checked as App Store Connect's age rating questionnaire
        /// and kept as written for `build` to copy where deliver's `--app_rating_config_path` names.
        mutating func takeRatingConfig(_ file: StoreFile) {
            let found = AppRatingConfig.problems(file.bytes, repositoryPath: file.repositoryPath, id: id)
            problems += found
            guard !found.contains(where: { $0.severity == .error }) else { return }
            let text = String(decoding: file.bytes, as: UTF8.self)
            listing.appTexts[file.path] = StoreText(
                path: file.path, repositoryPath: file.repositoryPath, foundIn: file.foundIn, text: text
            )
        }

        /// Each category file names an App Store category deliver can set, each sub-category
        /// one of its category's (games and stickers have them), after inheritance.
        mutating func checkCategories() {
            for name in ["primary_category.txt", "secondary_category.txt"] {
                guard let text = listing.appTexts[name], AppStoreCategory.category(text.text) == nil else { continue }
                let hint = AppStoreCategory.hint(for: text.text, subcategory: false)
                appProblem(
                    .error,
                    "'\(text.text)' is not an App Store category deliver can set\(hint): write App Store Connect's "
                        + "id, such as FINANCE or FOOD_AND_DRINK (docs/store-listings.md lists them)", text)
            }
            for (name, categoryFile) in StoreListing.subcategoryFiles {
                guard let text = listing.appTexts[name] else { continue }
                guard let id = AppStoreCategory.subcategory(text.text) else {
                    let hint = AppStoreCategory.hint(for: text.text, subcategory: true)
                    appProblem(
                        .error,
                        "'\(text.text)' is not an App Store sub-category deliver can set\(hint): only games "
                            + "(GAMES_PUZZLE…) and stickers (STICKERS_ART…) have them", text)
                    continue
                }
                let parent = AppStoreCategory.parent(ofSubcategory: id)
                guard let category = listing.appTexts[categoryFile] else {
                    appProblem(
                        .warning,
                        "deliver sets a sub-category only with its category, and there is no \(categoryFile); "
                            + "\(id) is a sub-category of \(parent)", text)
                    continue
                }
                if let chosen = AppStoreCategory.category(category.text), chosen != parent {
                    appProblem(
                        .error, "\(id) is a sub-category of \(parent), and \(categoryFile) is \(chosen); App Store Connect " + "refuses it",
                        text)
                }
            }
        }

        mutating func appProblem(_ severity: Diagnostic.Severity, _ message: String, _ text: StoreText) {
            problems.append(
                Diagnostic(
                    severity, rule: .storeText, message, file: text.repositoryPath, line: 1, column: 1,
                    pointer: StoreListingCheck.pointer(text.path), target: id))
        }

        /// `store/default/`'s texts reach every language each store lists that has no
        /// file of that name (an empty one takes it away), as fastlane deliver's
        /// `metadata/default/` does; written out per language, so supply (which has no
        /// default) and deliver read the same texts.
        mutating func applyDefaults() {
            guard !defaults.isEmpty else { return }
            for store in Store.allCases {
                let tags = listing.locales(for: store).map(\.locale.tag)
                for (path, text) in defaults where StoreField.field(forPath: path)?.store == store {
                    for tag in tags where listing.texts[tag]?[path] == nil && !emptied.contains(tag + "/" + path) {
                        listing.texts[tag, default: [:]][path] = text
                    }
                }
            }
        }

        mutating func checkLength(_ text: String, _ field: StoreField, _ file: StoreFile) {
            let length = field.unit.count(text)
            if length < field.minimum {
                problem(
                    .error, .storeText,
                    "the \(field.title) is \(length) \(field.unit.rawValue) long; the store needs at least \(field.minimum)", file, line: 1,
                    column: 1)
            }
            guard let maximum = field.maximum, length > maximum else { return }
            let (line, column) = position(pastLimit: maximum, in: text, unit: field.unit)
            problem(
                .error, .storeText,
                "the \(field.title) is \(length) \(field.unit.rawValue) long, over the store's limit of \(maximum) \(field.unit.rawValue); shorten it from here",
                file, line: line, column: column)
        }

        /// The first control character a store text may not hold (an error) and
        /// the first bidirectional embedding, override or isolate (a warning), at
        /// their line and column; named by code point, so the message shows it.
        mutating func checkCharacters(_ text: String, _ field: StoreField, _ file: StoreFile) {
            var line = 1
            var column = 1
            var control: (Unicode.Scalar, Int, Int)?
            var bidi: (Unicode.Scalar, Int, Int)?
            for scalar in text.unicodeScalars {
                if control == nil, StoreListingCheck.isRefusedControl(scalar, lines: field.hasLines) { control = (scalar, line, column) }
                if bidi == nil, StoreListingCheck.isReorderingControl(scalar) { bidi = (scalar, line, column) }
                if control != nil, bidi != nil { break }
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            if let (scalar, line, column) = control {
                let what =
                    scalar == "\n" || scalar == "\r"
                    ? "a line break (\(StoreListingCheck.codePoint(scalar))), and it is one line in the store"
                    : "the control character \(StoreListingCheck.codePoint(scalar)), which no store shows"
                problem(.error, .storeCharacter, "the \(field.title) holds \(what); remove it", file, line: line, column: column)
            }
            if let (scalar, line, column) = bidi {
                problem(
                    .warning, .storeCharacter,
                    "the \(field.title) holds the bidirectional control \(StoreListingCheck.codePoint(scalar)), which reorders what a reader sees; right-to-left text needs at most the marks U+200E, U+200F or U+061C",
                    file, line: line, column: column)
            }
        }

        mutating func checkURL(_ text: String, _ field: StoreField, _ file: StoreFile) {
            if let (line, column, reason) = StoreListingCheck.urlProblem(text) {
                problem(.error, .storeURL, "the \(field.title) must be one https:// URL: \(reason)", file, line: line, column: column)
            }
        }

        /// Two tags that one store lists under one code (`es-MX` and `es-419` are both the App Store's `es-MX`).
        mutating func checkSharedCodes() {
            for store in Store.allCases {
                var byCode: [String: [String]] = [:]
                for (locale, code) in listing.locales(for: store) { byCode[code, default: []].append(locale.tag) }
                for code in byCode.keys.sorted() {
                    guard let tags = byCode[code], tags.count > 1 else { continue }
                    // The second folder's first file, text or image, is where it is reported.
                    let texts = (listing.texts[tags[1]] ?? [:]).values.map { ($0.repositoryPath, tags[1] + "/" + $0.path) }
                    let images = (listing.localeImages[tags[1]] ?? [:]).map { ($0.value.repositoryPath, tags[1] + "/images/" + $0.key) }
                    guard let first = (texts + images).min(by: { $0.1 < $1.1 }) else { continue }
                    problems.append(
                        Diagnostic(
                            .error, rule: .storeFile,
                            "store folders \(tags.map { "'\($0)'" }.joined(separator: " and ")) are one \(store.rawValue) locale, \(code); keep one of them",
                            file: first.0, pointer: StoreListingCheck.pointer(first.1), target: id
                        ))
                }
            }
        }
    }

    /// NUL, C0 controls, DEL and C1 controls; line feed and carriage return
    /// only in a field of one line.
    static func isRefusedControl(_ scalar: Unicode.Scalar, lines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D: !lines
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// Embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069); not
    /// the marks U+200E, U+200F, U+061C, which right-to-left languages need.
    static func isReorderingControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `U+001B`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The line and column (1-based, in characters) of the first character that
    /// takes `text` past `limit` units.
    static func position(pastLimit limit: Int, in text: String, unit: TextUnit) -> (Int, Int) {
        var total = 0
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            total += unit.count(scalar)
            if total > limit { return (line, column) }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// What is wrong with a URL file, at its line and column, or nil for one https URL.
    public static func urlProblem(_ text: String) -> (Int, Int, String)? {
        if let index = text.unicodeScalars.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            let before = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
            let (line, column) = position(pastLimit: before, in: text, unit: .characters)
            return (line, column, "it holds a space or a line break")
        }
        guard text.lowercased().hasPrefix("https://") else {
            return (1, 1, text.lowercased().hasPrefix("http://") ? "the stores ask for https, not http" : "it does not start with https://")
        }
        let host = text.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty, host.contains("."), !host.hasPrefix("."), !host.hasSuffix(".") else {
            return (1, 9, "'\(host)' is not a host name")
        }
        return nil
    }

    /// The text without the line breaks an editor ends a file with.
    static func trimmingFinalLineBreaks(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == "\n" || last == "\r" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
