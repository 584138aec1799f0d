import LiveryCore

/// What `livery keys` asks: a new key pair, a public key's id, or a published
/// update folder checked against a key.
package enum KeysRequest: Sendable {
    /// `keys generate --output DIR`.
    case generate(directory: String)
    /// `keys id FILE`.
    case id(publicKey: String)
    /// `keys verify DIR --public-key FILE`.
    case verify(directory: String, publicKey: String)
}

/// What `livery keys` did, for each request.
package enum KeysResult: CommandOutcome, Sendable {
    case generated(KeysService.Written)
    case id(TrustedKey)
    case verified(UpdateFolderVerification.Report, key: TrustedKey)

    /// 1 when a verified folder has problems.
    package var exitStatus: ExitStatus {
        guard case .verified(let report, _) = self else { return .success }
        return ExitStatus(failed: !report.problems.isEmpty)
    }
}

extension KeysService {
    package static func run(_ request: KeysRequest) throws -> KeysResult {
        switch request {
        case .generate(let directory):
            return .generated(try generate(in: directory))
        case .id(let path):
            return .id(try readPublicKey(path))
        case .verify(let directory, let path):
            let key = try readPublicKey(path)
            return .verified(try UpdateFolderVerification.verify(directory, key: key), key: key)
        }
    }
}
