import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Merge patch generation (the inverse of RFC 7396 apply)")
struct MergePatchDiffTests {
    func value(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Array(text.utf8), file: "t.json").value
    }

    func applied(_ base: JSONValue, _ patch: JSONValue?) -> JSONValue? {
        guard let patch else { return base }
        return MergePatch.apply(JSONNode(patch, at: .synthesized), to: JSONNode(base, at: .synthesized))?.value
    }

    @Test(arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":"b","b":"c"}"#, #"{"b":"c"}"#),
        (#"{"a":"b","b":"c"}"#, #"{"b":"c"}"#, #"{"a":null}"#),
        (#"{"a":{"b":"c","d":1}}"#, #"{"a":{"b":"d"}}"#, #"{"a":{"b":"d","d":null}}"#),
        (#"{"a":[1,2]}"#, #"{"a":[1,3]}"#, #"{"a":[1,3]}"#),
        (#"{"a":{"x":1}}"#, #"{"a":"flat"}"#, #"{"a":"flat"}"#),
        (#"{"a":"flat"}"#, #"{"a":{"x":1}}"#, #"{"a":{"x":1}}"#),
        (#"{"a":1.0}"#, #"{"a":1}"#, "none"),
    ])
    func examples(base: String, head: String, expected: String) throws {
        let patch = MergePatch.diff(from: try value(base), to: try value(head))
        #expect((patch.map { JSONWriter.compact($0, sortedKeys: true) } ?? "none") == expected)
    }

    @Test func nullValuesInHeadAreReportedAsUnrepresentable() throws {
        var unrepresentable: [String] = []
        let patch = MergePatch.diff(
            from: try value(#"{"a":1,"b":{"c":2}}"#), to: try value(#"{"a":null,"b":{"c":2,"d":null},"e":{"f":null}}"#),
            unrepresentable: &unrepresentable)
        #expect(unrepresentable.sorted() == ["/a", "/b/d", "/e/f"])
        #expect(patch.map { JSONWriter.compact($0, sortedKeys: true) } == #"{"a":null,"e":{"f":null}}"#)
    }

    // MARK: Property: apply(base, diff(base, head)) == head

    /// A random JSON value; objects hold no nulls (a merge patch cannot set one),
    /// arrays may. Keys come from a small set so documents overlap.
    static func randomValue(_ rng: inout SeededRandom, depth: Int, inArray: Bool = false) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &rng)
        switch choice {
        case 0: return inArray ? .null : .bool(Bool.random(using: &rng))
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .integer(Int.random(in: -3...3, using: &rng))
        case 3: return .number(JSONNumber(literal: ["0.5", "1e3", "-2.25", "10"].randomElement(using: &rng) ?? "1"))
        case 4: return .string(["", "a", "b", "#FFFFFF", "ünï", "null"].randomElement(using: &rng) ?? "a")
        case 5: return .makeArray((0..<Int.random(in: 0...3, using: &rng)).map { _ in randomValue(&rng, depth: depth - 1, inArray: true) })
        default: return randomObject(&rng, depth: depth - 1)
        }
    }

    static func randomObject(_ rng: inout SeededRandom, depth: Int) -> JSONValue {
        let keys = ["a", "b", "c", "colors", "dark", "light", "x y", "ü"]
        var pairs: [(String, JSONValue)] = []
        for key in keys where Int.random(in: 0..<3, using: &rng) == 0 {
            pairs.append((key, randomValue(&rng, depth: depth)))
        }
        return .makeObject(pairs)
    }

    /// HEAD as a variation of BASE, so pairs share most of their structure as real revisions do.
    static func mutate(_ value: JSONValue, _ rng: inout SeededRandom, depth: Int) -> JSONValue {
        guard case .object(let object) = value, depth > 0 else {
            return Int.random(in: 0..<3, using: &rng) == 0 ? randomValue(&rng, depth: depth) : value
        }
        var pairs: [(String, JSONValue)] = []
        for member in object.members {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: continue
            case 1: pairs.append((member.key, randomValue(&rng, depth: depth)))
            default: pairs.append((member.key, mutate(member.value.value, &rng, depth: depth - 1)))
            }
        }
        if Int.random(in: 0..<3, using: &rng) == 0 {
            pairs.append(("new\(Int.random(in: 0..<3, using: &rng))", randomValue(&rng, depth: depth)))
        }
        var seen: Set<String> = []
        return .makeObject(pairs.filter { seen.insert($0.0).inserted })
    }

    @Test func applyingTheDiffGivesHeadOverManyRandomPairs() {
        var rng = SeededRandom(seed: 7396)
        var nonTrivial = 0
        for round in 0..<3000 {
            let base = Self.randomObject(&rng, depth: 4)
            let head = round % 3 == 0 ? Self.randomObject(&rng, depth: 4) : Self.mutate(base, &rng, depth: 4)
            var unrepresentable: [String] = []
            let patch = MergePatch.diff(from: base, to: head, unrepresentable: &unrepresentable)
            #expect(unrepresentable.isEmpty)
            if patch != nil { nonTrivial += 1 }
            #expect((patch == nil) == (base == head), "round \(round)")
            let result = applied(base, patch)
            #expect(
                result == head,
                "round \(round): base \(JSONWriter.compact(base)) head \(JSONWriter.compact(head)) patch \(patch.map { JSONWriter.compact($0) } ?? "none")"
            )
            if result != head { break }
        }
        #expect(nonTrivial > 2000)
    }

    @Test func applyingTheDiffGivesHeadForRandomResolvedStyles() throws {
        var rng = SeededRandom(seed: 42)
        for round in 0..<300 {
            let base = RandomStyles.resolved(&rng, id: "acme")
            let head = RandomStyles.resolved(&rng, id: round % 10 == 0 ? "acme-renamed" : "acme")
            let patch = MergePatch.diff(from: base, to: head)
            #expect(applied(base, patch) == head, "round \(round)")
        }
    }
}
