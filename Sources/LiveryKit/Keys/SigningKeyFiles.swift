import Foundation
import LiveryCore
import LiveryDiff
import LiveryGit
import LiveryJSON

/// Reads the private key `--signing-key` names, carefully: the file is
/// checked before it is read (a regular file of at most ``maximumSize``
/// bytes), and a public key given by mistake is named as such.
enum SigningKeyFile {
    /// A key file is one line of base64; anything larger is not a key.
    static let maximumSize = 1024

    /// The key, and a warning when the file is readable by others.
    static func read(_ path: String) throws(SigningKeyError) -> (key: UpdateSigningKey, warnings: [String]) {
        let bytes = try KeyFileBytes.read(path, role: "signing key")
        let text = String(decoding: bytes, as: UTF8.self)
        if URL(fileURLWithPath: path).pathExtension == "pub" || isBesidePublicKey(path, text: text) {
            throw .publicKey(path)
        }
        guard let key = UpdateSigningKey(text: text) else { throw .invalid(path) }
        var warnings: [String] = []
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & 0o077 != 0 {
            warnings.append(
                "the signing key '\(path)' is readable by others (mode \(String(status.st_mode & 0o777, radix: 8))); `chmod 600 \(path)`")
        }
        return (key, warnings)
    }

    /// Whether the directory holds a `signing.pub` with the same text: the
    /// file given is that public key (or a copy of it), not the private key.
    static func isBesidePublicKey(_ path: String, text: String) -> Bool {
        let sibling = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(KeysService.publicKeyFile).path
        guard sibling != URL(fileURLWithPath: path).standardizedFileURL.path,
            let bytes = try? KeyFileBytes.read(sibling, role: "public key")
        else {
            return false
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            == text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
/// The bytes of a key file, read only after `stat` says it is a regular file
/// of at most ``SigningKeyFile/maximumSize`` bytes, so a huge file, a device
/// or a FIFO given by mistake is never read.
enum KeyFileBytes {
    static func read(_ path: String, role: String) throws(SigningKeyError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable(path, String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path, "it is not a regular file") }
        guard Int(status.st_size) <= SigningKeyFile.maximumSize else {
            throw .unreadable(
                path, "it is \(status.st_size) bytes; a \(role) file is one line of base64 (at most \(SigningKeyFile.maximumSize) bytes)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path, "permission denied") }
        defer { try? handle.close() }
        // One byte more than the cap, in case the file grew since stat.
        guard let data = try? handle.read(upToCount: SigningKeyFile.maximumSize + 1) else { return [] }
        guard data.count <= SigningKeyFile.maximumSize else {
            throw .unreadable(path, "it is larger than \(SigningKeyFile.maximumSize) bytes")
        }
        return Array(data)
    }
}

enum SigningKeyError: UserError, Sendable, Hashable, LocalizedError {
    case unreadable(String, String)
    case invalid(String)
    case publicKey(String)
    case invalidPublicKey(String)
    case privateKey(String)

    var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "cannot read the key '\(path)': \(reason)"
        case .invalid(let path):
            "'\(path)' is not a signing key (the base64 of a raw 32-byte Ed25519 key, as `livery keys generate` writes)"
        case .publicKey(let path):
            "'\(path)' is a public key; --signing-key needs the private key (signing.key, from `livery keys generate`): updates signed with a public key are rejected by every app"
        case .invalidPublicKey(let path):
            "'\(path)' is not a public key (the base64 of a raw 32-byte Ed25519 public key, as signing.pub holds)"
        case .privateKey(let path):
            "'\(path)' is a private key (signing.key); give the public key (signing.pub) instead, and keep the private key out of apps and logs"
        }
    }
}
