import Foundation
import LiveryTargets
import LiveryTestSupport
import Testing

/// The web side of one app: a page per client, the same but for the theme.css it
/// links, whose own CSS uses the custom property of every contract token that CSS
/// has (`--color-`, `--palette-<name>-base`, `--font-`, `--dimension-`, `--image-`),
/// each with a fallback no theme gives. One Chromium loads every page; a token every
/// client must offer must compute to a value of the theme, never the fallback.
enum AppThemeWebPage {
    /// A probe per token: the property it sets, the custom property and the fallback.
    struct Probe {
        var token: ContractToken
        var property: String
        var custom: String
        var fallback: String
    }

    static func probes(_ contract: AppContract) -> [Probe] {
        contract.tokens.compactMap { token in
            switch token.section {
            case .colors: Probe(token: token, property: "color", custom: "--color-" + token.name, fallback: "rgb(1, 2, 3)")
            case .palettes: Probe(token: token, property: "color", custom: "--palette-\(token.name)-base", fallback: "rgb(1, 2, 3)")
            case .fonts: Probe(token: token, property: "font", custom: "--font-" + token.name, fallback: "7px NoSuchFamily")
            case .dimensions: Probe(token: token, property: "width", custom: "--dimension-" + token.name, fallback: "7777px")
            case .images: Probe(token: token, property: "background-image", custom: "--image-" + token.name, fallback: "none")
            default: nil
            }
        }
    }

    static func page(themeHref: String, probes: [Probe]) -> String {
        let rules = probes.enumerated().map { index, probe in
            "#p\(index) { \(probe.property): var(\(probe.custom), \(probe.fallback)); }"
        }
        let elements = probes.indices.map { "<div id=\"p\($0)\"></div>" }
        let properties = probes.map { "'\($0.property)'" }.joined(separator: ", ")
        return """
            <!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="\(themeHref)"><style>
            \(rules.joined(separator: "\n"))
            </style></head><body>
            \(elements.joined())
            <script>
            window.report = () => JSON.stringify([\(properties)].map((property, index) =>
              getComputedStyle(document.getElementById('p' + index)).getPropertyValue(property)));
            </script></body></html>
            """
    }

    static func check(_ app: AppThemeConsumerTests.App, chromium: String, site: String) throws {
        let probes = probes(app.contract)
        #expect(!probes.isEmpty)
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let browser = try DevToolsPipe(chromium: chromium, profile: site + "/profile")
        let tab = try browser.openPage()
        for client in app.clients {
            let file = site + "/\(client).html"
            try Data(page(themeHref: app.dist + "/" + client + "/web/theme.css", probes: probes).utf8).write(to: URL(fileURLWithPath: file))
            try tab.navigate("file://" + file)
            let text = try #require(try tab.evaluate("window.report()") as? String)
            let computed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
            try #require(computed.count == probes.count)
            let style = try ConsumerFixture.style(of: app.dist + "/" + client)
            for (probe, value) in zip(probes, computed) {
                let has = (style[probe.token.section.rawValue] as? [String: Any])?[probe.token.name] != nil
                guard has || !probe.token.isOptional else { continue }
                let fellBack = probe.property == "font" ? value.contains("NoSuchFamily") : value == probe.fallback
                #expect(!fellBack && !value.isEmpty, "\(client): \(probe.custom) computes to \(value)")
            }
        }
        _ = try browser.send("Target.closeTarget", ["targetId": tab.targetID])
    }
}
