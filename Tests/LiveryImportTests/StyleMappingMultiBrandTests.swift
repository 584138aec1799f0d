import LiveryImport
import LiveryJSON
import LiveryTargets
import Testing

/// Text files in memory, served as the directory beside a resolver.
struct TextFiles: DTCGFileProvider {
    let files: [String: String]

    func read(_ relativePath: String) -> DTCGFileRead {
        files[relativePath].map { .bytes(Array($0.utf8)) } ?? .missing
    }
}

/// The public multi-brand resolver (see MultiBrandFixture): two brands, a pinned
/// breakpoint modifier, `$extends` and a size in rem, mapped and shared.
@Suite("Style mapping: the multi-brand example")
struct StyleMappingMultiBrandTests {
    func mapped() throws -> [String: MappedStyle] {
        let input = try DTCGInput.load(["resolver.json"], provider: TextFiles(files: MultiBrandFixture.files))
        let plan = try ImportPlan.make(modifiers: input.modifiers, request: ImportPlanRequest(brand: "brand"))
        var styles: [String: MappedStyle] = [:]
        for brand in plan.brands {
            var sets: [Appearance: DTCGTokenSet] = [:]
            for appearance in plan.appearances.keys {
                sets[appearance] = try input.resolve(plan.selection(brand: brand, appearance: appearance)).value
            }
            styles[brand] = try StyleMapping.map(BrandTokens(brand: brand, appearances: sets))
        }
        return styles
    }

    @Test func eachBrandGetsTheColoursItsFilesState() throws {
        let styles = try mapped()
        #expect(styles.keys.sorted() == ["brand1", "brand2"])
        let one = try #require(styles["brand1"])
        #expect(one.at("colors.primary") == ##""#0000FF""##)
        #expect(one.at("colors.secondary") == ##""#FF00FF""##)
        #expect(one.at("colors.inputFieldBackground") == ##""#FFFFFF""##)
        // `input-amount` extends `input`, and overrides the width in px; `input`'s is 12 rem.
        #expect(one.at("dimensions.inputAmountFieldWidth") == "12")
        #expect(one.at("dimensions.inputFieldWidth") == "192")
        #expect(one.at("dimensions.fontSizeBase") == "16")
        #expect(one.warnings.contains { $0.rule.id == "dtcg-assumed" && $0.message.contains("rem") })
    }

    @Test func whatBothBrandsShareGoesToTheParent() throws {
        let styles = try mapped()
        let (parent, children) = BrandSharing.split(styles.mapValues(\.document))
        let shared = JSONNode(parent, at: .synthesized)
        #expect(shared.value(at: JSONPointer(tokens: ["dimensions", "fontSizeBase"]))?.value == .integer(16))
        #expect(shared.value(at: JSONPointer(tokens: ["colors", "primary"])) == nil)
        for (brand, style) in styles {
            let child = try #require(children[brand])
            let merged = MergePatch.apply(JSONNode(child, at: .synthesized), to: shared)?.value
            #expect(merged == style.document, "\(brand)")
        }
    }
}
