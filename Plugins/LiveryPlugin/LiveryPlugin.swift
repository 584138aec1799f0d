import Foundation
import PackagePlugin

/// The build-tool plugin an app target adds: at build time it runs `livery
/// build` for one client (docs/swiftpm-plugin.md says how the client is
/// chosen) and hands the target that client's Theme.swift to compile and its
/// style.json, asset catalog and fonts as resources.
///
/// The same sources serve two packages: livery's own, where the `livery` tool
/// is built from source, and the plugin package `scripts/product/package-release` writes,
/// where it is a prebuilt binary in an artifact bundle. Both make a build
/// command rather than a prebuild command (which could not run a tool built
/// from source, and would run on every build): a build command runs again only
/// when one of its declared inputs changes (the selection files, livery.json,
/// the files under targets/) or its command line does (LIVERY_CLIENT). The
/// client is chosen when the command runs, not here: SwiftPM reuses a plan.
@main
struct LiveryPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let selection = try ClientSelection(
            targetDirectory: module.directoryURL,
            packageDirectory: context.package.directoryURL,
            environment: ProcessInfo.processInfo.environment
        )
        let generation = try Generation(selection: selection, workDirectory: context.pluginWorkDirectoryURL)
        return [generation.command(livery: try context.tool(named: "livery").url)]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same plugin on an app target of an Xcode project: the client comes
    /// from the livery-plugin.json among the target's files (one app target per
    /// client), else the one beside the project, else LIVERY_CLIENT.
    extension LiveryPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let projectDirectory = context.xcodeProject.directoryURL
            let own = target.inputFiles.first { $0.url.lastPathComponent == ClientSelection.fileName }
            let selection = try ClientSelection(
                targetDirectory: own?.url.deletingLastPathComponent() ?? projectDirectory,
                packageDirectory: projectDirectory,
                environment: ProcessInfo.processInfo.environment
            )
            let generation = try Generation(selection: selection, workDirectory: context.pluginWorkDirectoryURL)
            return [generation.command(livery: try context.tool(named: "livery").url)]
        }
    }
#endif
