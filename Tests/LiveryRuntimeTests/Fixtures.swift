import Foundation
import LiveryConcurrency
import LiveryCore
import LiveryJSON
import Logging

@testable import LiveryRuntime

/// Resolved styles and signed updates between them, made in memory.
enum Fixtures {
    /// v1 of the `acme` client's resolved style, in a bundle's layout.
    static let v1Text = ##"""
        {
          "animations": {"easeIn": {"long": 1, "short": 0.25}},
          "app": {"bundleId": "com.acme.bank", "displayName": "Acme Bank"},
          "appIcon": "assets/AppIcon.png",
          "colors": {
            "onPrimary": {"dark": "#FFFFFF", "light": "#FFFFFF"},
            "primary": {"dark": "#0E8AB4", "highContrastDark": "#7FD4F0", "highContrastLight": "#0B5F7C", "light": "#11A4D6"}
          },
          "components": {"button": {"primary": {
            "background": {"dark": "#0E8AB4", "light": "#11A4D6"},
            "font": {"family": "Inter", "file": "assets/Inter.ttf", "size": 16, "weight": "semibold"},
            "label": "Go", "opacity": 0.5, "enabled": true,
            "shape": {"roundedRectangle": {"cornerRadius": 8}}
          }}},
          "dimensions": {"radiusS": 8, "spacingM": 16},
          "flags": {"beta": true, "welcome": "Welcome to Acme"},
          "fonts": {"body": {"family": "Inter", "file": "assets/Inter.ttf", "size": 16, "weight": "regular"}},
          "id": "acme",
          "images": {"logo": {"dark": "assets/logo-dark.png", "light": "assets/logo.png"}},
          "palettes": {"brand": {"base": "#11A4D6", "light04": "#70C8E6"}}
        }
        """##

    static func json(_ text: String) -> JSONValue {
        (try? CanonicalJSON.parse(Array(text.utf8))) ?? .null
    }

    static var v1: JSONValue { json(v1Text) }

    /// The canonical bytes of v1, as a bundle's `style.json` holds them.
    static var v1Data: Data { Data(CanonicalJSON.bytes(v1)) }

    /// `document` with `patch` merged in (plain RFC 7396, no replace keys).
    static func edited(_ document: JSONValue, _ patch: String) -> JSONValue {
        MergePatch.apply(JSONNode(json(patch), at: .synthesized), to: JSONNode(document, at: .synthesized))?.value ?? .null
    }

    /// v2: a new primary colour without high-contrast appearances, a circle button.
    static var v2: JSONValue {
        edited(
            v1,
            ##"{"colors": {"primary": {"highContrastDark": null, "highContrastLight": null, "light": "#0B5FFF"}}, "components": {"button": {"primary": {"shape": "circle"}}}}"##
        )
    }

    /// v3: v2 with a new spacing and flag.
    static var v3: JSONValue {
        edited(v2, ##"{"dimensions": {"spacingM": 20}, "flags": {"beta": false}}"##)
    }

    static let key = UpdateSigningKey()
    static let otherKey = UpdateSigningKey()

    /// The release sequence of a fixture style: v2 is release 2, v3 release 3, anything else 1.
    static func release(of head: JSONValue) -> Int64 {
        head == v3 ? 3 : head == v2 ? 2 : 1
    }

    /// The signed update from `base` to `head` (by `key`), as bytes; its
    /// sequence is `head`'s release unless given.
    static func update(
        from base: JSONValue, to head: JSONValue, signedBy signer: UpdateSigningKey? = key, sequence: Int64? = nil,
        expires: UpdateTime? = nil
    ) throws -> Data {
        guard
            let update = try StyleUpdate.make(
                target: "acme", from: base, to: head, sequence: sequence ?? release(of: head), expires: expires)
        else {
            throw FixtureError.noChange
        }
        return Data(try signer.map { try $0.sign(update) }?.bytes ?? update.bytes)
    }

    /// An envelope written by hand: any patch and result, signed by `key`.
    static func envelope(
        base: JSONValue, patch: String, result: JSONValue?, target: String = "acme", signedBy signer: UpdateSigningKey? = key,
        sequence: Int64 = 1
    ) throws -> Data {
        let update = StyleUpdate(
            target: target, base: CanonicalJSON.digest(of: base),
            result: result.map(CanonicalJSON.digest(of:)) ?? String(repeating: "0", count: 64), patch: json(patch), sequence: sequence
        )
        return Data(try signer.map { try $0.sign(update) }?.bytes ?? update.bytes)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("livery-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    enum FixtureError: Error { case noChange }
}

/// Log messages kept for a test to read.
final class LogRecorder: Sendable {
    // A lock-guarded array: log handlers are called from any thread.
    private let storage = LockedMessages()

    var messages: [String] { storage.read() }

    var logger: Logger {
        Logger(label: "test") { _ in RecordingHandler(recorder: self) }
    }

    func record(_ message: String) { storage.append(message) }
}

/// Messages that several tasks append to.
final class LockedMessages: Sendable {
    private let items = Locked<[String]>([])

    func append(_ item: String) {
        items.withLock { $0.append(item) }
    }

    func read() -> [String] {
        items.withLock { $0 }
    }
}

struct RecordingHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let details = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        recorder.record("\(event.level): \(event.message) \(details)")
    }
}
