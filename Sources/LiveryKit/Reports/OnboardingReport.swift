/// What `livery new` prints when the target is written: where, from which
/// template, the commit when there is one, and what to do next.
package enum OnboardingReport {
    package static func summary(_ result: OnboardingResult, quiet: Bool) -> String {
        if quiet {
            return "✓ \(result.directory)/" + (result.commit.map { " committed on \($0.branch) (\($0.id.hex))" } ?? "") + "\n"
        } else if let commit = result.commit {
            return """
                ✓ \(result.directory)/ (template \(result.template), \(result.files.count) files) committed
                branch: \(commit.branch)
                commit: \(commit.id.hex)
                Next: git push origin \(commit.branch)

                """
        } else {
            let art =
                result.files.contains { $0.hasPrefix("assets/") }
                ? "replace the template's placeholder art in \(result.directory)/assets/, then " : ""
            return """
                ✓ \(result.directory)/ made from template \(result.template): \(result.files.joined(separator: ", "))
                Next: \(art)commit \(result.directory)/.

                """
        }
    }
}
