import Foundation
import LiveryJSON
import Testing

@testable import LiveryCore

/// The shared variant cases in `Tests/Fixtures/variant-cases/`, whose answers
/// were computed apart from livery (Python's hashlib and zoneinfo, see
/// make-cases.py): the Kotlin runtime runs the same files and must agree.
@Suite struct VariantCaseTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/variant-cases")

    static func load(_ name: String) throws -> JSONObject {
        let bytes = try Array(Data(contentsOf: directory.appendingPathComponent(name)))
        return try #require(JSONReader.parse(bytes, file: name).value.objectValue)
    }

    /// A set made of the case's definitions (no styles: only the choice is checked).
    static func set(of variants: JSONObject) throws -> VariantSet {
        let entries = try variants.members.map { member in
            VariantSet.Entry(
                definition: try VariantParser.definition(member.value, name: member.key), patch: .makeObject([]),
                result: String(repeating: "0", count: 64))
        }
        return VariantSet(client: String(repeating: "0", count: 64), entries: entries)
    }

    static func context(_ object: JSONObject) throws -> VariantContext {
        VariantContext(
            installID: try #require(object["installId"]?.value.stringValue),
            country: object["country"]?.value.stringValue, locale: object["locale"]?.value.stringValue,
            platform: object["platform"]?.value.stringValue, appVersion: object["appVersion"]?.value.stringValue,
            date: try #require(UpdateTime(text: object["date"]?.value.stringValue ?? ""))
        )
    }

    @Test func everyBucketVectorMatches() throws {
        let vectors = try #require(Self.load("buckets.json")["vectors"]?.value.arrayValue)
        #expect(vectors.count == 20)
        for vector in vectors {
            let object = try #require(vector.value.objectValue)
            let seed = try #require(object["seed"]?.value.stringValue)
            let id = try #require(object["installId"]?.value.stringValue)
            let expected = try #require(object["bucket"]?.value.numberValue.flatMap { Int64($0.literal) })
            #expect(InstallBucket.bucket(seed: seed, installID: id) == expected, "seed \(seed) install \(id)")
        }
    }

    @Test func everyDecisionMatches() throws {
        let cases = try #require(Self.load("decisions.json")["cases"]?.value.arrayValue)
        var checked = 0
        for item in cases {
            let object = try #require(item.value.objectValue)
            let name = object["name"]?.value.stringValue ?? ""
            let set = try Self.set(of: try #require(object["variants"]?.value.objectValue))
            for contextNode in try #require(object["contexts"]?.value.arrayValue) {
                let contextObject = try #require(contextNode.value.objectValue)
                let choice = set.choose(for: try Self.context(contextObject))
                #expect(choice?.variant == contextObject["expect"]?.value.stringValue, "\(name): \(contextNode.location)")
                if let experiment = contextObject["experiment"] {
                    #expect(choice?.experiment == experiment.value.stringValue, "\(name): \(contextNode.location)")
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func everyRefusedFileIsRefusedAtItsPointer() throws {
        let refused = try #require(Self.load("decisions.json")["refused"]?.value.arrayValue)
        for item in refused {
            let object = try #require(item.value.objectValue)
            let variant = try #require(object["variant"])
            let pointer = try #require(object["pointer"]?.value.stringValue)
            do {
                _ = try VariantParser.definition(variant, name: "v")
                Issue.record("\(object["name"]?.value.stringValue ?? ""): accepted")
            } catch {
                #expect(error.pointer.description == pointer, "\(object["name"]?.value.stringValue ?? ""): \(error.message)")
            }
        }
    }
}
