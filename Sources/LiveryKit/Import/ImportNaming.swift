import LiveryJSON
import LiveryTargets

/// How an import names what DTCG does not: target ids from brand contexts,
/// display names and bundle ids.
enum ImportNaming {
    /// A context or file name as a target id: `Brand One` and `brandOne` → `brand-one`,
    /// `brand_1` → `brand-1`. The result may still be invalid (non-ASCII letters); the caller checks.
    /// A context theme's target: the client's id and the context's name (`acme-light-colorblind`).
    static func themeID(client: String, context: String) -> String {
        client + "-" + targetID(from: context)
    }

    static func targetID(from name: String) -> String {
        var out = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                out.append("-")
            }
            if character == "_" || character == " " || character == "." || character == "/" {
                out.append("-")
            } else {
                out += character.lowercased()
            }
            previous = character
        }
        // Hyphens collapsed and trimmed: `Brand - One` → `brand-one`.
        let parts = out.split(separator: "-", omittingEmptySubsequences: true)
        return parts.joined(separator: "-")
    }

    /// The ids of the clients, in the brands' order: from `--id` (one client), or each
    /// brand's context (without brands: `--prefix` + the file stem, else `name`), with
    /// `--prefix` before it.
    static func clientIDs(brands: [String?], name: String, fileStem: String, id: String?, prefix: String?) throws(ImportError) -> [String] {
        if let id {
            guard brands.count == 1 else { throw .idNeedsOneClient(count: brands.count) }
            guard TargetID.isValid(id) else { throw .invalidGivenID(option: "--id", value: id) }
            return [id]
        }
        var ids: [String] = []
        for brand in brands {
            let base: String
            if let brand {
                base = targetID(from: brand)
            } else {
                base = targetID(from: prefix == nil ? name : fileStem)
            }
            let candidate = (prefix ?? "") + base
            guard TargetID.isValid(candidate) else {
                if prefix != nil, !TargetID.isValid(prefix.map { $0 + "x" } ?? "") {
                    throw .invalidGivenID(option: "--prefix", value: prefix ?? "")
                }
                throw .invalidTargetID(context: brand ?? (prefix == nil ? name : fileStem), tried: candidate)
            }
            if ids.contains(candidate) { throw .duplicateTargetID(candidate) }
            ids.append(candidate)
        }
        return ids
    }

    /// `acme-bank`, `acme_bank`, `acmeBank` → `Acme Bank`.
    static func titleCase(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            if character == "-" || character == "_" || character == " " || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                if character.isUppercase, let previous, previous.isLowercase, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// `<prefix>.<brand>` with the brand reduced to letters, digits and hyphens.
    /// A client's `app`: its name and bundle id, and, when the bundle id is not one
    /// Android accepts (a brand id with hyphens gives `com.acme.acme-bank`), an
    /// `androidPackage` made from it (`com.acme.acme_bank`).
    static func app(displayName: String, bundleID: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("displayName", .string(displayName)), ("bundleId", .string(bundleID))]
        if AndroidApplicationID.problem(bundleID) != nil {
            members.append(("androidPackage", .string(AndroidApplicationID.suggestion(for: bundleID))))
        }
        return .makeObject(members)
    }

    /// An `app` the tokens gave, with `--display-name` in place of its name when given,
    /// and an Android package when its bundle id is not one Android accepts.
    static func app(_ given: JSONValue, displayName: String?) -> JSONValue {
        guard case .object(var object) = given else { return given }
        let location = JSONLocation.synthesized
        if let displayName { object.set("displayName", JSONNode(.string(displayName), at: location)) }
        if object["androidPackage"] == nil, let bundleID = object["bundleId"]?.value.stringValue,
            AndroidApplicationID.problem(bundleID) != nil
        {
            object.set("androidPackage", JSONNode(.string(AndroidApplicationID.suggestion(for: bundleID)), at: location))
        }
        return .object(object)
    }

    static func bundleID(prefix: String, brand: String) -> String {
        let trimmedPrefix = prefix.hasSuffix(".") ? String(prefix.dropLast()) : prefix
        let part = String(targetID(from: brand).filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        return trimmedPrefix + "." + part
    }

    /// The style format's bundle id rule: two or more dot-separated parts of letters,
    /// digits and hyphens, the first starting with a letter.
    static func isValidBundleID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, text.utf8.count <= 155 else { return false }
        for (index, part) in parts.enumerated() {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return false }
            if index == 0, let first = part.first, !first.isLetter { return false }
        }
        return true
    }

    /// A file name without `.resolver.json`, `.tokens.json` or `.json`.
    static func stem(of path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".resolver.json", ".tokens.json", ".json"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        return name
    }
}
