import LiveryGit
import LiveryJSON

/// A style schema that cannot be read or compiled stops a command like any other
/// user error. LiveryJSON is a JSON library below the module that defines
/// ``UserError`` and knows nothing of commands, so the conformance is declared
/// here, by the services that throw it.
extension SchemaError: UserError {}
