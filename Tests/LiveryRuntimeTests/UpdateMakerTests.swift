import LiveryCore
import LiveryJSON
import Testing

/// `StyleUpdate.make` (what `livery diff --format update` calls) checks every
/// result with the typed model the app decodes with, so the CLI never writes an
/// update that `StyleStore.apply` would refuse as an invalid result.
@Suite("Making updates: the result is checked with the app's model")
struct UpdateMakerTests {
    @Test func aValidResultMakesAnUpdate() throws {
        let update = try StyleUpdate.make(target: "acme", from: Fixtures.v1, to: Fixtures.v2, sequence: 2)
        #expect(update?.result == CanonicalJSON.digest(of: Fixtures.v2))
    }

    @Test(arguments: [
        (##"{"colors": {"primary": {"light": "{palettes.brand.base}"}}}"##, "/colors/primary"),
        (##"{"colors": {"primary": {"light": "#12345"}}}"##, "/colors/primary"),
        (##"{"fonts": {"body": {"weight": "chunky"}}}"##, "/fonts/body"),
    ])
    func aResultTheAppWouldRefuseIsRefused(patch: String, pointer: String) {
        let head = Fixtures.edited(Fixtures.v1, patch)
        #expect(throws: UpdateMakingError.self) { try StyleUpdate.make(target: "acme", from: Fixtures.v1, to: head, sequence: 2) }
        do {
            _ = try StyleUpdate.make(target: "acme", from: Fixtures.v1, to: head, sequence: 2)
        } catch {
            guard case .invalidResult(let problem) = error else {
                Issue.record("expected invalidResult, got \(error)")
                return
            }
            #expect(problem.hasPrefix(pointer), "\(problem)")
        }
    }
}
