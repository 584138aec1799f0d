import Foundation
import Testing

/// The line length docs/architecture.md ("Code shape") promises: Swift is held to `swift format`
/// by scripts/testing/check-format, which the test command runs; no formatter for Kotlin exists
/// here, so this test holds the Kotlin runtime's lines to the same limit.
@Suite("Code shape: Kotlin line length")
struct KotlinLineLengthTests {
    /// The `lineLength` of `.swift-format`, kept for Kotlin by hand.
    static let lineLimit = 140

    @Test func noKotlinLineIsLongerThanTheLimit() throws {
        let kotlin = FunctionLengthTests.sourceFiles().filter { $0.language == .kotlin }
        #expect(kotlin.count > 20, "\(kotlin.count) Kotlin files found")
        var tooLong: [String] = []
        for file in kotlin {
            let text = try String(contentsOfFile: FunctionLengthTests.projectRoot + "/" + file.path, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.count > Self.lineLimit {
                tooLong.append("\(file.path):\(index + 1): \(line.count) characters")
            }
        }
        #expect(tooLong.isEmpty, "Kotlin lines over \(Self.lineLimit) characters:\n\(tooLong.joined(separator: "\n"))")
    }
}
