import Foundation
import LiveryTestSupport
import Testing

/// The week's release: a breaking rename and a colour change, diffed in every format and
/// reviewed visually (seam 5).
extension TeamWeekTests {
    /// Seam 5: a release with a breaking rename and a colour change, diffed in every format and
    /// reviewed visually; the review names what the JSON diff names, breaking ones marked.
    func checkRelease(_ fixture: FixtureRepository, work: TemporaryDirectory) throws {
        try fixture.commitAll("week", tag: "v1")
        try edit(
            fixture, "targets/verde/style.json",
            replacing: "\"brand\": \"{{primary}}\"".replacingOccurrences(of: "{{primary}}", with: "#00796B"), with: "\"brand\": \"#FFFFFF\""
        )
        try edit(fixture, "targets/acme/style.json", replacing: "\"premium\":", with: "\"premiumGold\":")
        try fixture.commitAll("release", tag: "v2")

        var outputs: [String: ProcessResult] = [:]
        for format in ["text", "markdown", "json", "html", "patch"] {
            outputs[format] = try livery(["diff", "v1", "v2", "--format", format], fixture)
            seam("5 diff in \(format)", outputs[format]?.status == 0, outputs[format]?.stderr ?? "")
        }
        let diff = try #require(try JSONSerialization.jsonObject(with: Data((outputs["json"]?.stdout ?? "").utf8)) as? [String: Any])
        let targets = (diff["targets"] as? [[String: Any]]) ?? []
        let review = work.path + "/review"
        let visual = try livery(["diff", "v1", "v2", "--visual", review], fixture)
        seam("5 the visual review runs", visual.status == 0, visual.stdout + visual.stderr)
        // Line-break hints inside names are not text.
        let html = ((try? text(review + "/report.html")) ?? "").replacingOccurrences(of: "<wbr>", with: "")
        var named = 0
        for target in targets {
            guard let id = target["id"] as? String else { continue }
            for change in (target["changes"] as? [[String: Any]]) ?? [] {
                guard let path = change["path"] as? String, let name = change["name"] as? String else { continue }
                named += 1
                if change["breaking"] as? Bool == true {
                    seam("5 the review names \(id)'s breaking \(path)", html.contains(name), "report.html lacks \(path)")
                    // The mark is in the change's own row of the client's section, not anywhere on the page.
                    let section =
                        html.components(separatedBy: "<tr id=\"c-\(id)\">").dropFirst().first?.components(separatedBy: "<tr id=\"c-").first
                        ?? ""
                    let item = (change["renamedFrom"] as? String).map { $0 + " → " + path } ?? path
                    let row =
                        section.components(separatedBy: "<code>\(item)</code>").dropFirst().first?.components(separatedBy: "</tr>").first
                        ?? ""
                    seam(
                        "5 the review marks \(id)'s \(path) breaking", row.contains("<div class=\"breaking\">breaking: "),
                        "its row: \(row.prefix(300))")
                }
                // What changed in the client's own text, every report names; what changed only
                // through an alias, each may summarise.
                guard change["direct"] as? Bool == true else { continue }
                seam("5 the review names \(id)'s \(path)", html.contains(name), "report.html lacks \(path)")
                for format in ["text", "markdown", "html"] {
                    seam(
                        "5 diff --format \(format) names \(path)",
                        outputs[format]?.stdout.replacingOccurrences(of: "<wbr>", with: "").contains(name) == true, "")
                }
            }
        }
        seam("5 the release changed what it should", named >= 3, "\(diff)")
        let breaking = targets.flatMap { ($0["changes"] as? [[String: Any]]) ?? [] }.filter { $0["breaking"] as? Bool == true }
        seam("5 the release has a breaking change", breaking.contains { $0["path"] as? String == "colors.premium" }, "\(diff)")
    }
}
