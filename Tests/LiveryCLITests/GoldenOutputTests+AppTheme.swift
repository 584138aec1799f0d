import Foundation
import LiveryEmit
import LiveryStyle
import Testing

extension GoldenOutputTests {
    /// `contract/`: the app's typed theme written from the demo targets' contract,
    /// `AppTheme.swift` and `AppTheme.kt`, byte for byte.
    @Test func appThemeOfTheDemoContract() throws {
        let file = "targets/contract.json"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + file)))
        let contract = try ContractParser.parse(bytes, file: file)
        try GoldenFiles.check([
            AppThemeSwift.fileName: Data(AppThemeSwift.file(for: contract).utf8),
            AppThemeKotlin.fileName: Data(AppThemeKotlin.file(for: contract).utf8),
        ], against: Self.golden + "/contract")
    }
}
