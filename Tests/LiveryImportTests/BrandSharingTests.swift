import LiveryImport
import LiveryJSON
import LiveryTestSupport
import Testing

@Suite("Brand sharing: a parent with what every brand shares, children with the rest")
struct BrandSharingTests {
    static func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Array(text.utf8), file: "style.json").value
    }

    /// Values style.json replaces whole when a child sets them: colours, images, shapes.
    static func replacesWhole(_ path: [String]) -> Bool {
        (path.count == 2 && (path[0] == "colors" || path[0] == "images"))
            || (path.count == 4 && path[0] == "components" && path[3] == "shape")
    }

    /// The child merged over the parent, as livery merges a target over the one it extends.
    static func merged(_ child: JSONValue, over parent: JSONValue) -> JSONValue? {
        MergePatch.apply(JSONNode(child, at: .synthesized), to: JSONNode(parent, at: .synthesized), replacesWhole: replacesWhole)?.value
    }

    @Test func sharedTokensGoToTheParentWholeAndEachChildKeepsWhatDiffers() throws {
        let acme = try Self.parse(
            ##"""
            {"colors": {"primary": "#111111", "background": {"light": "#FFFFFF", "dark": "#000000"}},
             "fonts": {"body": {"family": "Inter", "size": 16, "weight": "regular"}},
             "animations": {"fade": {"short": 0.2, "long": 0.5}},
             "components": {"button": {"primary": {"background": "{colors.primary}", "shape": {"roundedRectangle": {"cornerRadius": 8}}}}},
             "flags": {"beta": true}}
            """##)
        let bolt = try Self.parse(
            ##"""
            {"colors": {"primary": "#222222", "background": {"light": "#FFFFFF", "dark": "#000000"}},
             "fonts": {"body": {"family": "Inter", "size": 17, "weight": "regular"}},
             "animations": {"fade": {"short": 0.2, "long": 0.6}},
             "components": {"button": {"primary": {"background": "{colors.primary}", "shape": {"roundedRectangle": {"cornerRadius": 8}}}}},
             "flags": {"beta": false}}
            """##)
        let (parent, children) = BrandSharing.split(["acme": acme, "bolt": bolt])
        #expect(
            JSONWriter.compact(parent, sortedKeys: true)
                == ##"{"animations":{"fade":{"short":0.2}},"colors":{"background":{"dark":"#000000","light":"#FFFFFF"}},"components":{"button":{"primary":{"background":"{colors.primary}","shape":{"roundedRectangle":{"cornerRadius":8}}}}}}"##
        )
        // A font differs in its size only, but a font is one token: the child keeps all of it.
        #expect(
            JSONWriter.compact(try #require(children["bolt"]), sortedKeys: true)
                == ##"{"animations":{"fade":{"long":0.6}},"colors":{"primary":"#222222"},"flags":{"beta":false},"fonts":{"body":{"family":"Inter","size":17,"weight":"regular"}}}"##
        )
        for (id, document) in [("acme", acme), ("bolt", bolt)] {
            #expect(Self.merged(try #require(children[id]), over: parent) == document, "\(id)")
        }
    }

    @Test func nothingSharedLeavesAnEmptyParentAndEmptySectionsOut() throws {
        let one = try Self.parse(##"{"colors": {"a": "#111111"}, "flags": {"x": 1}}"##)
        let two = try Self.parse(##"{"colors": {"a": "#222222"}, "flags": {"x": 1}}"##)
        let (parent, children) = BrandSharing.split(["one": one, "two": two])
        #expect(JSONWriter.compact(parent) == ##"{"flags":{"x":1}}"##)
        #expect(JSONWriter.compact(try #require(children["one"])) == ##"{"colors":{"a":"#111111"}}"##)
        #expect(BrandSharing.split([:]).children.isEmpty)
    }

    @Test func anEmptyVariantIsKeptAsAToken() throws {
        let one = try Self.parse(##"{"components": {"spacer": {"default": {}}, "button": {"a": {"tint": "#111111"}}}}"##)
        let two = try Self.parse(##"{"components": {"spacer": {"default": {}}, "button": {"a": {"tint": "#222222"}}}}"##)
        let (parent, children) = BrandSharing.split(["one": one, "two": two])
        #expect(JSONWriter.compact(parent) == ##"{"components":{"spacer":{"default":{}}}}"##)
        #expect(Self.merged(try #require(children["two"]), over: parent) == two)
    }

    // MARK: Property: random documents split and merge back exactly

    /// A random style document from small pools of names and values, so that
    /// brands often share a token and often do not.
    struct Generator {
        var random: SeededRandom

        mutating func pick<T>(_ values: [T]) -> T {
            values[Int(random.next() % UInt64(values.count))]
        }

        mutating func chance(_ percent: UInt64) -> Bool {
            random.next() % 100 < percent
        }

        mutating func color() -> JSONValue {
            let hex = pick(["#111111", "#222222", "#FFFFFF", "#00000080"])
            switch random.next() % 3 {
            case 0: return .string(hex)
            case 1: return .makeObject([("light", .string(hex)), ("dark", .string(pick(["#000000", "#333333"])))])
            default: return .string(pick(["{colors.a}", "{palettes.brand.light04}"]))
            }
        }

        mutating func section(_ names: [String], _ value: (inout Generator) -> JSONValue) -> JSONValue? {
            var pairs: [(String, JSONValue)] = []
            for name in names where chance(60) { pairs.append((name, value(&self))) }
            return pairs.isEmpty ? nil : .makeObject(pairs)
        }

        mutating func document() -> JSONValue {
            var pairs: [(String, JSONValue)] = []
            func add(_ key: String, _ value: JSONValue?) { if let value { pairs.append((key, value)) } }
            add("palettes", section(["brand", "gray"]) { .string($0.pick(["#11A4D6", "#6B7280"])) })
            add("colors", section(["a", "b", "c", "d"]) { $0.color() })
            add(
                "fonts",
                section(["body", "title"]) { generator in
                    .makeObject([
                        ("family", .string(generator.pick(["Inter", "Karla"]))), ("size", .integer(generator.pick([12, 16]))),
                        ("weight", .string("regular")),
                    ])
                })
            add("dimensions", section(["s", "m", "l"]) { .integer($0.pick([4, 8, 16])) })
            add(
                "animations",
                section(["fade", "spring"]) { generator in
                    generator.section(["short", "long"]) { .number(JSONNumber(literal: $0.pick(["0.2", "0.5"]))) }
                        ?? .makeObject([("short", .integer(1))])
                })
            add(
                "components",
                section(["button", "text"]) { generator in
                    generator.section(["primary", "plain"]) { generator in
                        if generator.chance(10) { return .makeObject([]) }
                        return generator.section(["background", "font", "shape", "label"]) { generator in
                            generator.pick([
                                .string("{colors.a}"), .string("body"), .string("capsule"), .bool(true),
                                .makeObject([("roundedRectangle", .makeObject([("cornerRadius", .integer(generator.pick([4, 8])))]))]),
                            ])
                        } ?? .makeObject([])
                    } ?? .makeObject([])
                })
            add("flags", section(["beta", "limit", "welcome"]) { $0.pick([.bool(true), .integer(5), .string("Hi")]) })
            return .makeObject(pairs)
        }
    }

    /// The property below means something only if the random brands both share and differ.
    @Test func theRandomBrandsShareSomeTokensAndNotOthers() {
        var sharedSections = 0
        var ownSections = 0
        for seed in UInt64(0)..<50 {
            var generator = Generator(random: SeededRandom(seed: seed))
            let documents = ["a": generator.document(), "b": generator.document()]
            let (parent, children) = BrandSharing.split(documents)
            sharedSections += parent.objectValue?.count ?? 0
            ownSections += children.values.reduce(0) { $0 + ($1.objectValue?.count ?? 0) }
        }
        #expect(sharedSections > 20)
        #expect(ownSections > 50)
    }

    @Test(arguments: 0..<200)
    func mergingEachChildOverTheParentGivesBackItsDocument(seed: UInt64) throws {
        var generator = Generator(random: SeededRandom(seed: seed))
        var documents: [String: JSONValue] = [:]
        let count = 2 + Int(generator.random.next() % 4)
        for index in 0..<count { documents["brand-\(index)"] = generator.document() }
        let (parent, children) = BrandSharing.split(documents)
        #expect(Set(children.keys) == Set(documents.keys))
        for (id, document) in documents {
            let child = try #require(children[id])
            #expect(Self.merged(child, over: parent) == document, "seed \(seed), \(id)")
            // Nothing is in both: a child never repeats what the parent holds.
            for section in child.objectValue?.members ?? [] {
                for token in section.value.value.objectValue?.members ?? [] where !["animations", "components"].contains(section.key) {
                    #expect(
                        parent.objectValue?[section.key]?.value.objectValue?[token.key] == nil,
                        "seed \(seed): \(section.key).\(token.key) in parent and \(id)")
                }
            }
        }
        // The parent holds only what every brand has, equal.
        for section in parent.objectValue?.members ?? [] where !["animations", "components"].contains(section.key) {
            for token in section.value.value.objectValue?.members ?? [] {
                for (id, document) in documents {
                    #expect(
                        document.objectValue?[section.key]?.value.objectValue?[token.key]?.value == token.value.value,
                        "seed \(seed): \(section.key).\(token.key) not in \(id)")
                }
            }
        }
    }
}
