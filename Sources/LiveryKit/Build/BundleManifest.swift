import Crypto
import Foundation
import LiveryGit
import LiveryJSON

/// `manifest.json`: what a bundle was built from and every file in it with its
/// SHA-256 and size. Deterministic (no timestamps, no paths of the machine), so
/// two builds of the same input are byte-identical.
public enum BundleManifest {
    public static let fileName = "manifest.json"
    public static let generator = "livery"

    /// What makes a bundle up to date: the trees of the target and its ancestors,
    /// the schema, the platforms and livery's version.
    public struct Inputs: Sendable, Equatable {
        public var trees: [(id: String, tree: ObjectID)]
        public var schemaSHA256: String
        public var platforms: [String]
        public var version: String

        public static func == (lhs: Inputs, rhs: Inputs) -> Bool {
            lhs.fingerprint == rhs.fingerprint
        }

        /// One hash of everything above.
        public var fingerprint: String {
            var text = "livery \(version)\nschema \(schemaSHA256)\nplatforms \(platforms.joined(separator: ","))\n"
            for (id, tree) in trees { text += "tree \(id) \(tree.hex)\n" }
            return sha256(Array(text.utf8))
        }
    }

    public static func sha256(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    public static func document(id: String, source: some Source, schemaID: String, inputs: Inputs, files: [(path: String, bytes: [UInt8])]) -> JSONValue {
        .makeObject([
            ("generator", .string(generator)),
            ("livery", .string(inputs.version)),
            ("id", .string(id)),
            ("source", .makeObject([
                ("commit", .optionalString(source.commit?.id.hex)),
                ("revision", .optionalString(source.commit?.spec)),
                ("trees", .makeObject(inputs.trees.map { ($0.id, .string($0.tree.hex)) })),
            ])),
            ("schema", .makeObject([("id", .string(schemaID)), ("sha256", .string(inputs.schemaSHA256))])),
            ("platforms", .makeArray(inputs.platforms.map { .string($0) })),
            ("inputs", .string(inputs.fingerprint)),
            ("files", .makeArray(files.sorted { $0.path < $1.path }.map { file in
                .makeObject([("path", .string(file.path)), ("sha256", .string(sha256(file.bytes))), ("size", .integer(file.bytes.count))])
            })),
        ])
    }

    /// `manifest.json` as bytes: exactly `JSONWriter.write(document(…))` (a test
    /// holds the two equal), written directly because a bundle lists a hundred
    /// files and a build writes thousands of bundles.
    /// It pays: writing through the tree instead costs 5.6 % on build (CPU time, 2026-11-25).
    public static func bytes(id: String, source: some Source, schemaID: String, inputs: Inputs, files: [(path: String, bytes: [UInt8])]) -> [UInt8] {
        func quoted(_ text: String?) -> String { text.map(JSONWriter.quoted) ?? "null" }
        var out = "{\n  \"files\": "
        let sorted = files.sorted { $0.path < $1.path }
        if sorted.isEmpty {
            out += "[]"
        } else {
            out += "["
            // Every file is hashed, shared assets too: remembering digests by buffer
            // address saved only 2.8 % of a build (CPU time, 2026-11-25), under the
            // 3 % a hand-optimisation must pay to stay.
            for (index, file) in sorted.enumerated() {
                out += index == 0 ? "\n    {\n      \"path\": " : ",\n    {\n      \"path\": "
                out += quoted(file.path) + ",\n      \"sha256\": \"" + sha256(file.bytes) + "\",\n      \"size\": " + String(file.bytes.count) + "\n    }"
            }
            out += "\n  ]"
        }
        out += ",\n  \"generator\": " + quoted(generator)
        out += ",\n  \"id\": " + quoted(id)
        out += ",\n  \"inputs\": " + quoted(inputs.fingerprint)
        out += ",\n  \"livery\": " + quoted(inputs.version)
        out += ",\n  \"platforms\": "
        out += inputs.platforms.isEmpty ? "[]" : "[\n" + inputs.platforms.map { "    " + quoted($0) }.joined(separator: ",\n") + "\n  ]"
        out += ",\n  \"schema\": {\n    \"id\": " + quoted(schemaID) + ",\n    \"sha256\": " + quoted(inputs.schemaSHA256) + "\n  }"
        out += ",\n  \"source\": {\n    \"commit\": " + quoted(source.commit?.id.hex) + ",\n    \"revision\": " + quoted(source.commit?.spec)
        out += ",\n    \"trees\": "
        // Later entries win, as they do in an object built from the same pairs; keys sorted by UTF-8.
        var trees: [String: String] = [:]
        for (target, tree) in inputs.trees { trees[target] = tree.hex }
        let keys = trees.keys.sorted(by: JSONWriter.utf8Precedes)
        out += keys.isEmpty ? "{}" : "{\n" + keys.map { "      " + quoted($0) + ": " + quoted(trees[$0]) }.joined(separator: ",\n") + "\n    }"
        out += "\n  }\n}\n"
        return Array(out.utf8)
    }

    /// The inputs fingerprint recorded in a bundle's manifest, or nil.
    ///
    /// Asked for every bundle on every build, so it looks for the two top-level
    /// lines livery writes instead of parsing the whole file list; a manifest
    /// written by hand or damaged simply counts as out of date.
    public static func recordedInputs(in bundle: URL) -> String? {
        scan(bundle).inputs
    }

    /// True for a directory whose manifest says livery wrote it.
    public static func isLiveryBundle(_ bundle: URL) -> Bool {
        scan(bundle).isLivery
    }

    static let generatorLine = Array("\n  \"generator\": \"\(generator)\",\n".utf8)
    static let inputsPrefix = Array("\n  \"inputs\": \"".utf8)

    static func scan(_ bundle: URL) -> (isLivery: Bool, inputs: String?) {
        guard let data = FileManager.default.contents(atPath: bundle.appendingPathComponent(fileName).path) else { return (false, nil) }
        let bytes = [UInt8](data)
        guard find(generatorLine, in: bytes) != nil else { return (false, nil) }
        guard let start = find(inputsPrefix, in: bytes), start + inputsPrefix.count + 64 + 3 <= bytes.count else { return (true, nil) }
        let valueStart = start + inputsPrefix.count
        let value = bytes[valueStart..<(valueStart + 64)]
        let isHex = value.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
        guard isHex, bytes[valueStart + 64] == UInt8(ascii: "\""), bytes[valueStart + 65] == UInt8(ascii: ",") else { return (true, nil) }
        return (true, String(decoding: value, as: UTF8.self))
    }

    /// The offset of the last `needle` in `haystack`, or nil. From the end, because
    /// the lines looked for follow the file list, which is most of a manifest; an
    /// indented line at the top level cannot occur inside the list, so the last
    /// match is the only one.
    ///
    /// A plain loop: `firstRange(of:)` made a no-op build of 500 bundles about
    /// 18 times slower (measured 2026-11-25).
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for index in stride(from: haystack.count - needle.count, through: 0, by: -1)
        where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
