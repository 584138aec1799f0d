import LiverySource
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Store listings: fields, limits, URLs and images")
struct StoreListingCheckTests {
    func file(_ path: String, _ text: String, in target: String = "acme") -> StoreFile {
        let bytes = Array(text.utf8)
        return StoreFile(
            path: path, repositoryPath: "targets/\(target)/store/\(path)", foundIn: target,
            blob: ObjectID.blobID(for: bytes), bytes: bytes, image: nil, size: bytes.count)
    }

    func image(_ path: String, _ png: [UInt8]) -> StoreFile {
        StoreFile(
            path: path, repositoryPath: "targets/acme/store/\(path)", foundIn: "acme", blob: ObjectID.blobID(for: png),
            bytes: [], image: AssetSniffer.sniff(png), size: png.count)
    }

    @Test func textsWithinTheirLimitsAreKeptWithoutTheFinalLineBreak() {
        let (listing, problems) = StoreListingCheck.check(
            [
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
        // The line break is a problem of its own (store-character); this one is the length.
        let problem = try #require(problems.first { $0.rule == .storeText })
        #expect(problem.rule == .storeText)
        #expect(problem.file == "targets/acme/store/fr-CA/subtitle.txt")
        #expect(problem.pointer?.description == "/store/fr-CA/subtitle.txt")
        // The 31st character is the 15th of line 2.
        #expect(problem.line == 2 && problem.column == 15)
        #expect(problem.message.contains("44 characters long, over the store's limit of 30 characters"))
    }

    @Test(arguments: [
        ("\u{0}", "U+0000"), ("\u{1B}", "U+001B"), ("\u{7}", "U+0007"), ("\t", "U+0009"), ("\u{7F}", "U+007F"), ("\u{85}", "U+0085"),
        ("\u{9B}", "U+009B"),
    ])
    func aControlCharacterInAStoreTextIsAnErrorAtItsPlace(control: String, codePoint: String) throws {
        let (_, problems) = StoreListingCheck.check([file("en-US/description.txt", "Fresh\nfood \(control)[2K today\n")], id: "acme")
        let problem = try #require(problems.first)
        #expect(problems.count == 1, "\(problems)")
        #expect(problem.rule == .storeCharacter && problem.severity == .error)
        #expect(problem.file == "targets/acme/store/en-US/description.txt")
        #expect(problem.line == 2 && problem.column == 6, "\(problem)")
        #expect(problem.message.contains(codePoint), "\(problem.message)")
        // The message names the character; it does not carry it.
        #expect(!problem.message.contains(control))
    }

    @Test func aLineBreakIsAnErrorOnlyInAFieldOfOneLine() throws {
        let (_, fine) = StoreListingCheck.check(
            [
                file("en-US/description.txt", "Fresh\nfood\r\ntoday\n"), file("en-US/changelogs/7.txt", "Faster.\nFixes.\n"),
            ], id: "acme")
        #expect(fine.isEmpty, "\(fine)")
        let (_, problems) = StoreListingCheck.check([file("en-US/name.txt", "Sun\rny\n")], id: "acme")
        let problem = try #require(problems.first)
        #expect(problem.rule == .storeCharacter && problem.severity == .error && problem.line == 1 && problem.column == 4, "\(problems)")
        #expect(problem.message.contains("U+000D"))
    }

    @Test func bidiOverridesAndIsolatesAreWarningsWhileTheMarksAreAllowed() throws {
        let (_, marks) = StoreListingCheck.check([file("he/title.txt", "\u{200F}שמש\u{200E} \u{61C}1\n")], id: "acme")
        #expect(marks.isEmpty, "\(marks)")
        for control in ["\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"] {
            let (_, problems) = StoreListingCheck.check([file("en-US/name.txt", "Sun\(control)ny\n")], id: "acme")
            let problem = try #require(problems.first)
            #expect(problems.count == 1 && problem.rule == .storeCharacter && problem.severity == .warning, "\(problems)")
            #expect(problem.line == 1 && problem.column == 4)
            #expect(!problem.message.contains(control))
        }
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
        let (listing, problems) = StoreListingCheck.check(
            [
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
        let (listing, problems) = StoreListingCheck.check(
            [
                image("images/featureGraphic.png", TestFiles.png(width: 1024, height: 500, alpha: false) { _, _ in (46, 125, 50, 200) }),
                image("images/phoneScreenshots/1.png", TestFiles.png(width: 540, height: 960, alpha: false) { _, _ in (46, 125, 50, 200) }),
                image("images/phoneScreenshots/2.png", TestFiles.png(width: 320, height: 700, alpha: false) { _, _ in (46, 125, 50, 200) }),
                image(
                    "images/tenInchScreenshots/1.png", TestFiles.png(width: 200, height: 300, alpha: false) { _, _ in (46, 125, 50, 200) }),
                image("images/featureGraphics.png", TestFiles.png(width: 1024, height: 500, alpha: false) { _, _ in (46, 125, 50, 200) }),
            ], id: "acme")
        let messages = problems.map(\.message)
        #expect(
            listing.images.keys.sorted() == [
                "featureGraphic.png", "phoneScreenshots/1.png", "phoneScreenshots/2.png", "tenInchScreenshots/1.png",
            ])
        #expect(messages.contains { $0.contains("long side may be at most twice") && $0.contains("320×700") })
        #expect(messages.contains { $0.contains("320–3840") && $0.contains("200×300") })
        #expect(messages.contains { $0.contains("'images/featureGraphics.png'") && $0.contains("did you mean 'featureGraphic'?") })
        #expect(problems.count == 3)
        let (_, alpha) = StoreListingCheck.check(
            [image("images/featureGraphic.png", TestFiles.png(width: 1024, height: 500, alpha: true) { _, _ in (46, 125, 50, 200) })],
            id: "acme")
        #expect(alpha.first?.message.contains("no alpha channel") == true)
    }

    func jpeg(_ path: String, _ width: Int, _ height: Int, in target: String = "acme") -> StoreFile {
        let bytes = TestFiles.jpeg(width: width, height: height)
        return StoreFile(
            path: path, repositoryPath: "targets/\(target)/store/\(path)", foundIn: target, blob: ObjectID.blobID(for: bytes),
            bytes: [], image: AssetSniffer.sniff(bytes), size: bytes.count)
    }

    @Test func appStoreScreenshotsMustBeASizeAppStoreConnectHasADisplayFor() throws {
        let (listing, problems) = StoreListingCheck.check(
            [
                jpeg("images/screenshots/1-iphone.jpg", 1320, 2868),
                jpeg("images/screenshots/2-iphone-landscape.jpg", 2868, 1320),
                jpeg("images/screenshots/3-ipad.jpg", 2064, 2752),
                jpeg("fr-CA/images/screenshots/1-iphone.jpg", 1242, 2688),
                jpeg("fr-CA/images/screenshots/2-odd.jpg", 1000, 2000),
                image("images/screenshots/4-named-wrong.jpg", TestFiles.png(width: 750, height: 1334)),
            ], id: "acme")
        #expect(problems.count == 2, "\(problems)")
        let size = try #require(problems.first { $0.message.contains("1000×2000") })
        #expect(size.rule == .storeImage)
        #expect(size.file == "targets/acme/store/fr-CA/images/screenshots/2-odd.jpg")
        #expect(size.pointer?.description == "/store/fr-CA/images/screenshots/2-odd.jpg")
        #expect(size.message.contains("no screenshot display") && size.message.contains("1320×2868"), "\(size.message)")
        let named = try #require(problems.first { $0.message.contains("4-named-wrong") })
        #expect(named.message.contains("holds a PNG"), "\(named.message)")
        #expect(
            listing.images.keys.sorted() == ["screenshots/1-iphone.jpg", "screenshots/2-iphone-landscape.jpg", "screenshots/3-ipad.jpg"])
        // An image with a problem is still read, so a build stops on the error rather than leave it out.
        #expect(listing.localeImages["fr-CA"]?.keys.sorted() == ["screenshots/1-iphone.jpg", "screenshots/2-odd.jpg"])
        #expect(AppStoreDisplay.of(width: 1320, height: 2868)?.name == AppStoreDisplay.of(width: 2868, height: 1320)?.name)
        #expect(AppStoreDisplay.of(width: 1136, height: 600)?.name == "iPhone 4-inch")
        #expect(AppStoreDisplay.of(width: 1080, height: 1920) == nil)
    }

    @Test func aLocalesOwnImagesReplaceTheSharedSetOfTheirKind() {
        let (listing, problems) = StoreListingCheck.check(
            [
                image("images/featureGraphic.png", TestFiles.png(width: 1024, height: 500)),
                image("images/phoneScreenshots/1.png", TestFiles.png(width: 540, height: 960)),
                image("images/phoneScreenshots/2.png", TestFiles.png(width: 540, height: 960)),
                image("images/tenInchScreenshots/1.png", TestFiles.png(width: 1200, height: 1920)),
                image("he/images/phoneScreenshots/1-rtl.png", TestFiles.png(width: 540, height: 960)),
                file("he/title.txt", "שמש"), file("en-US/title.txt", "Sunny"),
                jpeg("images/screenshots/1.jpg", 1320, 2868), jpeg("images/screenshots/2.jpg", 2064, 2752),
                jpeg("fr-CA/images/screenshots/a.jpg", 1290, 2796),
                jpeg("de/images/screenshots/2.jpg", 2048, 2732),
            ], id: "acme")
        #expect(problems.isEmpty, "\(problems)")
        // Hebrew's phone screenshots replace the shared folder whole; the rest is shared.
        #expect(
            listing.images(for: "he", in: .play).keys.sorted() == [
                "featureGraphic.png", "phoneScreenshots/1-rtl.png", "tenInchScreenshots/1.png",
            ])
        #expect(
            listing.images(for: "en-US", in: .play).keys.sorted() == [
                "featureGraphic.png", "phoneScreenshots/1.png", "phoneScreenshots/2.png", "tenInchScreenshots/1.png",
            ])
        #expect(
            listing.images(for: "he", in: .play)["phoneScreenshots/1-rtl.png"]?.repositoryPath
                == "targets/acme/store/he/images/phoneScreenshots/1-rtl.png")
        // French's iPhone screenshot replaces the shared iPhone set, not the iPad one; German's file replaces the shared file of its name.
        #expect(listing.images(for: "fr-CA", in: .appStore).keys.sorted() == ["screenshots/2.jpg", "screenshots/a.jpg"])
        #expect(
            listing.images(for: "de", in: .appStore)["screenshots/2.jpg"]?.repositoryPath
                == "targets/acme/store/de/images/screenshots/2.jpg")
        #expect(listing.images(for: "he", in: .appStore).keys.sorted() == ["screenshots/1.jpg", "screenshots/2.jpg"])
        #expect(listing.images(for: "en-US", in: .play)["screenshots/1.jpg"] == nil)
        // A tag with images of its own and no text has a listing in that store.
        #expect(listing.locales(for: .appStore).map(\.code) == ["de-DE", "fr-CA"])
        #expect(listing.locales(for: .play).map(\.code) == ["en-US", "iw-IL"])
    }

    @Test func aLocaleImageForAStoreWithoutTheLocaleIsAnError() {
        let (listing, problems) = StoreListingCheck.check(
            [
                jpeg("af/images/screenshots/1.jpg", 1320, 2868),
                image("yi/images/phoneScreenshots/1.png", TestFiles.png(width: 540, height: 960)),
                image("fr_CA/images/phoneScreenshots/1.png", TestFiles.png(width: 540, height: 960)),
                image("he/images/phoneScreenshot/1.png", TestFiles.png(width: 540, height: 960)),
            ], id: "acme")
        let messages = problems.map { "\($0.rule.id) \($0.pointer?.description ?? "-") \($0.message)" }
        #expect(
            messages.contains { $0.hasPrefix("store-file /store/af/images/screenshots/1.jpg App Store has no locale for 'af'") },
            "\(messages)")
        #expect(
            messages.contains { $0.hasPrefix("store-file /store/yi/images/phoneScreenshots/1.png Google Play has no locale for 'yi'") },
            "\(messages)")
        #expect(
            messages.contains { $0.hasPrefix("locale /store/fr_CA/images/phoneScreenshots/1.png") && $0.contains("did you mean 'fr-CA'?") },
            "\(messages)")
        #expect(
            messages.contains { $0.contains("'images/phoneScreenshot/1.png'") && $0.contains("did you mean 'phoneScreenshots'?") },
            "\(messages)")
        #expect(problems.count == 4)
        #expect(listing.isEmpty)
    }

    @Test func countsAreCheckedPerLanguageAndSet() throws {
        var files = (1...10).map { jpeg("images/screenshots/\($0 < 10 ? "0" : "")\($0).jpg", 1320, 2868) }
        files += (1...10).map { jpeg("images/screenshots/ipad-\($0 < 10 ? "0" : "")\($0).jpg", 2064, 2752) }
        // Ten iPhone screenshots shared, fine; French's own eleven, one too many.
        files += (1...11).map { jpeg("fr-CA/images/screenshots/\($0 < 10 ? "0" : "")\($0).jpg", 1320, 2868) }
        files += (1...9).map { image("he/images/phoneScreenshots/\($0).png", TestFiles.png(width: 320, height: 480)) }
        let (_, problems) = StoreListingCheck.check(files, id: "acme")
        #expect(problems.count == 2, "\(problems)")
        let apple = try #require(problems.first { $0.message.contains("App Store Connect") })
        #expect(apple.pointer?.description == "/store/fr-CA/images/screenshots/11.jpg", "\(apple)")
        #expect(apple.message.contains("fr-CA/images/ shows 11 screenshots") && apple.message.contains("at most 10"), "\(apple.message)")
        let play = try #require(problems.first { $0.message.contains("Google Play") })
        #expect(play.pointer?.description == "/store/he/images/phoneScreenshots/9.png")
        #expect(play.file == "targets/acme/store/he/images/phoneScreenshots/9.png")
    }
}
