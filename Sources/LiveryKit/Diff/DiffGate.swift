import LiveryDiff
import LiveryRegistry
import LiveryVisual

/// What `livery diff --exit-code NAME` gates on: the exit status is 1 when the
/// gate is met. Bare `--exit-code` is `any`, as in `git diff --exit-code`.
/// A new gate is one line in ``all``: parsing, help and completion read it.
package struct DiffGate: Registered {
    package static let kind = "gate"

    package let name: String
    package let summary: String
    /// Whether the gate holds for the value report and, with `--visual`, the
    /// pictures and `--threshold` (a share of a screen's pixels).
    let isMet: @Sendable (_ report: DiffReport, _ visual: VisualReport?, _ threshold: Double) -> Bool

    /// Gates that read the pictures, and so need `--visual DIR`.
    package let needsVisual: Bool

    static let any = DiffGate(name: "any", summary: "any difference", needsVisual: false) { report, _, _ in report.hasDifferences }
    static let breaking = DiffGate(
        name: "breaking", summary: "a breaking change: a removal, rename, change of kind or a target that became invalid",
        needsVisual: false
    ) { report, _, _ in report.hasBreakingChanges }
    static let accessibility = DiffGate(
        name: "accessibility", summary: "an accessibility regression: a colour pair of the contract taken below its contrast target",
        needsVisual: false
    ) { report, _, _ in report.hasAccessibilityRegressions }
    // The values alone say nothing of pixels: without pictures the gate is not met.
    static let visual = DiffGate(
        name: "visual", summary: "with --visual: a screen with more than --threshold of its pixels changed", needsVisual: true
    ) { _, visual, threshold in (visual?.largestShare ?? 0) > threshold }

    /// `major`, `minor`, `patch`: the range's release level is at least this one.
    static func level(_ level: ReleaseLevel, _ summary: String) -> DiffGate {
        DiffGate(name: level.rawValue, summary: summary, needsVisual: false) { report, _, _ in report.release.level >= level }
    }

    /// Every gate, in the order help lists them. A new one is one line here.
    package static let all: [DiffGate] = [
        any, breaking, accessibility, visual,
        level(.major, "the release is major: it breaks the app's code, its contract or a client's app"),
        level(.minor, "the release is minor or major: it adds clients, tokens, locales or variants, or breaks"),
        level(.patch, "any change: a patch, minor or major release"),
    ]

    init(
        name: String, summary: String, needsVisual: Bool,
        isMet: @escaping @Sendable (_ report: DiffReport, _ visual: VisualReport?, _ threshold: Double) -> Bool
    ) {
        self.name = name
        self.summary = summary
        self.needsVisual = needsVisual
        self.isMet = isMet
    }

    /// True when the command exits with 1.
    func isMet(by report: DiffReport, visual: VisualReport? = nil, threshold: Double = 0) -> Bool {
        isMet(report, visual, threshold)
    }

    /// `--exit-code`'s help, the gates from the list.
    package static func optionHelp(_ gates: [DiffGate] = all) -> String {
        "Exit with 1 when the gate is met, else 0: " + Registry(gates).phrase(lastSeparator: " or ", Registry.nameAndSummary)
            + ". Bare --exit-code is any, as in git diff --exit-code."
    }
}
