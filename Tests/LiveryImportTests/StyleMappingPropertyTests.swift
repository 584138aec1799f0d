import LiveryCore
import LiveryImport
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// Whatever tokens come in, the mapping either fails with a name error, or gives
/// sections that (with an app identity) validate against livery's schema and
/// resolve without an error: aliases name tokens of the right kind, values are in range.
@Suite("Style mapping: random token sets map to valid styles")
struct StyleMappingPropertyTests {
    static let schema: JSONSchema? = {
        guard let root = try? JSONReader.parse(BuiltInStyleSchema.bytes, file: "style.schema.json") else { return nil }
        return try? JSONSchema(compiling: root)
    }()

    /// Random token sets from small pools, so that names collide, aliases chain and
    /// values repeat across appearances.
    struct Generator {
        var random: SeededRandom
        var fixture = MappingFixture()
        var appearances: [Appearance] = [.light]
        /// Paths written so far by type, for references.
        var written: [String: [String]] = [:]
        var values: [String: [Appearance: String]] = [:]

        mutating func pick<T>(_ values: [T]) -> T {
            values[Int(random.next() % UInt64(values.count))]
        }

        mutating func chance(_ percent: UInt64) -> Bool {
            random.next() % 100 < percent
        }

        mutating func number(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(random.next() % UInt64(range.count))
        }

        mutating func value(_ type: String) -> String {
            switch type {
            case "color":
                let hex = String(format: "#%02X%02X%02X", number(0...255), number(0...255), number(0...255))
                return MappingFixture.color(chance(20) ? hex + "80" : hex)
            case "dimension":
                return ##"{"value": \##(number(-4...64)), "unit": "\##(pick(["px", "px", "rem"]))"}"##
            case "duration":
                return ##"{"value": \##(pick([0, 150, 300, 61000])), "unit": "ms"}"##
            case "number":
                return String(number(-3...100))
            case "typography":
                return
                    ##"{"fontFamily": "\##(pick(["Inter", "Karla"]))", "fontSize": {"value": \##(pick([0, 12, 16, 1])), "unit": "\##(pick(["px", "rem"]))"}, "fontWeight": \##(pick([100, 400, 700, 900])), "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}"##
            case "fontFamily":
                return ##""\##(pick(["Inter", "Georgia"]))""##
            case "fontWeight":
                return String(pick([400, 700]))
            case "strokeStyle":
                return pick([##""dashed""##, ##"{"dashArray": [{"value": 2, "unit": "px"}], "lineCap": "round"}"##])
            default:
                return "[0, 0, 1, 1]"
            }
        }

        mutating func path(for type: String) -> String {
            if chance(20), ["color", "dimension", "number", "typography", "duration"].contains(type) {
                let property = pick(["background", "tint", "padding", "opacity", "font", "glow", "pressDuration"])
                return "components.\(pick(["button", "card"])).\(pick(["primary", "plain-1"])).\(property)"
            }
            if chance(5), type == "dimension" { return "components.button.primary.shape.cornerRadius" }
            let first = pick([
                "color", "colours", "spacing", "size", "font", "typography", "duration", "motion", "number", "brand", "palette",
                "dimensions",
            ])
            var segments = [first]
            for _ in 0..<number(1...3) {
                segments.append(pick(["primary", "text-hdr", "text_hdr", "bg_subtle", "Large Title", "100", "x", "2x", "on-primary"]))
            }
            return segments.joined(separator: ".")
        }

        mutating func token() {
            let type = pick([
                "color", "color", "color", "dimension", "dimension", "duration", "number", "typography", "fontFamily", "fontWeight",
                "strokeStyle", "shadow", "gradient", "cubicBezier",
            ])
            let path = path(for: type)
            guard values[path] == nil else { return }
            let target = chance(30) ? written[type]?.randomElement(using: &random) : nil
            var perAppearance: [Appearance: String] = [:]
            let same = type != "color" || chance(40)
            let shared = value(type)
            for appearance in appearances {
                if !same, appearance != .light, chance(10) { continue }
                let text = target.flatMap { values[$0]?[appearance] } ?? (same ? shared : value(type))
                perAppearance[appearance] = text
                fixture.add(appearance, path, type, text, reference: target.flatMap { values[$0]?[appearance] != nil ? $0 : nil })
            }
            values[path] = perAppearance
            written[type, default: []].append(path)
        }

        /// Exactly a livery palette, sometimes, under `palette.<name>`.
        mutating func palette() {
            let base = RGBA(red: UInt8(number(0...255)), green: UInt8(number(0...255)), blue: UInt8(number(0...255)))
            let name = pick(["brand", "gray"])
            for (shade, color) in PaletteShades.all(of: base) {
                let path = "palette.\(name).\(shade)"
                guard values[path] == nil else { return }
                let text = MappingFixture.color(color.hex)
                for appearance in appearances { fixture.add(appearance, path, "color", text) }
                values[path] = Dictionary(uniqueKeysWithValues: appearances.map { ($0, text) })
                written["color", default: []].append(path)
            }
        }

        mutating func make() -> MappingFixture {
            if chance(70) { appearances.append(.dark) }
            if chance(40) { appearances += [.highContrastLight, .highContrastDark] }
            if chance(30) { palette() }
            for _ in 0..<number(5...40) { token() }
            return fixture
        }
    }

    @Test(arguments: 0..<300)
    func aMappedStyleValidatesAndResolves(seed: UInt64) throws {
        let schema = try #require(Self.schema)
        var generator = Generator(random: SeededRandom(seed: seed))
        let fixture = generator.make()
        let mapped: MappedStyle
        do {
            mapped = try StyleMapping.map(fixture.brand)
        } catch {
            #expect(
                error.diagnostics.allSatisfy { ["dtcg-name", "dtcg-name-collision"].contains($0.rule.id) },
                "seed \(seed): \(error.diagnostics)")
            return
        }
        var object = mapped.document.objectValue ?? JSONObject()
        object.set(
            "app", JSONNode(.makeObject([("displayName", .string("Acme")), ("bundleId", .string("com.acme.app"))]), at: .synthesized))
        let document = JSONNode(.object(object), at: JSONLocation(file: "targets/acme/style.json", line: 1, column: 1))
        let violations = schema.validate(document)
        #expect(violations.isEmpty, "seed \(seed): \(violations.prefix(3)) in \(JSONWriter.compact(.object(object)))")
        let (_, diagnostics) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "seed \(seed): \(errors.prefix(3)) in \(JSONWriter.compact(.object(object)))")
    }
}
