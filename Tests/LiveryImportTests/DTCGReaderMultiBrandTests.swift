import LiveryImport
import LiveryJSON
import LiveryTestSupport
import Testing

/// The multi-brand resolver (two brands, a breakpoint modifier, `$extends`) read as
/// the import reads it: each brand with the breakpoint pinned. The files are Terrazzo's
/// test fixtures (MIT), kept with their source and licence in `DTCGMultiBrandExample`.
@Suite struct DTCGReaderMultiBrandTests {
    let input: DTCGInput

    init() throws {
        input = try DTCGInput.load(["resolver.json"], provider: ReaderTestFiles(DTCGMultiBrandExample.files))
    }

    @Test func modifiersAreTheResolversInOrderWithTheirDefaults() {
        #expect(input.name == "multi-brand")
        #expect(input.modifiers.map(\.name) == ["brand", "breakpoint"])
        #expect(input.modifiers.first?.contexts == ["brand1", "brand2"])
        #expect(input.modifiers.first?.defaultContext == "brand1")
        #expect(input.modifiers.last?.contexts == ["breakpoints", "breakpoints2"])
        #expect(input.warnings.isEmpty)
    }

    @Test func brandOneHasTheColoursItsFileStates() throws {
        let tokens = try input.resolve(["brand": "brand1", "breakpoint": "breakpoints"]).value
        let primary = try #require(tokens.readerToken("color.primary"))
        #expect(primary.type == "color")
        #expect(primary.value.value.objectValue?["colorSpace"]?.value.stringValue == "srgb")
        #expect(ReaderTest.numbers(primary.value.value.objectValue?["components"]) == [0, 0, 1])
        #expect(primary.description == "Brand1 primary (blue)")
        #expect(primary.location == JSONLocation(file: "brand-1.json", line: 6, column: 17))
        #expect(ReaderTest.numbers(tokens.readerToken("color.secondary")?.value.value.objectValue?["components"]) == [1, 0, 1])
    }

    @Test func brandTwoHasTheColoursItsFileStates() throws {
        let tokens = try input.resolve(["brand": "brand2", "breakpoint": "breakpoints"]).value
        #expect(ReaderTest.numbers(tokens.readerToken("color.primary")?.value.value.objectValue?["components"]) == [0, 0.5, 0])
        #expect(ReaderTest.numbers(tokens.readerToken("color.secondary")?.value.value.objectValue?["components"]) == [1, 0.5, 0])
        #expect(tokens.readerToken("color.primary")?.location.file == "brand-2.json")
    }

    @Test func extendedGroupGetsTheBaseTokensWithItsOwnWidth() throws {
        for (brand, width) in [("brand1", 12.0), ("brand2", 15.0)] {
            let read = try input.resolve(["brand": brand, "breakpoint": "breakpoints"])
            let tokens = read.value
            let ownWidth = try #require(tokens.readerToken("input-amount.field.width"))
            #expect(ownWidth.value.value.objectValue?["value"]?.value.numberValue?.doubleValue == width)
            #expect(ownWidth.value.value.objectValue?["unit"]?.value.stringValue == "px")
            // The override has no `$type`: an unambiguous `{value, unit: px}` is read as a dimension, with a warning.
            #expect(ownWidth.type == "dimension")
            #expect(read.warnings.contains { $0.rule.id == "dtcg-assumed" && $0.message.contains("input-amount.field.width") })
            let inherited = try #require(tokens.readerToken("input-amount.field.background"))
            #expect(inherited.type == "color")
            #expect(ReaderTest.numbers(inherited.value.value.objectValue?["components"]) == [1, 1, 1])
            // The group it extends keeps its own values.
            #expect(tokens.readerToken("input.field.width")?.value.value.objectValue?["unit"]?.value.stringValue == "rem")
        }
    }

    @Test func pinnedBreakpointChoosesItsFile() throws {
        let first = try input.resolve(["brand": "brand1", "breakpoint": "breakpoints"]).value
        let second = try input.resolve(["brand": "brand1", "breakpoint": "breakpoints2"]).value
        #expect(first.readerToken("breakpoints.2xl")?.type == "dimension")
        #expect(second.readerToken("breakpoints.2xl") == nil)
        #expect(second.readerToken("breakpoints.lg")?.value.value.objectValue?["value"]?.value.numberValue?.doubleValue == 1024)
    }

    @Test func tokensComeInMergedTreeOrder() throws {
        let tokens = try input.resolve(["brand": "brand1"]).value
        #expect(
            tokens.tokens.map(\.dotted) == [
                "font.size.base", "input.field.width", "input.field.background",
                "color.primary", "color.secondary",
                "input-amount.field.width", "input-amount.field.background",
                "breakpoints.sm", "breakpoints.md", "breakpoints.lg", "breakpoints.xl", "breakpoints.2xl",
            ])
    }

    @Test func defaultsApplyToModifiersNotNamed() throws {
        let tokens = try input.resolve([:]).value
        #expect(ReaderTest.numbers(tokens.readerToken("color.primary")?.value.value.objectValue?["components"]) == [0, 0, 1])
        #expect(tokens.readerToken("breakpoints.xl") != nil)
    }

    @Test func eachFileIsReadOnceHoweverManyResolutions() throws {
        let files = ReaderTestFiles(DTCGMultiBrandExample.files)
        let input = try DTCGInput.load(["resolver.json"], provider: files)
        for brand in ["brand1", "brand2"] {
            for breakpoint in ["breakpoints", "breakpoints2"] {
                _ = try input.resolve(["brand": brand, "breakpoint": breakpoint])
            }
        }
        #expect(
            files.reads.sorted() == [
                "brand-1.json", "brand-2.json", "breakpoints.json", "breakpoints2.json", "resolver.json", "shared.json",
            ])
    }
}
