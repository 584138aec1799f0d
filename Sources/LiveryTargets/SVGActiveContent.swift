/// What in an SVG could run or reach out when a browser opens it from the web bundle or the
/// gallery (same origin as the page): a `<script>` element, a `<foreignObject>` (HTML inside
/// the picture), an event attribute (`onload`, `onclick`, any `on…`), or a reference to
/// something outside the file (`href`/`xlink:href`/`src` to anything but a fragment `#id`
/// or a `data:` image). livery copies SVGs as they are, so such a file is refused at
/// validation (`svg-active-content`), with the first such thing's line and column in the SVG.
///
/// A scan of the markup's tags, not a full XML parser: comments, CDATA sections and
/// processing instructions are skipped, and every tag's name and attribute names are read
/// as written, so nothing a browser would treat as one of these is missed.
public enum SVGActiveContent {
    public struct Finding: Hashable, Sendable {
        /// What was found, as a user reads it: `a <script> element`, `the event attribute onload`.
        public var what: String
        public var line: Int
        public var column: Int
    }

    /// The first active content in `bytes`, or nil for a picture that is only a picture.
    public static func first(in bytes: [UInt8]) -> Finding? {
        var scanner = Scanner(bytes: bytes)
        while scanner.index < bytes.count {
            guard bytes[scanner.index] == UInt8(ascii: "<") else {
                scanner.advance(to: scanner.index + 1)
                continue
            }
            if scanner.skipMarkupThatIsNotATag() { continue }
            if let finding = scanner.tag() { return finding }
        }
        return nil
    }

    /// A position in the SVG's bytes with its line and the start of that line, moved forward only.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var column: Int { index - lineStart + 1 }

        mutating func advance(to end: Int) {
            while index < end && index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }

        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= bytes.count else { return false }
            for (offset, byte) in pattern.enumerated() where lower(bytes[position + offset]) != byte { return false }
            return true
        }

        func find(_ text: String, from position: Int) -> Int? {
            var cursor = position
            while cursor < bytes.count {
                if starts(text, at: cursor) { return cursor }
                cursor += 1
            }
            return nil
        }

        /// Past a comment, CDATA section, processing instruction or declaration at `index`; false when none starts there.
        mutating func skipMarkupThatIsNotATag() -> Bool {
            for (open, close) in [("<!--", "-->"), ("<![cdata[", "]]>"), ("<?", "?>"), ("<!", ">")] where starts(open, at: index) {
                advance(to: (find(close, from: index + open.count) ?? bytes.count) + close.count)
                return true
            }
            return false
        }

        /// The tag at `index` (its `<`): a finding for a refused element or attribute, else nil with
        /// `index` past the tag.
        mutating func tag() -> Finding? {
            let tagLine = line
            let tagColumn = column
            var cursor = index + 1
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "/") {
                advance(to: cursor + 1)
                return nil
            }
            let nameStart = cursor
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "/") {
                cursor += 1
            }
            let name = localName(bytes[nameStart..<cursor])
            if name == "script" { return Finding(what: "a <script> element", line: tagLine, column: tagColumn) }
            if name == "foreignobject" { return Finding(what: "a <foreignObject> element", line: tagLine, column: tagColumn) }
            // Attributes up to the tag's end, quotes respected.
            advance(to: cursor)
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
                    advance(to: index + 1)
                    continue
                }
                if let finding = attribute() { return finding }
            }
            advance(to: index + 1)
            return nil
        }

        /// The attribute at `index`: a finding for an event attribute or an outside reference,
        /// else nil with `index` past its value.
        mutating func attribute() -> Finding? {
            let attributeLine = line
            let attributeColumn = column
            let start = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">") {
                index += 1
            }
            let attribute = localName(bytes[start..<index])
            let value = attributeValue()
            let rawName = String(
                decoding: bytes[start..<min(start + 40, bytes.count)].prefix {
                    !isSpace($0) && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ">")
                }, as: UTF8.self)
            if attribute.hasPrefix("on") {
                return Finding(what: "the event attribute \(rawName)", line: attributeLine, column: attributeColumn)
            }
            if ["href", "src"].contains(attribute), isExternal(value) {
                return Finding(what: "a reference outside the file (\(rawName))", line: attributeLine, column: attributeColumn)
            }
            return nil
        }

        /// The value after an attribute's name (`= "…"`, `= '…'` or unquoted); empty when it has none.
        mutating func attributeValue() -> [UInt8] {
            while index < bytes.count, isSpace(bytes[index]) { advance(to: index + 1) }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return [] }
            advance(to: index + 1)
            while index < bytes.count, isSpace(bytes[index]) { advance(to: index + 1) }
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                let quote = bytes[index]
                let valueStart = index + 1
                var end = valueStart
                while end < bytes.count, bytes[end] != quote { end += 1 }
                let value = Array(bytes[valueStart..<min(end, bytes.count)])
                advance(to: end + 1)
                return value
            }
            let valueStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            return Array(bytes[valueStart..<index])
        }
    }

    /// A reference that leaves the file: anything but `#fragment` or an inline `data:image/…`
    /// that is not itself SVG (which could carry what this check refuses).
    static func isExternal(_ value: [UInt8]) -> Bool {
        let text = String(decoding: value.map(lower).drop(while: isSpace), as: UTF8.self)
        if text.isEmpty || text.hasPrefix("#") { return false }
        if text.hasPrefix("data:image/"), !text.hasPrefix("data:image/svg") { return false }
        return true
    }

    /// The name after any namespace prefix, lower-cased: `xlink:href` → `href`, `svg:script` → `script`.
    static func localName(_ bytes: ArraySlice<UInt8>) -> String {
        let name = String(decoding: bytes.map(lower), as: UTF8.self)
        return name.split(separator: ":").last.map(String.init) ?? name
    }

    static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
