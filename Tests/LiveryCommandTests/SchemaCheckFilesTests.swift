import Foundation
import LiveryTestSupport
import Testing

/// `schema check` parses its first file and adds the others to the parsed command
/// (the parser's cost grows with the square of the files): every file is still
/// checked, reported in the order given, whatever options stand between them, and
/// anything but the plain form is parsed as before.
@Suite("schema check: many files, in the order given, among its options")
struct SchemaCheckFilesTests {
    func fixture() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("s.json", #"{"type": "object", "required": ["a"]}"#)
        for index in 0..<40 {
            try fixture.write("f\(index).json", index % 7 == 3 ? #"{"b": 1}"# : #"{"a": 1}"#)
        }
        return fixture
    }

    @Test("40 files with options between them: every invalid one reported, in order, and the count of all")
    func manyFilesAmongOptions() throws {
        let fixture = try fixture()
        let files = (0..<40).map { "f\($0).json" }
        let arguments = ["schema", "check"] + files[..<5] + ["--schema", "s.json"] + files[5..<20] + ["-v"] + files[20...]
        let run = try LiveryBinary.run(Array(arguments), in: fixture.path)
        #expect(run.status == 1)
        let reported = run.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) }
        #expect(reported == ["f3.json", "f10.json", "f17.json", "f24.json", "f31.json", "f38.json"])
        let valid = run.stderr.split(separator: "\n").map(String.init)
        #expect(valid == files.enumerated().filter { $0.offset % 7 != 3 }.map { "\($0.element): valid" })

        let allValid = (0..<40).filter { $0 % 7 != 3 }.map { "f\($0).json" }
        let quiet = try LiveryBinary.run(["schema", "check", "--schema=s.json"] + allValid + ["--format-assertion"], in: fixture.path)
        #expect(quiet.status == 0)
        #expect(quiet.stderr == "\(allValid.count) files valid\n")
    }

    @Test("Outside the plain form the parser sees every argument: --, an unknown option, a missing schema")
    func otherFormsParsedWhole() throws {
        let fixture = try fixture()
        let afterTerminator = try LiveryBinary.run(["schema", "check", "--schema", "s.json", "f0.json", "--", "f3.json"], in: fixture.path)
        #expect(afterTerminator.status == 1)
        #expect(afterTerminator.stdout.hasPrefix("f3.json:"))
        let unknown = try LiveryBinary.run(["schema", "check", "--schema", "s.json", "f0.json", "f1.json", "--nope"], in: fixture.path)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--nope"))
        let noSchema = try LiveryBinary.run(["schema", "check", "f0.json", "f1.json", "f2.json"], in: fixture.path)
        #expect(noSchema.status == 2)
        #expect(noSchema.stderr.contains("--schema"))
    }
}
