import Foundation

/// What a finished process printed and how it ended.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    public let stdoutBytes: [UInt8]
}

public struct ProcessFailure: Error, CustomStringConvertible {
    public let command: String
    public let result: ProcessResult
    public var description: String {
        "`\(command)` exited \(result.status)\nstdout: \(result.stdout)\nstderr: \(result.stderr)"
    }
}

/// Runs a program to completion, feeding `input` to its standard input.
@discardableResult
public func runProcess(
    _ executable: String, _ arguments: [String], in directory: String? = nil,
    environment: [String: String]? = nil, input: [UInt8] = []
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if let environment { process.environment = environment }
    // The child writes its output into files, not pipes: a pipe that nobody drains
    // blocks a chatty child once it is full, and draining two pipes at once would
    // take a thread each. A file never fills, so one wait is enough.
    let capture = try OutputCapture()
    defer { capture.remove() }
    let inPipe = Pipe()
    process.standardOutput = capture.stdout
    process.standardError = capture.stderr
    process.standardInput = inPipe
    try process.run()
    if !input.isEmpty { inPipe.fileHandleForWriting.write(Data(input)) }
    try? inPipe.fileHandleForWriting.close()
    process.waitUntilExit()
    let (out, err) = try capture.read()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: err, as: UTF8.self),
        stdoutBytes: out
    )
}

/// Two temporary files a child process writes its standard output and error to.
private struct OutputCapture {
    let directory: URL
    let stdout: FileHandle
    let stderr: FileHandle

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("livery-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["stdout", "stderr"] {
            FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
        }
        stdout = try FileHandle(forWritingTo: directory.appendingPathComponent("stdout"))
        stderr = try FileHandle(forWritingTo: directory.appendingPathComponent("stderr"))
    }

    /// What the child wrote, once it has exited.
    func read() throws -> (stdout: [UInt8], stderr: [UInt8]) {
        try? stdout.close()
        try? stderr.close()
        return (
            [UInt8](try Data(contentsOf: directory.appendingPathComponent("stdout"))),
            [UInt8](try Data(contentsOf: directory.appendingPathComponent("stderr")))
        )
    }

    func remove() {
        try? stdout.close()
        try? stderr.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The path of an executable found on PATH.
public func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}
