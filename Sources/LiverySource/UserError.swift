import Foundation

/// An error shown to the person who ran a command: what went wrong, what to do
/// about it, and the exit status the command ends with. The command line shows
/// every such error one way (`[place: ]error: message`, then the hint on the
/// next line), so no command needs a case of its own for a kind of error.
///
/// It lives here, in the lowest module whose errors reach people (a revision
/// that does not exist, a file over its size limit), so every module above it
/// (styles, reports, services, the command line) conforms its errors to the
/// same protocol. LiveryJSON, which is below and beside it and knows nothing
/// of commands, has its `SchemaError` conformed by the services that throw it.
public protocol UserError: Error {
    /// What went wrong, in words a user can act on; may run over several lines.
    var message: String { get }
    /// What to do next, shown on its own line; nil when the message says it.
    var hint: String? { get }
    /// Where the problem is, as `path:line:col` (compilers' form, which editors
    /// and terminals make clickable), when it is in one of the user's files.
    var place: String? { get }
    /// The process exit status: ``UserErrorExit/usage`` unless the error says otherwise.
    var exitCode: Int32 { get }
}

/// livery's documented exit status for errors of use or environment.
public enum UserErrorExit {
    /// A usage or environment error: an unknown revision or target, no
    /// repository, an unusable livery.json, an unwritable output.
    public static let usage: Int32 = 2
}

extension UserError {
    public var hint: String? { nil }
    public var place: String? { nil }
    public var exitCode: Int32 { UserErrorExit.usage }
}

extension UserError where Self: LocalizedError {
    /// A localized error's description is its message.
    public var message: String { errorDescription ?? String(describing: self) }
}
