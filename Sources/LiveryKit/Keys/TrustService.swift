import Foundation
import LiveryCore
import LiveryEngine
import LiveryGit

/// What `livery keys` does with a root of trust: create one, make the next
/// version, change its keys, thresholds and delegations, sign a root or a
/// timestamp (one signer at a time: the partly signed file passes between
/// machines), and write a timestamp for a published folder.
package enum TrustRequest: Sendable {
    case create(output: String, rootKeys: [String], threshold: Int, timestampKeys: [String], timestampThreshold: Int)
    case next(root: String, output: String)
    case add(root: String, publicKey: String, role: TrustRoot.RoleName, threshold: Int?)
    case revoke(root: String, keyID: String)
    case threshold(root: String, role: TrustRoot.RoleName, threshold: Int)
    case sign(file: String, signingKey: String)
    case timestamp(updates: String, signingKey: String, expiresIn: Int64, version: Int64?, output: String)
    case verify(directory: String, root: String)
}

package enum TrustResult: CommandOutcome, Sendable {
    /// A root written: its path and version.
    case root(String, TrustRoot)
    /// A file signed: its path, and for each role whose threshold it counts toward, the signers and the threshold.
    case signed(String, [(role: String, signed: Int, threshold: Int)])
    case timestamp(String, TrustTimestamp)
    case verified(TrustFolderVerification.Report)

    package var exitStatus: ExitStatus {
        guard case .verified(let report) = self else { return .success }
        return ExitStatus(failed: !report.problems.isEmpty)
    }
}

/// Why a `livery keys` root or timestamp command wrote nothing.
struct TrustFileError: UserError, Sendable, LocalizedError {
    let message: String
    var errorDescription: String? { message }
}

/// The role a root change names (`--role root|timestamp`, `--client ID`).
package typealias TrustRoleName = TrustRoot.RoleName

package enum TrustService {
    /// Runs `request`; `now` dates a timestamp and is what `verify` checks expiry against.
    package static func run(
        _ request: TrustRequest, now: UpdateTime = UpdateTime(secondsSince1970: Int64(Date().timeIntervalSince1970))
    ) throws -> TrustResult {
        switch request {
        case .create(let output, let rootKeys, let threshold, let timestampKeys, let timestampThreshold):
            let root = try edit {
                try TrustRoot.first(
                    rootKeys: try rootKeys.map(KeysService.readPublicKey), threshold: threshold,
                    timestampKeys: try timestampKeys.map(KeysService.readPublicKey), timestampThreshold: timestampThreshold)
            }
            try writeNew(root.bytes, to: output)
            return .root(output, root)
        case .next(let path, let output):
            let root = try readRoot(path).next()
            try writeNew(root.bytes, to: output)
            return .root(output, root)
        case .add(let path, let keyPath, let role, let threshold):
            let key = try KeysService.readPublicKey(keyPath)
            return try rewrite(path) { root throws(TrustEditError) in try root.adding(key, to: role, threshold: threshold) }
        case .revoke(let path, let id):
            return try rewrite(path) { root throws(TrustEditError) in try root.revoking(id) }
        case .threshold(let path, let role, let threshold):
            return try rewrite(path) { root throws(TrustEditError) in try root.setting(threshold: threshold, of: role) }
        case .sign(let path, let keyPath):
            return try sign(path, with: try SigningKeyFile.read(keyPath).key)
        case .timestamp(let updates, let keyPath, let expiresIn, let version, let output):
            let key = try SigningKeyFile.read(keyPath).key
            let folder = UpdateFolder.load(updates)
            var clients: [String: Int64] = [:]
            for (client, entries) in folder.entries { clients[client] = entries.map(\.update.sequence).max() }
            let timestamp = try TrustTimestamp(
                version: version ?? now.secondsSince1970, expires: UpdateTime(secondsSince1970: now.secondsSince1970 + expiresIn),
                clients: clients
            ).signed(by: key)
            try OutputPlace.check(output, option: "--output", kind: .file, example: "updates/timestamp.json")
            if FileManager.default.fileExists(atPath: output),
                (try? TrustTimestamp(parsing: try read(output, limit: TrustTimestamp.maximumSize))) == nil
            {
                throw TrustFileError(message: "'\(output)' exists and is not a livery timestamp; livery replaces only a timestamp it wrote")
            }
            try write(timestamp.bytes, to: output)
            return .timestamp(output, timestamp)
        case .verify(let directory, let root):
            return .verified(try TrustFolderVerification.verify(directory, root: root, now: now))
        }
    }

    static func edit(_ body: () throws -> TrustRoot) throws -> TrustRoot {
        do {
            return try body()
        } catch let error as TrustEditError {
            throw TrustFileError(message: error.description)
        }
    }

    /// The root at `path` changed by `change`, written back without its
    /// signatures (they covered the old bytes): it is signed again once edited.
    static func rewrite(_ path: String, _ change: (TrustRoot) throws(TrustEditError) -> TrustRoot) throws -> TrustResult {
        let root = try edit { try change(try readRoot(path)) }
        try write(root.bytes, to: path)
        return .root(path, root)
    }

    static func sign(_ path: String, with key: UpdateSigningKey) throws -> TrustResult {
        let bytes = try read(path, limit: TrustTimestamp.maximumSize)
        if let root = try? TrustRoot(parsing: bytes) {
            let signed = try root.signed(by: key)
            guard signed.keys[key.keyID] != nil else {
                throw TrustFileError(message: "key id \(key.keyID) is not one of this root's keys; it can only sign a root that lists it")
            }
            try write(signed.bytes, to: path)
            let role = signed.rootRole
            return .signed(path, [("root", signed.signers(for: role, keys: signed.keys).count, role.threshold)])
        }
        do {
            let timestamp = try TrustTimestamp(parsing: bytes).signed(by: key)
            try write(timestamp.bytes, to: path)
            return .signed(path, [])
        } catch let problem as TrustProblem {
            throw TrustFileError(message: "'\(path)' is neither a livery root nor a timestamp: \(problem)")
        }
    }

    static func readRoot(_ path: String) throws -> TrustRoot {
        do {
            return try TrustRoot(parsing: try read(path, limit: TrustRoot.maximumSize))
        } catch let problem as TrustProblem {
            throw TrustFileError(message: "'\(path)': \(problem)")
        }
    }

    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw TrustFileError(message: "cannot read '\(path)': it is missing or not a regular file")
        }
        guard Int(status.st_size) <= limit, let handle = FileHandle(forReadingAtPath: path) else {
            throw TrustFileError(message: "cannot read '\(path)': it is larger than \(limit) bytes, or unreadable")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else { throw TrustFileError(message: "cannot read '\(path)': it is larger than \(limit) bytes") }
        return Array(data)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try OutputFile.write(bytes, to: path)
        } catch {
            throw TrustFileError(message: "cannot write '\(path)': \(error.reason)")
        }
    }

    /// A new root is never written over an existing file: a root apps trust must not be lost.
    /// Where it goes is held to the rule every output is (``OutputPlace``).
    static func writeNew(_ bytes: [UInt8], to path: String) throws {
        try OutputPlace.check(path, option: "--output", kind: .file, example: "root.json")
        var status = stat()
        if lstat(path, &status) == 0 { throw TrustFileError(message: "'\(path)' already exists; livery never overwrites a root") }
        try write(bytes, to: path)
    }
}
