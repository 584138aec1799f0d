import Crypto
import Foundation
import LiveryGit
import LiveryJSON

/// `manifest.json`: what a bundle was built from and every file in it with its
/// SHA-256 and size. Deterministic (no timestamps, no paths of the machine), so
/// two builds of the same input are byte-identical.
package enum BundleManifest {
    package static let fileName = "manifest.json"
    static let generator = "livery"

    /// What makes a bundle up to date: the trees of the target and its ancestors,
    /// the schema, the platforms and livery's version.
    package struct Inputs: Sendable, Equatable {
        var trees: [(id: String, tree: ObjectID)]
        var schemaSHA256: String
        var platforms: [String]
        var version: String

        package static func == (lhs: Inputs, rhs: Inputs) -> Bool {
            lhs.fingerprint == rhs.fingerprint
        }

        /// One hash of everything above.
        package var fingerprint: String {
            var text = "livery \(version)\nschema \(schemaSHA256)\nplatforms \(platforms.joined(separator: ","))\n"
            for (id, tree) in trees { text += "tree \(id) \(tree.hex)\n" }
            return sha256(Array(text.utf8))
        }
    }

    package static func sha256(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    static func document(id: String, source: some Source, schemaID: String, inputs: Inputs, files: [BundleFile]) -> JSONValue {
        .makeObject([
            ("generator", .string(generator)),
            ("livery", .string(inputs.version)),
            ("id", .string(id)),
            (
                "source",
                .makeObject([
                    ("commit", .optionalString(source.commit?.id.hex)),
                    ("revision", .optionalString(source.commit?.spec)),
                    ("trees", .makeObject(inputs.trees.map { ($0.id, .string($0.tree.hex)) })),
                ])
            ),
            ("schema", .makeObject([("id", .string(schemaID)), ("sha256", .string(inputs.schemaSHA256))])),
            ("platforms", .makeArray(inputs.platforms.map { .string($0) })),
            ("inputs", .string(inputs.fingerprint)),
            (
                "files",
                .makeArray(
                    files.sorted { $0.path < $1.path }.map { file in
                        .makeObject([
                            ("path", .string(file.path)), ("sha256", .string(sha256(file.bytes))), ("size", .integer(file.bytes.count)),
                        ])
                    })
            ),
        ])
    }

    /// Fills in each file's `sha256`. Files of one origin hold the same bytes
    /// and are hashed once: a bundle's images are most of what it hashes, and
    /// each is there for two or three platforms.
    package static func hash(_ files: inout [BundleFile]) {
        var byOrigin: [BundleFile.Origin: String] = [:]
        for index in files.indices where files[index].sha256 == nil {
            guard let origin = files[index].origin else {
                files[index].sha256 = sha256(files[index].bytes)
                continue
            }
            if let known = byOrigin[origin] {
                files[index].sha256 = known
            } else {
                let digest = sha256(files[index].bytes)
                byOrigin[origin] = digest
                files[index].sha256 = digest
            }
        }
    }

    /// `manifest.json` as bytes: exactly `JSONWriter.write(document(…))` (a test
    /// holds the two equal), streamed member by member because a bundle lists
    /// a hundred files and a build writes thousands of bundles.
    /// It pays: writing through the tree instead costs 5.6 % on build (CPU time, 2026-11-25).
    package static func bytes(id: String, source: some Source, schemaID: String, inputs: Inputs, files: [BundleFile]) -> [UInt8] {
        var out = JSONWriter.Stream()
        out.beginObject()
        out.key("files")
        out.beginArray()
        // Positions sorted, not the files: a file moved is retained and released.
        for index in files.indices.sorted(by: { files[$0].path < files[$1].path }) {
            let file = files[index]
            let digest = file.sha256 ?? sha256(file.bytes)
            out.beginElementObject()
            out.key("path")
            out.string(file.path)
            out.key("sha256")
            out.string(digest)
            out.key("size")
            out.value(.integer(file.bytes.count))
            out.endObject()
        }
        out.endArray()
        out.key("generator")
        out.string(generator)
        out.key("id")
        out.string(id)
        out.key("inputs")
        out.string(inputs.fingerprint)
        out.key("livery")
        out.string(inputs.version)
        out.key("platforms")
        out.beginArray()
        for platform in inputs.platforms { out.element(.string(platform)) }
        out.endArray()
        out.key("schema")
        out.beginObject()
        out.key("id")
        out.string(schemaID)
        out.key("sha256")
        out.string(inputs.schemaSHA256)
        out.endObject()
        out.key("source")
        out.beginObject()
        out.key("commit")
        out.value(.optionalString(source.commit?.id.hex))
        out.key("revision")
        out.value(.optionalString(source.commit?.spec))
        out.key("trees")
        out.beginObject()
        // Later entries win, as they do in an object built from the same pairs; keys sorted by UTF-8.
        var trees: [String: String] = [:]
        for (target, tree) in inputs.trees { trees[target] = tree.hex }
        for target in JSONWriter.Stream.sortedUTF8(Array(trees.keys)) {
            out.key(target)
            out.string(trees[target] ?? "")
        }
        out.endObject()
        out.endObject()
        out.endObject()
        return out.finish()
    }

    /// The inputs fingerprint recorded in a bundle's manifest, or nil.
    ///
    /// Asked for every bundle on every build, so it looks for the two top-level
    /// lines livery writes instead of parsing the whole file list; a manifest
    /// written by hand or damaged simply counts as out of date.
    static func recordedInputs(in bundle: URL) -> String? {
        scan(bundle).inputs
    }

    /// True for a directory whose manifest says livery wrote it.
    static func isLiveryBundle(_ bundle: URL) -> Bool {
        scan(bundle).isLivery
    }

    static let generatorLine = Array("\n  \"generator\": \"\(generator)\",\n".utf8)
    static let inputsPrefix = Array("\n  \"inputs\": \"".utf8)

    static func scan(_ bundle: URL) -> (isLivery: Bool, inputs: String?) {
        // Plain system calls, not Foundation: a build asks for every bundle's
        // manifest, one after another, before its workers start. livery's are
        // kilobytes; 64 MiB is far past any it writes.
        scan(bytes: FileDescriptorIO.readRegularFile(atPath: bundle.path + "/" + fileName, limit: 64 << 20))
    }

    /// What a manifest's bytes say: whether livery wrote it, and the inputs it records.
    package static func scan(bytes: [UInt8]?) -> (isLivery: Bool, inputs: String?) {
        guard let bytes else { return (false, nil) }
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
