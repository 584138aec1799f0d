import LiveryImport
import Testing

@Suite struct DTCGModelTests {
    @Test func appearancesSortInTheOrderStyleFilesWriteThem() {
        #expect(
            [Appearance.highContrastDark, .dark, .highContrastLight, .light].sorted() == [
                .light, .dark, .highContrastLight, .highContrastDark,
            ])
    }
}
