import Foundation
import LiveryCore
import LiveryEngine
import LiveryGit

/// `livery keys generate`: a new Ed25519 key pair for signing style updates,
/// written as `signing.key` (the private key, readable by its owner only) and
/// `signing.pub` (the public key an app trusts).
package enum KeysService {
    static let privateKeyFile = "signing.key"
    static let publicKeyFile = "signing.pub"

    /// The paths written.
    package struct Written: Sendable, Hashable {
        package let privateKey: String
        package let publicKey: String
    }

    /// Writes a new key pair into `directory` (created when missing). Neither
    /// file is ever overwritten: losing a private key that apps trust would
    /// strand every app built with its public key, so an existing file is an error.
    static func generate(in directory: String) throws(KeysError) -> Written {
        // Never into the repository (one `git add -A` from committing the key), never empty.
        do {
            try OutputPlace.check(directory, option: "--output", kind: .directory, example: "~/.livery-keys")
        } catch {
            throw .forbidden(error)
        }
        let folder = URL(fileURLWithPath: directory)
        let privatePath = folder.appendingPathComponent(privateKeyFile).path
        let publicPath = folder.appendingPathComponent(publicKeyFile).path
        // lstat, not fileExists: a dangling symbolic link is "missing" to
        // fileExists, yet O_EXCL refuses it, which would leave a lone private key.
        for path in [privatePath, publicPath] {
            var status = stat()
            if lstat(path, &status) == 0 { throw .exists(path) }
        }
        do {
            try OutputFile.makeDirectories(folder.path)
        } catch {
            throw .unwritable(directory, error.reason)
        }
        let key = UpdateSigningKey()
        // The private key is created with mode 0600 and O_EXCL, so it is never
        // readable by others, not even for a moment, and never replaces a file
        // that appeared since the check above.
        try create(privatePath, Array((key.text + "\n").utf8), mode: 0o600)
        do {
            try create(publicPath, Array((key.publicKey.text + "\n").utf8), mode: 0o644)
        } catch {
            // Both files or neither: a private key whose public key was never
            // written is removed (it is the one just created, never shared).
            unlink(privatePath)
            throw error
        }
        return Written(privateKey: privatePath, publicKey: publicPath)
    }

    static func create(_ path: String, _ bytes: [UInt8], mode: mode_t) throws(KeysError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        if descriptor < 0 {
            let code = errno
            if code == EEXIST { throw .exists(path) }
            throw .unwritable(path, String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        // The umask may have cleared bits of `mode`; it must not have added any,
        // but fchmod makes the result exact either way.
        fchmod(descriptor, mode)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unwritable(path, String(cString: strerror(errno)))
            }
            written += count
        }
    }
}

extension KeysService {
    /// The public key in `path` (a `signing.pub`), read after a size check.
    /// Both keys are 32 raw bytes in base64, so a private key given by mistake is
    /// told by its name (`.key`) or by the public key beside it (`signing.pub`
    /// holding the key this one signs for): it is refused, never printed as an id.
    static func readPublicKey(_ path: String) throws(SigningKeyError) -> TrustedKey {
        let bytes = try KeyFileBytes.read(path, role: "public key")
        let text = String(decoding: bytes, as: UTF8.self)
        if URL(fileURLWithPath: path).pathExtension == "key" || isPrivateKeyBesideItsPublicKey(path, text: text) { throw .privateKey(path) }
        guard let key = TrustedKey(text: text) else { throw .invalidPublicKey(path) }
        return key
    }

    /// Whether `text`, read as a private key, signs for the public key in the
    /// `signing.pub` beside `path`.
    static func isPrivateKeyBesideItsPublicKey(_ path: String, text: String) -> Bool {
        guard let asPrivate = UpdateSigningKey(text: text) else { return false }
        let sibling = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(publicKeyFile).path
        guard let bytes = try? KeyFileBytes.read(sibling, role: "public key") else { return false }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == asPrivate.publicKey.text
    }
}

/// Why `livery keys generate` wrote nothing.
enum KeysError: UserError, Sendable, Hashable, LocalizedError {
    /// The file is already there; it is never overwritten.
    case exists(String)
    case unwritable(String, String)
    /// The directory is one no command may write to (``OutputPlace``).
    case forbidden(OutputPlaceError)

    var errorDescription: String? {
        switch self {
        case .exists(let path):
            "'\(path)' already exists; livery never overwrites a key (apps trust its public key). Choose another --output directory or remove the file yourself"
        case .unwritable(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .forbidden(let error):
            error.message
        }
    }
}
