import LiveryJSON
import LiveryText

/// `livery gallery`'s page: one HTML file with its CSS, script and every
/// client's data inline, fonts and images beside it in `assets/`. Pure: the
/// same page gives the same bytes.
public enum GalleryHTML {
    /// Nothing is loaded from anywhere but the site itself; scripts and styles are the page's own.
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; font-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

    /// Marks a directory as a gallery livery wrote, so `--output` may replace it.
    public static let generatorMarker = "<meta name=\"generator\" content=\"livery gallery\">"

    public static func render(_ page: GalleryPage) -> String {
        let clients = ordered(page)
        let faces = GalleryFontFaces.collect(clients, assets: page.assets)
        let data = GalleryClientData(assets: page.assets, faces: faces)
        var fields: [(String, JSONValue)] = [
            ("revision", .string(page.revision)),
            ("review", .bool(page.base != nil)),
            ("clients", .makeArray(clients.map(data.value))),
        ]
        if let base = page.base { fields.append(("base", .string(base))) }
        let json = TextEscaping.scriptJSON(JSONWriter.compact(.makeObject(fields), sortedKeys: true))
        let title = page.base.map { "livery gallery: \($0) → \(page.revision)" } ?? "livery gallery: \(page.revision)"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(generatorMarker)
            <title>\(TextEscaping.html(title))</title>
            <style>
            \(GalleryStyleSheet.css)\(GalleryVision.css)\(fontFaces(faces))</style>
            </head>
            <body data-mode="light">
            \(GalleryVision.filters)
            <header class="bar">
            <h1>\(heading(page))</h1>
            <p id="summary">\(TextEscaping.html(summary(clients, review: page.base != nil))) · <span id="shown"></span></p>
            <div class="controls">
            <div class="modes" role="group" aria-label="Appearance of every card">\(modeButtons)</div>
            \(GalleryVision.control)
            <label>Search <input type="search" id="search" placeholder="id or name" autocomplete="off"></label>
            <label>Parent <select id="parent"><option value="">any</option>\(parentOptions(clients))</select></label>
            <label><input type="checkbox" id="warned"> Has warnings</label>
            </div>
            </header>
            <main id="cards" aria-label="Clients"></main>
            <noscript><p class="empty">The gallery draws its cards with JavaScript; turn it on to see them.</p></noscript>
            <dialog id="detail" aria-labelledby="detail-title">
            <div class="dialog-head"><h2 id="detail-title"></h2><button type="button" id="detail-close">Close</button></div>
            <table><thead><tr><th scope="col">token</th><th scope="col">value</th><th scope="col">set in (via)</th></tr></thead><tbody id="detail-rows"></tbody></table>
            </dialog>
            <script type="application/json" id="gallery-data">\(json)</script>
            <script>
            \(GalleryScript.source)
            </script>
            </body>
            </html>

            """
    }

    /// Review mode puts the clients that differ first; otherwise the caller's order (by id).
    static func ordered(_ page: GalleryPage) -> [GalleryClient] {
        guard page.base != nil else { return page.clients }
        let differing = page.clients.filter { ($0.review?.status ?? .unchanged) != .unchanged }
        let same = page.clients.filter { ($0.review?.status ?? .unchanged) == .unchanged }
        return differing + same
    }

    static func heading(_ page: GalleryPage) -> String {
        guard let base = page.base else { return "livery gallery <span class=\"rev\">\(TextEscaping.html(page.revision))</span>" }
        return
            "livery gallery: review <span class=\"rev\">\(TextEscaping.html(base))</span> → <span class=\"rev\">\(TextEscaping.html(page.revision))</span>"
    }

    static func summary(_ clients: [GalleryClient], review: Bool) -> String {
        var invalid = 0
        var warned = 0
        for client in clients {
            switch client.state {
            case .invalid: invalid += 1
            case .resolved(_, _, let warnings): if !warnings.isEmpty { warned += 1 }
            }
        }
        var parts = ["\(clients.count) client\(clients.count == 1 ? "" : "s")", "\(warned) with warnings", "\(invalid) invalid"]
        if review {
            let changed = clients.count { ($0.review?.status ?? .unchanged) != .unchanged }
            parts.append("\(changed) changed")
        }
        return parts.joined(separator: ", ")
    }

    static let modeButtons = [("light", "Light"), ("dark", "Dark"), ("hcl", "High contrast light"), ("hcd", "High contrast dark")].map {
        mode, label in
        "<button type=\"button\" data-mode=\"\(mode)\" aria-pressed=\"\(mode == "light")\">\(label)</button>"
    }.joined()

    /// Every ancestor some client extends, sorted.
    static func parentOptions(_ clients: [GalleryClient]) -> String {
        let parents = Set(clients.flatMap { $0.chain.dropFirst() }).sorted()
        return parents.map { "<option value=\"\(TextEscaping.html($0))\">\(TextEscaping.html($0))</option>" }.joined()
    }

    /// One `@font-face` per font file and weight; a browser fetches a face only
    /// when a card on screen uses it.
    static func fontFaces(_ faces: GalleryFontFaces) -> String {
        faces.ordered.compactMap { key in
            faces.name(path: key.path, weight: key.weight).map { name in
                "@font-face{font-family:\(name);src:url(\"\(key.path)\");font-weight:\(key.weight);font-display:swap}\n"
            }
        }.joined()
    }
}
