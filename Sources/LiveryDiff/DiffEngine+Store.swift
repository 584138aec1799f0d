import LiveryTargets

extension DiffEngine {
    /// The store listing's items: each text as `store.<tag>/<file>` and each
    /// image as `store.images/<name>` or, a locale's own, `store.<tag>/images/<name>`,
    /// with the file that holds it, so a change
    /// is attributed to the target whose `store/` folder made it.
    static func addStoreItems(of listing: StoreListing, into items: inout [String: Item]) {
        for (tag, texts) in listing.texts {
            for (path, text) in texts {
                let name = tag + "/" + path
                items["store." + name] = Item(
                    section: .store, name: name, value: .string(text.text), provenanceKey: "store/" + name,
                    files: ["text": FileOrigin(target: text.foundIn, blob: text.text)]
                )
            }
        }
        for (path, image) in listing.images { addImage("images/" + path, image, into: &items) }
        for (tag, images) in listing.localeImages {
            for (path, image) in images { addImage(tag + "/images/" + path, image, into: &items) }
        }
    }

    /// One store image, shared (`images/<name>`) or a locale's own (`<tag>/images/<name>`).
    private static func addImage(_ name: String, _ image: AssetReference, into items: inout [String: Item]) {
        items["store." + name] = Item(
            section: .store, name: name, value: .asset(["light": AssetFile(image)]), provenanceKey: "store/" + name,
            files: ["light": FileOrigin(image)]
        )
    }
}

extension DiffEngine.FileOrigin {
    /// A text's origin: the target that holds it and its content.
    init(target: String, blob: String) {
        self.target = target
        self.blob = blob
    }
}
