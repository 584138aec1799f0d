import LiveryJSON
import Testing

@Suite("Writing a JSON document as it is made")
struct JSONStreamTests {
    /// A document with unsorted keys, an empty and a full array, and objects inside an array.
    static let document = JSONValue.makeObject([
        ("zeta", .integer(1)),
        ("empty", .makeArray([])),
        (
            "items",
            .makeArray([
                .makeObject([("b", .string("x")), ("a", .makeArray([.integer(2)]))]),
                .string("plain"),
            ])
        ),
    ])

    @Test func arraysAndUnsortedKeysGiveTheBytesOfWrite() {
        var stream = JSONWriter.Stream(sortedKeys: false)
        stream.beginObject()
        stream.key("zeta")
        stream.value(.integer(1))
        stream.key("empty")
        stream.beginArray()
        stream.endArray()
        stream.key("items")
        stream.beginArray()
        stream.element(.makeObject([("b", .string("x")), ("a", .makeArray([.integer(2)]))]))
        stream.element(.string("plain"))
        stream.endArray()
        stream.endObject()
        let written = String(decoding: stream.finish(), as: UTF8.self)
        #expect(written == JSONWriter.write(Self.document, sortedKeys: false))
    }

    @Test func takenPiecesMakeTheWholeDocument() {
        var stream = JSONWriter.Stream(sortedKeys: false)
        var pieces: [[UInt8]] = []
        stream.beginObject()
        stream.key("items")
        stream.beginArray()
        for number in 0..<3 {
            stream.element(.integer(number))
            #expect(stream.pending > 0)
            pieces.append(stream.take())
            #expect(stream.pending == 0)
        }
        stream.endArray()
        stream.endObject()
        pieces.append(stream.finish())
        let expected = JSONWriter.write(.makeObject([("items", .makeArray([.integer(0), .integer(1), .integer(2)]))]), sortedKeys: false)
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == expected)
    }
}
