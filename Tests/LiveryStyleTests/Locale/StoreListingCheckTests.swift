import LiverySource
import LiveryStyle
import LiveryTestSupport
import Testing

@Suite("Store listings: fields, limits, URLs and images")
struct StoreListingCheckTests {
    func file(_ path: String, _ text: String, in target: String = "acme") -> StoreFile {
        let bytes = Array(text.utf8)
        return StoreFile(path: path, repositoryPath: "targets/\(target)/store/\(path)", foundIn: target,
                         blob: ObjectID.blobID(for: bytes), bytes: bytes, image: nil, size: bytes.count)
    }

    func image(_ path: String, _ png: [UInt8]) -> StoreFile {
        StoreFile(path: path, repositoryPath: "targets/acme/store/\(path)", foundIn: "acme", blob: ObjectID.blobID(for: png),
                  bytes: [], image: AssetSniffer.sniff(png), size: png.count)
    }

    @Test func textsWithinTheirLimitsAreKeptWithoutTheFinalLineBreak() {
        let (listing, problems) = StoreListingCheck.check([
            file("en-US/name.txt", "Sunny\n"), file("he/title.txt", "שמש\r\n"),
            file("en-US/changelogs/42.txt", "Faster.\n"), file("en-US/support_url.txt", "https://sunny.example/help\n"),
        ], id: "acme")
        #expect(problems.isEmpty, "\(problems)")
        #expect(listing.texts["en-US"]?["name.txt"]?.text == "Sunny")
        #expect(listing.texts["he"]?["title.txt"]?.text == "שמש")
        #expect(listing.locales(for: .appStore).map(\.code) == ["en-US"])
        #expect(listing.locales(for: .play).map(\.code) == ["en-US", "iw-IL"])
    }

    @Test func aTextOverItsLimitIsPlacedAtTheFirstCharacterPastIt() throws {
        let subtitle = "Fresh groceries\ndelivered to your door today"  // 15 + 1 + 28 = 44 characters
        let (_, problems) = StoreListingCheck.check([file("fr-CA/subtitle.txt", subtitle)], id: "acme")
        let problem = try #require(problems.first)
        #expect(problem.rule == .storeText)
        #expect(problem.file == "targets/acme/store/fr-CA/subtitle.txt")
        #expect(problem.pointer?.description == "/store/fr-CA/subtitle.txt")
        // The 31st character is the 15th of line 2.
        #expect(problem.line == 2 && problem.column == 15)
        #expect(problem.message.contains("44 characters long, over the store's limit of 30 characters"))
    }

    @Test func keywordsCountBytesAndEmojiCountTwoCharacters() throws {
        // 40 characters of three bytes each: 120 bytes, over 100.
        let keywords = String(repeating: "語", count: 40)
        let (_, byBytes) = StoreListingCheck.check([file("ja/keywords.txt", keywords)], id: "acme")
        let problem = try #require(byBytes.first)
        #expect(problem.message.contains("120 bytes long"))
        #expect(problem.column == 34)  // 33 × 3 = 99 bytes fit, the 34th does not
        // 16 emoji are 32 UTF-16 units: over a 30-character title.
        let (_, byUnits) = StoreListingCheck.check([file("en-US/title.txt", String(repeating: "🍋", count: 16))], id: "acme")
        #expect(byUnits.first?.column == 16)
        let (_, fits) = StoreListingCheck.check([file("en-US/title.txt", String(repeating: "🍋", count: 15))], id: "acme")
        #expect(fits.isEmpty)
    }

    @Test func theAppStoreNameNeedsTwoCharacters() throws {
        let (_, problems) = StoreListingCheck.check([file("en-US/name.txt", "S")], id: "acme")
        #expect(problems.first?.rule == .storeText)
        #expect(problems.first?.message.contains("at least 2") == true)
    }

    @Test(arguments: [
        ("http://sunny.example", 1, 1, "https, not http"),
        ("sunny.example/help", 1, 1, "does not start with https://"),
        ("https://sunny.example/a b", 1, 24, "space"),
        ("https:///help", 1, 9, "not a host name"),
    ])
    func urlsMustBeOneHttpsURL(text: String, line: Int, column: Int, words: String) throws {
        let (_, problems) = StoreListingCheck.check([file("en-US/privacy_url.txt", text)], id: "acme")
        let problem = try #require(problems.first)
        #expect(problem.rule == .storeURL)
        #expect(problem.line == line && problem.column == column, "\(problem)")
        #expect(problem.message.contains(words), "\(problem.message)")
    }

    @Test func misnamedFoldersAndFilesAreNamedWithTheNearestOne() {
        let (listing, problems) = StoreListingCheck.check([
            file("fr-ca/name.txt", "Soleil"), file("en-US/nmae.txt", "Sunny"), file("af/name.txt", "Son"),
            file("en-US/changelogs/latest.txt", "x"), file("notes.txt", "x"),
        ], id: "acme")
        let messages = problems.map(\.message)
        #expect(messages.contains { $0.contains("store folder 'fr-ca'") && $0.contains("did you mean 'fr-CA'?") })
        #expect(messages.contains { $0.contains("'nmae.txt'") && $0.contains("did you mean 'name.txt'?") })
        #expect(messages.contains { $0.contains("App Store has no locale for 'af'") })
        #expect(messages.contains { $0.contains("'changelogs/latest.txt'") })
        #expect(messages.contains { $0.contains("'notes.txt'") })
        #expect(listing.texts.isEmpty)
    }

    @Test func twoFoldersOfOneStoreLocaleAreAnError() {
        let (_, problems) = StoreListingCheck.check([file("es-419/name.txt", "Sol"), file("es-MX/name.txt", "Sol")], id: "acme")
        #expect(problems.contains { $0.rule == .storeFile && $0.message.contains("one App Store locale, es-MX") })
    }

    @Test func anEmptyFileTakesTheFieldAway() {
        let (listing, problems) = StoreListingCheck.check([file("en-US/promotional_text.txt", "\n")], id: "acme")
        #expect(problems.isEmpty)
        #expect(listing.texts.isEmpty)
    }

    @Test func playImagesAreCheckedForSizeAndAlpha() {
        let (listing, problems) = StoreListingCheck.check([
            image("images/featureGraphic.png", TestFiles.png(width: 1024, height: 500, alpha: false) { _, _ in (46, 125, 50, 200) }),
            image("images/phoneScreenshots/1.png", TestFiles.png(width: 540, height: 960, alpha: false) { _, _ in (46, 125, 50, 200) }),
            image("images/phoneScreenshots/2.png", TestFiles.png(width: 320, height: 700, alpha: false) { _, _ in (46, 125, 50, 200) }),
            image("images/tenInchScreenshots/1.png", TestFiles.png(width: 200, height: 300, alpha: false) { _, _ in (46, 125, 50, 200) }),
            image("images/featureGraphics.png", TestFiles.png(width: 1024, height: 500, alpha: false) { _, _ in (46, 125, 50, 200) }),
        ], id: "acme")
        let messages = problems.map(\.message)
        #expect(listing.images.keys.sorted() == ["featureGraphic.png", "phoneScreenshots/1.png", "phoneScreenshots/2.png", "tenInchScreenshots/1.png"])
        #expect(messages.contains { $0.contains("long side may be at most twice") && $0.contains("320×700") })
        #expect(messages.contains { $0.contains("320–3840") && $0.contains("200×300") })
        #expect(messages.contains { $0.contains("'images/featureGraphics.png'") && $0.contains("did you mean 'featureGraphic'?") })
        #expect(problems.count == 3)
        let (_, alpha) = StoreListingCheck.check([image("images/featureGraphic.png", TestFiles.png(width: 1024, height: 500, alpha: true) { _, _ in (46, 125, 50, 200) })], id: "acme")
        #expect(alpha.first?.message.contains("no alpha channel") == true)
    }
}
