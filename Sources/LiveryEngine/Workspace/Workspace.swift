import Foundation
import LiveryGit
import LiveryTargets

/// The repository a command works on, the source it reads from, and its settings.
package struct Workspace: Sendable {
    /// The repository read, nil for a source held in memory.
    package let repository: Repository?
    package let source: any Source
    package let configuration: Configuration
    /// Warnings found while loading the configuration.
    package let diagnostics: [Diagnostic]

    /// `source` is read through the size limits of `configuration`.
    package init(
        repository: Repository?, source: any Source, configuration: Configuration = Configuration(), diagnostics: [Diagnostic] = []
    ) {
        self.repository = repository
        if let limited = source as? SizeLimitedSource {
            self.source = SizeLimitedSource(base: limited.base, limits: configuration.sizeLimits)
        } else {
            self.source = SizeLimitedSource(base: source, limits: configuration.sizeLimits)
        }
        self.configuration = configuration
        self.diagnostics = diagnostics
    }
}
