import Foundation
import LiveryCore

/// `livery keys verify DIR --root FILE`: a published folder checked end to
/// end as an app built with FILE sees it: the roots `DIR/<version>.root.json`
/// walk from FILE one version at a time, `DIR/timestamp.json` is signed by
/// the timestamp keys, current and lists each client's newest release, every
/// update is signed by a threshold of its client's delegated keys, and the
/// chains grow and do not loop.
package enum TrustFolderVerification {
    package struct Report: Sendable {
        package var rootVersion: Int64 = 0
        package var updates = 0
        package var clients = 0
        package var problems: [String] = []
    }

    static func verify(_ directory: String, root rootPath: String, now: UpdateTime) throws -> Report {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UpdateFolderError(path: directory)
        }
        var state: TrustState
        do {
            state = try TrustState(bundled: try TrustService.read(rootPath, limit: TrustRoot.maximumSize))
        } catch let problem as TrustProblem {
            throw TrustFileError(message: "'\(rootPath)' is not a root an app can be built with: \(problem)")
        }
        var report = Report()
        let folder = URL(fileURLWithPath: directory)
        while true {
            let name = "\(state.root.version + 1).root.json"
            let path = folder.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path) else { break }
            do {
                state = try state.advancing(to: try TrustService.read(path, limit: TrustRoot.maximumSize))
            } catch let problem as TrustProblem {
                report.problems.append("\(name): \(problem)")
                break
            } catch {
                report.problems.append("\(name): \(error.localizedDescription)")
                break
            }
        }
        report.rootVersion = state.root.version
        let published = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in published.sorted() where name.hasSuffix(".root.json") {
            let version = Int64(name.dropLast(".root.json".count)) ?? 0
            if version > state.root.version {
                report.problems.append(
                    "\(name): apps never reach it (they walk roots one version at a time, and stop at version \(state.root.version))")
            }
        }
        state = checkTimestamp(in: folder, state: state, now: now, report: &report)
        checkUpdates(directory, state: state, now: now, report: &report)
        return report
    }

    static func checkTimestamp(in folder: URL, state: TrustState, now: UpdateTime, report: inout Report) -> TrustState {
        guard state.root.roles["timestamp"] != nil else { return state }
        let path = folder.appendingPathComponent("timestamp.json").path
        guard FileManager.default.fileExists(atPath: path) else {
            report.problems.append(
                "timestamp.json: missing; the root has a timestamp role, so apps apply no update without one (livery keys timestamp)")
            return state
        }
        do {
            return try state.accepting(timestamp: try TrustService.read(path, limit: TrustTimestamp.maximumSize), now: now)
        } catch let problem as TrustProblem {
            report.problems.append("timestamp.json: \(problem)")
        } catch {
            report.problems.append("timestamp.json: \(error.localizedDescription)")
        }
        return state
    }

    static func checkUpdates(_ directory: String, state: TrustState, now: UpdateTime, report: inout Report) {
        let folder = UpdateFolder.load(directory)
        for (path, reason) in folder.unreadable { report.problems.append("\(path): \(reason)") }
        for client in folder.entries.keys.sorted() {
            let entries = folder.entries[client] ?? []
            report.clients += 1
            report.updates += entries.count
            for entry in entries {
                if let refusal = state.authorize(entry.update) {
                    report.problems.append("\(entry.path): \(sentence(refusal, client: client))")
                } else if state.timestamp != nil, let problem = state.checkFreshness(of: entry.update, now: now) {
                    report.problems.append("\(entry.path): \(problem)")
                }
            }
            if let listed = state.timestamp?.clients[client], let newest = entries.map(\.update.sequence).max(), listed < newest {
                report.problems.append(
                    "timestamp.json: lists sequence \(listed) for \(client), whose newest update is \(newest); sign a new timestamp")
            }
            report.problems += UpdateFolder.chainProblems(entries)
        }
    }

    static func sentence(_ refusal: TrustRefusal, client: String) -> String {
        switch refusal {
        case .unsigned: "unsigned; the root delegates \(client)'s updates to keys that must sign them"
        case .mismatch(let ids):
            "the signature by key id \(ids.joined(separator: ", ")) does not verify: the file changed after it was signed"
        case .unknownKey(let ids): "signed only by key id \(ids.joined(separator: ", ")), which the root does not hold"
        case .problem(let problem): problem.description
        }
    }
}
