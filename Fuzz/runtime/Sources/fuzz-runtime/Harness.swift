import Foundation
import LiveryRuntime

/// A resolved style (a bundle's style.json) and the signed update to its next
/// version, made once with a fixed key: the seed libFuzzer mutates.
@MainActor
enum Harness {
    /// A fixed test key, so a seed written by one run verifies in the next.
    static let key = UpdateSigningKey(text: "bGl2ZXJ5LWZ1enotcnVudGltZS10ZXN0LWtleS0zMmI=")
    /// A second fixed key the store does not trust: the seed carries both
    /// signatures (a key in rotation), so mutations reach the signature list.
    static let otherKey = UpdateSigningKey(text: "bGl2ZXJ5LWZ1enotcnVudGltZS1vdGhlci1rZXktMzI=")
    /// The clock the store reads: a fixed moment before the seed's `expires`,
    /// so a mutated expiry is compared with the same time on every run.
    nonisolated static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let v1 = Array(
        ##"""
        {"app": {"bundleId": "com.acme.bank", "displayName": "Acme Bank"}, "appIcon": "assets/AppIcon.png",
         "colors": {"onPrimary": {"dark": "#FFFFFF", "light": "#FFFFFF"},
                    "primary": {"dark": "#0E8AB4", "highContrastDark": "#7FD4F0", "highContrastLight": "#0B5F7C", "light": "#11A4D6"}},
         "components": {"button": {"primary": {"background": {"dark": "#0E8AB4", "light": "#11A4D6"},
           "font": {"family": "Inter", "file": "assets/Inter.ttf", "size": 16, "weight": "semibold"},
           "label": "Go", "opacity": 0.5, "enabled": true, "shape": {"roundedRectangle": {"cornerRadius": 8}}}}},
         "dimensions": {"radiusS": 8, "spacingM": 16}, "flags": {"beta": true, "welcome": "Welcome to Acme"},
         "fonts": {"body": {"family": "Inter", "file": "assets/Inter.ttf", "size": 16, "weight": "regular"}},
         "id": "acme", "images": {"logo": {"dark": "assets/logo-dark.png", "light": "assets/logo.png"}},
         "palettes": {"brand": {"base": "#11A4D6", "light04": "#70C8E6"}}}
        """##.utf8)

    /// v1 with a new primary colour, a circle button and a new spacing.
    static let v2 = Array(
        String(decoding: v1, as: UTF8.self)
            .replacingOccurrences(of: ##""light": "#11A4D6"}}"##, with: ##""light": "#0B5FFF"}}"##)
            .replacingOccurrences(of: #"{"roundedRectangle": {"cornerRadius": 8}}"#, with: #""circle""#)
            .replacingOccurrences(of: #""spacingM": 16"#, with: #""spacingM": 20"#).utf8)

    /// The genuine update from v1 to v2 (sequence 2, an expiry, signed by
    /// both keys), and the bytes its signatures cover.
    static let genuine: (bytes: [UInt8], signed: [UInt8])? = {
        guard let key, let otherKey, let base = try? CanonicalJSON.parse(v1), let head = try? CanonicalJSON.parse(v2),
            let update = try? StyleUpdate.make(
                target: "acme", from: base, to: head, sequence: 2, expires: UpdateTime(text: "2100-01-01T00:00:00Z")),
            let signed = try? otherKey.sign(key.sign(update))
        else { return nil }
        return (signed.bytes, signed.signingBytes)
    }()

    static func store() -> StyleStore? {
        guard let key else { return nil }
        return try? StyleStore(bundled: bundled, cache: nil, trustedKeys: [key.publicKey.text], now: { now })
    }

    static let bundled = Data(v1)

    /// One input: a fresh store from v1 applies it. Nil when the invariant
    /// holds; otherwise what broke it.
    static func check(_ input: [UInt8]) -> String? {
        guard let genuine else { return "the harness's own update could not be made" }
        guard let store = store() else {
            return "the built-in style was refused"
        }
        let before = store.document
        switch store.apply(Data(input)) {
        case .applied:
            // Only the genuine signed content may apply (white space or key
            // order may differ: the signature covers the canonical form).
            guard let parsed = try? StyleUpdate(parsing: input), parsed.signingBytes == genuine.signed else {
                return "applied an update that is not the signed one"
            }
            return store.digest == parsed.result && CanonicalJSON.digest(Array(store.document)) == parsed.result
                ? nil : "the applied style is not the update's result"
        case .alreadyCurrent, .rejected:
            return store.document == before ? nil : "a refused update changed the style"
        }
    }
}

/// libFuzzer's entry point. A broken invariant stops the run with the input
/// saved as a finding, which is what a fuzz target is for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    // libFuzzer calls on the main thread.
    let problem = MainActor.assumeIsolated { Harness.check(input) }
    if let problem {
        FileHandle.standardError.write(Data("fuzz-runtime: \(problem)\n".utf8))
        abort()
    }
    return 0
}

/// Checks that the genuine update applies (or the run would test nothing but
/// refusals), then writes it into the directory LIVERY_FUZZ_SEED_DIR names
/// (the scratch corpus), so mutations start from a validly signed envelope.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    MainActor.assumeIsolated {
        guard let genuine = Harness.genuine,
            let store = Harness.store(),
            case .applied = store.apply(Data(genuine.bytes))
        else {
            FileHandle.standardError.write(Data("fuzz-runtime: the harness's own signed update does not apply\n".utf8))
            abort()
        }
        guard let directory = ProcessInfo.processInfo.environment["LIVERY_FUZZ_SEED_DIR"] else { return }
        let file = URL(fileURLWithPath: directory).appendingPathComponent("genuine-v1-v2.json")
        try? Data(genuine.bytes).write(to: file, options: .atomic)
    }
    return 0
}
