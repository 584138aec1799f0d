import LiveryCore
import LiveryJSON
import LiveryTargets

/// How an imported target's own style.json is made from the sections DTCG fills:
/// the sections a parent already has are left to it, what differs is written, and
/// what the parent has but the input does not is deleted (`null`), so the target
/// merged over its parent has exactly the input's values. Everything DTCG has no
/// place for (`app`, `images`, `appIcon`, other keys) is kept as it was.
enum ImportComposition {
    /// The sections every import replaces, present or not in the input.
    static let tokenSections = ["palettes", "colors", "fonts", "dimensions", "animations"]
    /// The order of the keys of a new target's style.json.
    static let order = [
        "$schema", "abstract", "theme", "extends", "app", "palettes", "colors", "fonts", "dimensions", "animations", "components", "flags",
    ]
    static let schemaURL = "https://livery.dev/schemas/style/v1.json"

    /// The sections this import replaces for a document of `mapped` sections: the token
    /// sections, and `components`/`flags` only when the input has them.
    static func replacedSections(_ mapped: JSONObject) -> [String] {
        let extra = mapped.keys.filter { !tokenSections.contains($0) }
        return tokenSections + extra.sorted()
    }

    /// The own value of each replaced section: what turns the parent's `inherited`
    /// section into the wanted one (nil: nothing to write).
    ///
    /// A re-imported target's `existing` sections are changed only where they must be:
    /// the patch from what the target had (its section over the parent's) to what is
    /// wanted is laid over its own section, so values it wrote itself and the parent
    /// also has stay written, and an unchanged import changes nothing.
    static func ownSections(
        wanted: JSONObject, inherited: JSONObject?, existing: JSONObject? = nil, sections: [String], replacesWhole: ([String]) -> Bool
    ) -> [(String, JSONValue?)] {
        sections.map { section in
            let want = wanted[section]?.value ?? .object(JSONObject())
            guard let inherited else {
                return (section, isEmptyObject(want) ? nil : want)
            }
            let have = inherited[section]?.value ?? .object(JSONObject())
            guard let mine = existing?[section] else {
                return (section, patch(from: have, to: want, path: [section], replacesWhole: replacesWhole))
            }
            let before =
                MergePatch.apply(mine, to: node(have), path: [section], replacesWhole: replacesWhole)?.value ?? .object(JSONObject())
            guard let change = patch(from: before, to: want, path: [section], replacesWhole: replacesWhole) else {
                return (section, mine.value)
            }
            let combined = compose(mine.value, change, path: [section], replacesWhole: replacesWhole)
            return (section, isEmptyObject(combined) ? nil : combined)
        }
    }

    /// One merge patch doing what `first` then `second` do: unlike applying `second`
    /// to `first`, a `null` of `second` stays, to delete the key from what both patch.
    static func compose(_ first: JSONValue, _ second: JSONValue, path: [String], replacesWhole: ([String]) -> Bool) -> JSONValue {
        guard case .object(let later) = second, case .object(var result) = first, !replacesWhole(path) else { return second }
        for member in later.members {
            if let earlier = result[member.key], !member.value.value.isNull {
                result.set(
                    member.key, node(compose(earlier.value, member.value.value, path: path + [member.key], replacesWhole: replacesWhole)))
            } else {
                result.set(member.key, member.value)
            }
        }
        return .object(result)
    }

    /// The merge patch that turns `base` into `head` when livery merges it: objects key
    /// by key (a key only in `base` becomes `null`), except where the schema replaces a
    /// value whole (a colour's appearances, a shape), where a different value is written
    /// whole. Nil when they are equal.
    static func patch(from base: JSONValue, to head: JSONValue, path: [String], replacesWhole: ([String]) -> Bool) -> JSONValue? {
        if same(base, head, path: path) { return nil }
        guard case .object(let old) = base, case .object(let new) = head, !replacesWhole(path) else { return head }
        var result = JSONObject()
        for member in new.members {
            let before = old[member.key]?.value
            if let before {
                if let changed = patch(from: before, to: member.value.value, path: path + [member.key], replacesWhole: replacesWhole) {
                    result.set(member.key, node(changed))
                }
            } else {
                result.set(member.key, member.value)
            }
        }
        for member in old.members where new[member.key] == nil { result.set(member.key, node(.null)) }
        return .object(result)
    }

    /// The target's own document: `existing` (a re-import) with the replaced sections
    /// set, or a new one. `extends` nil leaves an existing `extends` as it is.
    static func document(
        existing: JSONObject?, extends: String?, abstract: Bool, theme: Bool = false, app: JSONValue?, sections: [(String, JSONValue?)]
    ) -> JSONValue {
        var object = existing ?? JSONObject()
        if existing == nil {
            object.set("$schema", node(.string(schemaURL)))
        }
        if abstract { object.set("abstract", node(.bool(true))) }
        if theme { object.set("theme", node(.bool(true))) }
        if let extends { object.set("extends", node(.string(extends))) }
        if let app, object["app"] == nil { object.set("app", node(app)) }
        for (section, value) in sections {
            // A section a re-import leaves as it was keeps its spelling and order.
            if let value, let kept = object[section], same(kept.value, value, path: [section]) { continue }
            if let value { object.set(section, node(value)) } else { object.remove(section) }
        }
        // A new document in the order people write style.json; an existing one keeps its own.
        guard existing == nil else { return .object(object) }
        var ordered = JSONObject()
        for key in order { if let member = object[key] { ordered.set(key, member) } }
        for member in object.members where !order.contains(member.key) { ordered.set(member.key, member.value) }
        return .object(ordered)
    }

    /// The first value (`colors.primary`) where merging `own` over `inherited` does not give `wanted`.
    static func firstDifference(
        wanted: JSONObject, own: JSONValue, inherited: JSONObject?, sections: [String], replacesWhole: ([String]) -> Bool
    ) -> String? {
        let base = JSONNode(.object(inherited ?? JSONObject()), at: .synthesized)
        guard let merged = MergePatch.apply(node(own), to: base, replacesWhole: replacesWhole)?.value.objectValue else {
            return "the document"
        }
        for section in sections {
            let want = wanted[section]?.value ?? .object(JSONObject())
            let got = merged[section]?.value ?? .object(JSONObject())
            if let path = difference(want, got, path: [section]) { return path.joined(separator: ".") }
        }
        return nil
    }

    static func difference(_ left: JSONValue, _ right: JSONValue, path: [String]) -> [String]? {
        guard case .object(let a) = left, case .object(let b) = right else { return same(left, right, path: path) ? nil : path }
        for key in Set(a.keys).union(b.keys).sorted() {
            guard let x = a[key]?.value, let y = b[key]?.value else { return path + [key] }
            if let found = difference(x, y, path: path + [key]) { return found }
        }
        return nil
    }

    /// Fonts of `wanted` without a `file` get one: from `fonts` (a `--fonts` match,
    /// written to `assets/fonts/`), else from the first of `known` (the target's
    /// document before the import, its parent's) with a font of the same name,
    /// family and weight. Returns the fonts and the `--fonts` files used.
    static func attachFontFiles(_ wanted: JSONObject, fonts: FontFiles?, known: [JSONObject?]) -> (JSONObject, [String]) {
        guard let section = wanted["fonts"]?.value.objectValue else { return (wanted, []) }
        var updated = section
        var used: [String] = []
        for member in section.members {
            guard var font = member.value.value.objectValue, font["file"] == nil,
                let family = font["family"]?.value.stringValue,
                let weightName = font["weight"]?.value.stringValue
            else { continue }
            if let fonts, let weight = FontWeight(rawValue: weightName), let name = fonts.file(family: family, weight: weight) {
                font.set("file", node(.string("assets/fonts/" + name)))
                used.append(name)
            } else if let file = known.lazy.compactMap({ $0?["fonts"]?.value.objectValue?[member.key]?.value.objectValue })
                .first(where: { $0["family"]?.value.stringValue == family && $0["weight"]?.value.stringValue == weightName })?["file"]
            {
                font.set("file", file)
            } else {
                continue
            }
            updated.set(member.key, node(.object(font)))
        }
        var result = wanted
        result.set("fonts", node(.object(updated)))
        return (result, used)
    }

    /// The fonts of a merged document that name no file: `name (family weight)`.
    static func fontsWithoutFile(_ merged: JSONObject) -> [String] {
        guard let fonts = merged["fonts"]?.value.objectValue else { return [] }
        return fonts.members.compactMap { member in
            guard let font = member.value.value.objectValue, font["file"] == nil else { return nil }
            let family = font["family"]?.value.stringValue ?? "?"
            let weight = font["weight"]?.value.stringValue ?? "regular"
            return "\(member.key) (\(family) \(weight))"
        }
    }

    /// The `--fonts` file names a document's own fonts refer to.
    static func fontFilesWritten(in document: JSONValue, from fonts: FontFiles?) -> [String] {
        guard let fonts, let section = document.objectValue?["fonts"]?.value.objectValue else { return [] }
        var names: Set<String> = []
        for member in section.members {
            guard let file = member.value.value.objectValue?["file"]?.value.stringValue, file.hasPrefix("assets/fonts/") else { continue }
            let name = String(file.dropFirst("assets/fonts/".count))
            if fonts.files[name] != nil { names.insert(name) }
        }
        return names.sorted()
    }

    /// Equal as livery reads them: structurally; in `components` a bare token name and
    /// an alias of the same name (`accent`, `{colors.accent}`) are the same value; a
    /// colour with one value for light and dark is that value. A re-import then does not
    /// rewrite a target's values in the other spelling.
    static func same(_ left: JSONValue, _ right: JSONValue, path: [String]) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && a.members.allSatisfy { member in
                    b[member.key].map { same(member.value.value, $0.value, path: path + [member.key]) } ?? false
                }
        case (.string(let a), .string(let b)) where path.first == "components" && a != b:
            return referencedName(a).map { $0 == referencedName(b) } ?? false
        case (.string(let color), .object(let appearances)) where path.first == "colors" && path.count == 2,
            (.object(let appearances), .string(let color)) where path.first == "colors" && path.count == 2:
            // `{"light": X, "dark": X}` is the colour X in every appearance.
            return appearances.count == 2 && appearances["light"]?.value.stringValue == color
                && appearances["dark"]?.value.stringValue == color
        default:
            return left == right
        }
    }

    /// `accent` and `{colors.accent}` → `accent`; nil for anything else (a colour, a deeper alias).
    static func referencedName(_ text: String) -> String? {
        if text.hasPrefix("{"), text.hasSuffix("}") {
            let parts = text.dropFirst().dropLast().split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[1].isEmpty ? String(parts[1]) : nil
        }
        let isName = text.first?.isLetter == true && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return isName ? text : nil
    }

    static func isEmptyObject(_ value: JSONValue) -> Bool {
        if case .object(let object) = value { return object.isEmpty }
        return false
    }

    static func node(_ value: JSONValue) -> JSONNode {
        JSONNode(value, at: .synthesized)
    }
}
