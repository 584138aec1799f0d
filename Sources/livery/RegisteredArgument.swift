import ArgumentParser
import LiveryKit

/// `--format NAME` (and any option that takes one registered name): parsed by the
/// registry, its values in `--help` and in shell completion are the registry's names.
/// An unknown name is ArgumentParser's usage error, which lists them.
extension ExpressibleByArgument where Self: Registered {
    public init?(argument: String) { self.init(named: argument) }
    public var defaultValueDescription: String { name }
    public static var allValueStrings: [String] { registry.names }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

extension DiffFormat: ExpressibleByArgument {}
extension ValidationFormat: ExpressibleByArgument {}
extension ListFormat: ExpressibleByArgument {}
extension TemplateFormat: ExpressibleByArgument {}
extension VariantFormat: ExpressibleByArgument {}
extension DiffGate: ExpressibleByArgument {}
