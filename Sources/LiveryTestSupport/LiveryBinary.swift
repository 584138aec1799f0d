import Foundation

/// Runs the built `livery` executable, the way a user or CI would.
public enum LiveryBinary {
    /// `LIVERY_BIN` when set, else `livery` next to the test bundle in the build folder.
    public static var path: String {
        if let override = ProcessInfo.processInfo.environment["LIVERY_BIN"] { return override }
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
        // The test runner may live inside an .xctest bundle on some platforms.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS" || directory.lastPathComponent == "Contents" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("livery").path
    }

    /// Runs livery with `arguments` in `directory`, with CI-style environment
    /// (no terminal, no colour) unless `environment` says otherwise.
    @discardableResult
    public static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], input: [UInt8] = [])
        throws -> ProcessResult
    {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "GITHUB_ACTIONS")
        env.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        for (key, value) in environment { env[key] = value }
        return try runProcess(path, arguments, in: directory, environment: env, input: input)
    }
}
