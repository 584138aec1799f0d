import Foundation
import LiveryEmit
import LiveryTargets
import Testing

extension GoldenOutputTests {
    /// `contract/`: the app's typed theme written from the demo targets' contract,
    /// `AppTheme.swift` and `AppTheme.kt`, byte for byte.
    @Test func appThemeOfTheDemoContract() throws {
        let file = "targets/contract.json"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + file)))
        let contract = try ContractParser.parse(bytes, file: file)
        // Every language `livery contract generate` writes, from its registry.
        let files = Dictionary(uniqueKeysWithValues: AppThemeLanguage.all.map { ($0.fileName, Data($0.file(for: contract).utf8)) })
        try GoldenFiles.check(files, against: Self.golden + "/contract")
    }
}
