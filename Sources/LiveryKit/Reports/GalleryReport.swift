extension GallerySummary {
    /// What `livery gallery` prints when the page is written: `✓ gallery: 12 clients, 1 invalid, 30 assets → gallery/index.html`.
    package func line(output: String) -> String {
        var parts = ["\(clients) client\(clients == 1 ? "" : "s")"]
        if invalid > 0 { parts.append("\(invalid) invalid") }
        if let changed { parts.append("\(changed) changed") }
        parts.append("\(assets) asset\(assets == 1 ? "" : "s")")
        return "✓ gallery: \(parts.joined(separator: ", ")) → \(output)/index.html\n"
    }
}
