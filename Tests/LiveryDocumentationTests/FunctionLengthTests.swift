import Foundation
import Testing

/// No function over 80 lines outside generated text (docs/architecture.md, "Code shape"):
/// every Swift file of Sources/, Tests/, Plugins/ and Fuzz/ and every Kotlin file of runtime/,
/// read by `FunctionLengthScanner`. Tests/Fixtures/ is left out: it holds what livery writes
/// and test data, not livery's code.
@Suite("Code shape: no function over 80 lines")
struct FunctionLengthTests {
    static let limit = 80
    /// The repository: this file is Tests/<target>/FunctionLengthTests.swift.
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Functions allowed past the limit, as `path: name`: only a function whose body is one
    /// string literal of generated text (the test fails for an entry that is not, or no longer
    /// needs to be here).
    static let generatedText: Set<String> = []

    struct SourceFile {
        var path: String
        var language: FunctionLengthScanner.Language
    }

    static func sourceFiles() -> [SourceFile] {
        let root = Self.projectRoot
        let places: [(String, String, FunctionLengthScanner.Language)] = [
            ("Sources", "swift", .swift), ("Tests", "swift", .swift), ("Plugins", "swift", .swift), ("Fuzz", "swift", .swift),
            ("runtime", "kt", .kotlin),
        ]
        var files: [SourceFile] = []
        for (folder, suffix, language) in places {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            while let path = walker.nextObject() as? String {
                let name = (path as NSString).lastPathComponent
                // Build products and hidden folders are no one's code; Tests/Fixtures is data.
                if name.hasPrefix(".") || (folder == "Tests" && path == "Fixtures") {
                    walker.skipDescendants()
                    continue
                }
                if name.hasSuffix("." + suffix) { files.append(SourceFile(path: folder + "/" + path, language: language)) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func noFunctionIsLongerThanTheLimit() throws {
        let root = Self.projectRoot
        let files = Self.sourceFiles()
        #expect(files.filter { $0.language == .swift }.count > 300 && files.contains { $0.language == .kotlin }, "\(files.count) files found")
        var tooLong: [String] = []
        var misread: [String] = []
        var allowed: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file.path, encoding: .utf8)
            let code = FunctionLengthScanner.strip(Array(text.utf8), language: file.language)
            // A file whose braces do not balance was misread, and its lengths would be wrong.
            if !FunctionLengthScanner.isBalanced(code) { misread.append(file.path) }
            for function in FunctionLengthScanner.functions(in: code, language: file.language) where function.length > Self.limit {
                let key = "\(file.path): \(function.name)"
                if Self.generatedText.contains(key), function.isOneLiteral {
                    allowed.insert(key)
                    continue
                }
                tooLong.append("\(file.path):\(function.line): \(function.kind) \(function.name) is \(function.length) lines")
            }
        }
        #expect(tooLong.isEmpty, """
            \(tooLong.count) function(s) over \(Self.limit) lines; split each into named parts that say what they do:
            \(tooLong.joined(separator: "\n"))
            """)
        #expect(misread.isEmpty, "the scanner misread these files (their braces do not balance once literals and comments are out): \(misread)")
        let stale = Self.generatedText.subtracting(allowed).sorted()
        #expect(stale.isEmpty, "allowed as generated text but not a single literal over \(Self.limit) lines: \(stale)")
    }

    // MARK: The scanner

    static func lengths(_ text: String, _ language: FunctionLengthScanner.Language = .swift) -> [String: Int] {
        Dictionary(FunctionLengthScanner.functions(in: text, language: language).map { ($0.name, $0.length) }, uniquingKeysWith: max)
    }

    @Test func bracesInLiteralsAndCommentsAreNotCode() {
        let text = #"""
            func a() {
                let plain = "{ \(b("}")) \" {"
                let raw = #"}" \#("{") }"#
                let quotes = #""}""#
                let block = """
                    } } \("}")
                    """
                // }
                /* } /* { */ } */
            }
            func b(_ text: String) -> String { text }
            """#
        #expect(Self.lengths(text) == ["a": 10, "b": 1])
        #expect(FunctionLengthScanner.isBalanced(FunctionLengthScanner.strip(Array(text.utf8), language: .swift)))
    }

    @Test func signaturesOverLinesAndEveryKindOfFunction() {
        let text = """
            struct S {
                @discardableResult
                public static func long(
                    _ value: Int = { 1 }()
                ) -> Int {
                    value
                }
                init?(x: Int) { return nil }
                var computed: Int {
                    1
                }
                var stored: Int = 0 {
                    didSet { print(stored) }
                }
                let closure: [Int] = [1].map {
                    $0
                }
            }
            """
        let found = FunctionLengthScanner.functions(in: text, language: .swift).map { "\($0.kind) \($0.name) \($0.line) \($0.length)" }
        #expect(found == ["function long 3 5", "initializer init 8 1", "computed property computed 9 3", "accessor didSet 13 1"])
    }

    @Test func kotlinTemplatesCharactersAndAccessors() {
        let text = """
            class A private constructor(val x: Int) {
                constructor(y: String) : this(y.length) {
                }
                init {
                    println('{')
                }
                val twice: Int
                    get() {
                        return "${ if (x > 0) { x } else { 0 } }}".length
                    }
                fun <T> List<T>.second(): T {
                    val raw = \"\"\"}${'$'}{\"\"\"
                    return this[1]
                }
            }
            """
        let found = FunctionLengthScanner.functions(in: text, language: .kotlin).map { "\($0.kind) \($0.name) \($0.line) \($0.length)" }
        #expect(found == ["constructor constructor 2 2", "initializer init 4 3", "accessor twice.get 8 3", "function second 11 4"])
    }

    @Test func aBodyOfOneLiteralIsGeneratedText() {
        let text = """
            func page() -> String {
                \"\"\"
                <p>{}</p>
                \"\"\"
            }
            func built() -> String {
                let x = 1
                return "\\(x)"
            }
            """
        let found = FunctionLengthScanner.functions(in: text, language: .swift)
        #expect(found.map(\.isOneLiteral) == [true, false])
    }
}
