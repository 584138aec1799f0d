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
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    // Read both pipes while the process runs so a chatty child never blocks on a full pipe.
    // Each read blocks until the child closes its end, so each needs a thread of its
    // own (a task would hold one of the few threads async tests run on); the group's
    // `wait` orders both writes before the reads below.
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
    group.enter()
    DispatchQueue.global().async {
        out = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
        err = errPipe.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    if !input.isEmpty { inPipe.fileHandleForWriting.write(Data(input)) }
    try? inPipe.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: err, as: UTF8.self),
        stdoutBytes: [UInt8](out)
    )
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
