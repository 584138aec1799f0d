import LiveryJSON

/// `store/app_rating_config.json`: the App Store age rating questionnaire, the JSON object
/// fastlane `deliver` reads from `--app_rating_config_path` and sends to App Store Connect's
/// age rating declaration. Its keys and values are App Store Connect's, as fastlane's
/// `Spaceship::ConnectAPI::AgeRatingDeclaration` names them; the older iTunes Connect keys
/// (`CARTOON_FANTASY_VIOLENCE: 0…2`), which deliver still maps, are taken with a warning
/// naming the current key. Checked here, without I/O, each problem at its key's or
/// value's line and column with the pointer `/store/app_rating_config.json/<key>`.
public enum AppRatingConfig {
    /// The file under `store/`, and where `build --platform fastlane` writes it (beside `metadata/`).
    public static let file = "app_rating_config.json"

    /// How often a theme occurs: every frequency key takes these.
    public static let frequencies = ["NONE", "INFREQUENT_OR_MILD", "FREQUENT_OR_INTENSE", "INFREQUENT", "FREQUENT"]

    enum Answer: Equatable {
        case frequency
        case yesNo
        /// One of these names; null too when `nullable` (no kids' age band).
        case oneOf([String], nullable: Bool = false)
        /// An https URL, or null.
        case url
    }

    /// Every key App Store Connect takes, with the answer it takes.
    static let keys: [String: Answer] = {
        var keys: [String: Answer] = [:]
        for key in [
            "alcoholTobaccoOrDrugUseOrReferences", "contests", "gamblingSimulated", "gunsOrOtherWeapons", "horrorOrFearThemes",
            "matureOrSuggestiveThemes", "medicalOrTreatmentInformation", "profanityOrCrudeHumor", "sexualContentGraphicAndNudity",
            "sexualContentOrNudity", "violenceCartoonOrFantasy", "violenceRealisticProlongedGraphicOrSadistic", "violenceRealistic",
        ] { keys[key] = .frequency }
        for key in [
            "advertising", "ageAssurance", "gambling", "healthOrWellnessTopics", "lootBox", "messagingAndChat",
            "parentalControls", "unrestrictedWebAccess", "userGeneratedContent",
        ] { keys[key] = .yesNo }
        keys["ageRatingOverrideV2"] = .oneOf(["NONE", "NINE_PLUS", "THIRTEEN_PLUS", "SIXTEEN_PLUS", "EIGHTEEN_PLUS", "UNRATED"])
        keys["koreaAgeRatingOverride"] = .oneOf(["NONE", "FIFTEEN_PLUS", "NINETEEN_PLUS"])
        keys["kidsAgeBand"] = .oneOf(["FIVE_AND_UNDER", "SIX_TO_EIGHT", "NINE_TO_ELEVEN"], nullable: true)
        keys["developerAgeRatingInfoUrl"] = .url
        return keys
    }()

    /// iTunes Connect's keys, which deliver maps to App Store Connect's (values 0, 1, 2 or, for a yes/no, 0, 1).
    static let legacyKeys: [String: String] = [
        "CARTOON_FANTASY_VIOLENCE": "violenceCartoonOrFantasy", "REALISTIC_VIOLENCE": "violenceRealistic",
        "PROLONGED_GRAPHIC_SADISTIC_REALISTIC_VIOLENCE": "violenceRealisticProlongedGraphicOrSadistic",
        "PROFANITY_CRUDE_HUMOR": "profanityOrCrudeHumor", "MATURE_SUGGESTIVE": "matureOrSuggestiveThemes",
        "HORROR": "horrorOrFearThemes", "MEDICAL_TREATMENT_INFO": "medicalOrTreatmentInformation",
        "ALCOHOL_TOBACCO_DRUGS": "alcoholTobaccoOrDrugUseOrReferences", "GAMBLING": "gamblingSimulated",
        "SEXUAL_CONTENT_NUDITY": "sexualContentOrNudity", "GRAPHIC_SEXUAL_CONTENT_NUDITY": "sexualContentGraphicAndNudity",
        "UNRESTRICTED_WEB_ACCESS": "unrestrictedWebAccess", "GAMBLING_CONTESTS": "gamblingAndContests",
    ]

    /// App Store Connect no longer takes this key; deliver turns `false` into `gambling: false`
    /// and `contests: NONE`, and stops at `true`.
    static let splitKey = "gamblingAndContests"

    /// The problems of the file's bytes, read as `repositoryPath` of target `id`.
    public static func problems(_ bytes: [UInt8], repositoryPath: String, id: String) -> [Diagnostic] {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes, file: repositoryPath, maxDepth: 8)
        } catch {
            return [
                Diagnostic(
                    .error, rule: .storeFile, "the age rating questionnaire is not JSON: \(error.message)",
                    at: error.location, pointer: pointer(nil), target: id)
            ]
        }
        guard case .object(let object) = root.value else {
            return [
                Diagnostic(
                    .error, rule: .storeFile, "the age rating questionnaire is a JSON object of App Store Connect's questions",
                    at: root.location, pointer: pointer(nil), target: id)
            ]
        }
        var problems: [Diagnostic] = []
        func report(_ severity: Diagnostic.Severity, _ message: String, _ location: JSONLocation, _ key: String) {
            problems.append(Diagnostic(severity, rule: .storeText, message, at: location, pointer: pointer(key), target: id))
        }
        for member in object.members {
            let key = member.key
            let value = member.value
            if let current = legacyKeys[key] {
                report(
                    .warning,
                    "'\(key)' is iTunes Connect's name, which deliver maps to App Store Connect's '\(current)'; write " + "that key",
                    member.keyLocation, key)
                let yesNo = current == "unrestrictedWebAccess" || current == splitKey
                if case .number(let number) = value.value, (yesNo ? ["0", "1"] : ["0", "1", "2"]).contains(number.literal) {
                    if current == splitKey, number.literal == "1" { report(.error, splitMessage, value.location, key) }
                    continue
                }
                report(.error, "'\(key)' takes \(yesNo ? "0 or 1" : "0, 1 or 2") in iTunes Connect's form", value.location, key)
                continue
            }
            if key == splitKey {
                if case .bool(false) = value.value {
                    report(
                        .warning,
                        "'\(splitKey)' is no longer App Store Connect's: deliver sends it as 'gambling': false and "
                            + "'contests': \"NONE\"; write those", member.keyLocation, key)
                } else {
                    report(.error, splitMessage, member.keyLocation, key)
                }
                continue
            }
            guard let answer = keys[key] else {
                let hint = NameSuggestion.hint(for: key, in: keys.keys.sorted() + legacyKeys.keys.sorted())
                report(.error, "'\(key)' is not a question of App Store Connect's age rating\(hint)", member.keyLocation, key)
                continue
            }
            if let message = problem(with: value.value, answer) { report(.error, "'\(key)' \(message)", value.location, key) }
        }
        return problems
    }

    static let splitMessage =
        "App Store Connect split 'gamblingAndContests' into 'gambling' (true or false) and 'contests' (NONE, "
        + "INFREQUENT_OR_MILD or FREQUENT_OR_INTENSE); deliver cannot turn true into them: write those"

    /// What is wrong with a value for `answer`, or nil.
    static func problem(with value: JSONValue, _ answer: Answer) -> String? {
        switch (answer, value) {
        case (.yesNo, .bool): return nil
        case (.yesNo, _): return "takes true or false"
        case (.frequency, .string(let text)) where frequencies.contains(text): return nil
        case (.frequency, _): return "takes one of \(frequencies.map { "\"\($0)\"" }.joined(separator: ", "))"
        case (.oneOf(let names, _), .string(let text)) where names.contains(text): return nil
        case (.oneOf(_, true), .null): return nil
        case (.oneOf(let names, let nullable), _):
            return "takes one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))" + (nullable ? " or null" : "")
        case (.url, .null): return nil
        case (.url, .string(let text)):
            return StoreListingCheck.urlProblem(text).map { "must be one https:// URL: \($0.2)" }
        case (.url, _): return "takes an https:// URL or null"
        }
    }

    static func pointer(_ key: String?) -> JSONPointer {
        JSONPointer(tokens: ["store", file] + (key.map { [$0] } ?? []))
    }
}
