import LiveryImport
import LiveryJSON
import LiveryTargets
import Synchronization
import Testing

/// Token files in memory, served as a `DTCGFileProvider` would serve a directory,
/// counting every read so tests can check each file is read once.
final class ReaderTestFiles: DTCGFileProvider {
    let files: [String: [UInt8]]
    private let readLog = Mutex<[String]>([])

    init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    init(bytes: [String: [UInt8]]) {
        self.files = bytes
    }

    func read(_ relativePath: String) -> DTCGFileRead {
        readLog.withLock { $0.append(relativePath) }
        guard let bytes = files[relativePath] else { return .missing }
        return .bytes(bytes)
    }

    var reads: [String] { readLog.withLock { $0 } }
}

/// Helpers the reader's tests share.
enum ReaderTest {
    /// Loads `entry` (or every file, in the order given, when `entry` is nil) and resolves `selection`.
    static func resolve(_ files: [String: String], entry: [String], selection: [String: String] = [:]) throws(DTCGImportFailure)
        -> DTCGRead<DTCGTokenSet>
    {
        let input = try DTCGInput.load(entry, provider: ReaderTestFiles(files))
        return try input.resolve(selection)
    }

    /// The diagnostics `body` fails with; empty (and a recorded issue) when it does not fail.
    static func failure<T>(_ body: () throws(DTCGImportFailure) -> T, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
        do {
            _ = try body()
            Issue.record("expected the import to fail", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The numbers of an array value, e.g. a colour's `components`.
    static func numbers(_ node: JSONNode?) -> [Double] {
        node?.value.arrayValue?.compactMap { $0.value.numberValue?.doubleValue } ?? []
    }
}

extension DTCGTokenSet {
    /// The token at a dotted path, for tests.
    func readerToken(_ dotted: String) -> DTCGToken? {
        token(at: dotted.split(separator: ".").map(String.init))
    }
}
