import LiveryCore
import LiveryJSON

/// Font tokens: family, size (a number or a dimension alias), weight and an
/// optional font file; or an alias to another font.
extension Resolution {
    mutating func font(named name: String) -> ResolvedFont?? {
        if let memo = fontMemo[name] { return memo }
        guard let node = group("fonts")[name] else { return .some(nil) }
        let pointer = ["fonts", name]
        guard enter("fonts.\(name)", node, pointer: pointer) else { return .some(nil) }
        defer { leave() }
        let token: ResolvedFont?
        switch node.value {
        case .string(let text):
            if case .success(let reference)? = TokenReference.parse(text), reference.group == .fonts, reference.path.count == 1 {
                if group("fonts")[reference.path[0]] == nil {
                    error(
                        .aliasMissing,
                        "\(reference) points at no font\(NameSuggestion.hint(for: reference.path[0], in: group("fonts").keys))", node,
                        pointer)
                    token = nil
                } else {
                    token = font(named: reference.path[0]) ?? nil
                    if token != nil { noteAlias(pointer, "fonts.\(reference.path[0])") }
                }
            } else {
                error(
                    .font, "font '\(name)' must be an object with family, size and weight, or an alias such as {fonts.body}", node, pointer)
                token = nil
            }
        case .object(let object):
            token = fontObject(object, node: node, name: name, pointer: pointer)
        default:
            error(.font, "font '\(name)' must be an object with family, size and weight, found \(node.value.typeName)", node, pointer)
            token = nil
        }
        fontMemo[name] = .some(token)
        return .some(token)
    }

    mutating func fontObject(_ object: JSONObject, node: JSONNode, name: String, pointer: [String]) -> ResolvedFont? {
        guard let family = object["family"]?.value.stringValue, !family.isEmpty else {
            error(.font, "font '\(name)' needs a \"family\"", object["family"] ?? node, pointer + ["family"])
            return nil
        }
        guard let sizeNode = object["size"],
            let size = number(sizeNode, pointer: pointer + ["size"], kind: .dimensions, what: "size of font '\(name)'")
        else {
            if object["size"] == nil { error(.font, "font '\(name)' needs a \"size\"", node, pointer) }
            return nil
        }
        if size <= 0 {
            error(.font, "size of font '\(name)' must be greater than 0, found \(size)", sizeNode, pointer + ["size"])
            return nil
        }
        let weightText = object["weight"]?.value.stringValue ?? "regular"
        guard let weight = FontWeight(rawValue: weightText) else {
            let known = FontWeight.allCases.map(\.rawValue)
            error(
                .font,
                "weight of font '\(name)' must be one of \(known.joined(separator: " ")), found \"\(weightText)\"\(NameSuggestion.hint(for: weightText, in: known))",
                object["weight"] ?? node, pointer + ["weight"])
            return nil
        }
        var token = ResolvedFont(family: family, size: size, weight: weight, file: nil)
        if let fileNode = object["file"], let path = fileNode.value.stringValue {
            token.file = asset(path, node: fileNode, pointer: pointer + ["file"], allowed: [.truetype, .opentype])
            switch token.file?.info.font {
            case .failure(let problem)?:
                error(.fontFile, "'\(path)' cannot be bundled: \(problem)", fileNode, pointer + ["file"])
                return nil
            case .success(let facts)?:
                checkAgainstFile(
                    facts, family: family, weight: weight, path: path, object: object, node: node, name: name, pointer: pointer)
            case nil:
                break
            }
        }
        return token
    }

    /// Warns when the style's `family` or `weight` is not what the font file says:
    /// platforms look the file up by its own names and weight, so a wrong family
    /// reaches theme.css and styles.xml as a name no font has.
    mutating func checkAgainstFile(
        _ facts: FontFacts, family: String, weight: FontWeight, path: String, object: JSONObject, node: JSONNode, name: String,
        pointer: [String]
    ) {
        let described =
            "'\(path)' is \(facts.fullName ?? facts.postScriptName ?? "a font") (PostScript name \(facts.postScriptName ?? "none"))"
        if let fileFamily = facts.preferredFamily, !facts.familyNames.contains(family) {
            let others = facts.familyNames.filter { $0 != fileFamily }.map { ", or \"\($0)\"" }.joined()
            warning(
                .fontFamily,
                "font '\(name)' gives family \"\(family)\" but \(described), of family \"\(fileFamily)\" (did you mean \"\(fileFamily)\"\(others)?)",
                object["family"] ?? node, pointer + ["family"])
        }
        if !facts.covers(weight: weight.numeric) {
            let fileWeight =
                facts.weightAxis.map { "weights \(Int($0.lowerBound)) to \(Int($0.upperBound))" } ?? "weight \(facts.weightClass)"
            let nearest = FontWeight.nearest(to: facts.weightAxisDefault.map { Int($0) } ?? facts.weightClass)
            warning(
                .fontWeight,
                "font '\(name)' gives weight \"\(weight.rawValue)\" (\(weight.numeric)) but \(described), \(fileWeight) (did you mean \"\(nearest.rawValue)\"?); a platform would draw a synthetic weight",
                object["weight"] ?? node, pointer + ["weight"])
        }
    }
}

extension FontWeight {
    /// The named weight closest to a numeric one (ties go to the lighter).
    static func nearest(to numeric: Int) -> FontWeight {
        allCases.min { abs($0.numeric - numeric) < abs($1.numeric - numeric) } ?? .regular
    }
}
