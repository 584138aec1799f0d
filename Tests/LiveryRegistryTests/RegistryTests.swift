import LiveryRegistry
import Testing

/// The registry every kind of named choice uses (platforms, report formats): lookup by
/// name, equality by name, the unknown-name message with its suggestion, and the lists
/// help is made of.
@Suite("Registry: lookup, unknown names, help lists")
struct RegistryTests {
    /// A kind with three entries, the way `DiffFormat` holds renderers.
    struct Shade: Registered {
        static let kind = "shade"
        static let all = [Shade("light", "for day"), Shade("dark", "for night"), Shade("dim", "for dusk")]

        let name: String
        let summary: String
        let extra: Int

        init(_ name: String, _ summary: String, extra: Int = 0) {
            self.name = name
            self.summary = summary
            self.extra = extra
        }
    }

    @Test func looksUpByNameAndComparesByName() throws {
        #expect(Shade(named: "dark")?.summary == "for night")
        #expect(Shade(named: "Dark") == nil)
        #expect(Shade(named: "sepia") == nil)
        let sepia = Shade("sepia", "old")
        #expect(Shade(named: "sepia", in: Shade.all + [sepia]) == sepia)
        // Equal and hashed by name, whatever else the value holds.
        #expect(Shade("dark", "x", extra: 1) == Shade("dark", "y", extra: 2))
        #expect(Set([Shade("dark", "x"), Shade("dark", "y")]).count == 1)
        #expect(Shade("dark", "x") != Shade("dim", "x"))
        #expect("\(Shade("dim", "x"))" == "dim")
        #expect(try Shade.registry.lookup("light").get() == Shade.all[0])
    }

    @Test func anUnknownNameSaysWhatIsKnownAndWhatWasMeant() {
        let registry = Shade.registry
        guard case .failure(let unknown) = registry.lookup("drak") else {
            Issue.record("drak was found")
            return
        }
        #expect(unknown.suggestion == "dark")
        #expect(unknown.description == "unknown shade 'drak' (known: light, dark, dim). Did you mean 'dark'?")
        #expect(registry.unknown("zzzzzz").description == "unknown shade 'zzzzzz' (known: light, dark, dim).")
        #expect(registry.unknown("x", alsoAccepted: ["all"]).knownList == "light, dark, dim, or all")
    }

    @Test func helpListsAreMadeFromTheEntriesInOrder() {
        let registry = Shade.registry
        #expect(registry.names == ["light", "dark", "dim"])
        #expect(registry.knownNames == "light, dark, dim")
        #expect(registry.phrase(lastSeparator: " or ") == "light, dark or dim")
        #expect(registry.phrase(Registry.nameAndSummary) == "light (for day), dark (for night), dim (for dusk)")
        #expect(registry.table(mark: { $0.name == "dark" ? "*" : " " }) == "  light   for day\n  dark  * for night\n  dim     for dusk")
        #expect(Registry([Shade("only", "one")]).phrase(lastSeparator: " or ") == "only")
    }
}
