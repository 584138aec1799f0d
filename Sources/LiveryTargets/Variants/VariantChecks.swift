import LiveryCore
import LiveryJSON

/// What validate reports of a client's variants as a whole (pure over their
/// definitions): a variant no install can reach, and experiments whose arms
/// do not add up.
public enum VariantChecks {
    public static func problems(_ variants: [LoadedVariant], target id: String) -> [Diagnostic] {
        unreachable(variants, target: id) + experiments(variants, target: id)
    }

    /// Variants whose condition never holds, whose arm has no share, or that
    /// come after a variant that every install gets.
    static func unreachable(_ variants: [LoadedVariant], target id: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var catchAll: String?
        for variant in variants {
            let definition = variant.definition
            let pointer = JSONPointer(tokens: definition.conditionJSON == nil ? [] : ["when"])
            if let catchAll {
                found.append(
                    Diagnostic(
                        .warning, rule: .variantUnreachable,
                        "no install gets variant '\(variant.name)': '\(catchAll)', tried before it, holds for every install",
                        at: variant.location, pointer: pointer, target: id))
            } else if definition.condition.neverHolds {
                found.append(
                    Diagnostic(
                        .warning, rule: .variantUnreachable, "no install gets variant '\(variant.name)': its condition never holds",
                        at: variant.location, pointer: pointer, target: id))
            } else if let arm = definition.experiment, arm.weight * arm.coverage / InstallBucket.range == 0 {
                found.append(
                    Diagnostic(
                        .warning, rule: .variantUnreachable,
                        "no install gets variant '\(variant.name)': its arm of '\(arm.id)' has no share (weight × coverage is 0)",
                        at: variant.location, pointer: JSONPointer(tokens: ["experiment"]), target: id))
            } else if definition.experiment == nil, definition.condition.alwaysHolds {
                catchAll = variant.name
            }
        }
        return found
    }

    /// Experiments whose arms' weights do not sum to 100 or whose coverages differ.
    static func experiments(_ variants: [LoadedVariant], target id: String) -> [Diagnostic] {
        var arms: [String: [LoadedVariant]] = [:]
        for variant in variants {
            if let arm = variant.definition.experiment { arms[arm.id, default: []].append(variant) }
        }
        var found: [Diagnostic] = []
        for experiment in arms.keys.sorted() {
            let members = (arms[experiment] ?? []).sorted { $0.name < $1.name }
            guard let first = members.first else { continue }
            // Each weight is at most 100 %, but the sum is still checked: a number from input is never added unchecked.
            let total = InputInteger.sum(members.map { $0.definition.experiment?.weight ?? 0 })?.value ?? Int64.max
            let names = members.map { "'\($0.name)'" }.joined(separator: ", ")
            if total != InstallBucket.range {
                found.append(
                    Diagnostic(
                        .error, rule: .variantExperiment,
                        "the arms of experiment '\(experiment)' (\(names)) have weights summing to \(Percentage.text(total)), not 100",
                        at: first.location, pointer: JSONPointer(tokens: ["experiment", "weight"]), target: id))
            }
            let coverages = Set(members.compactMap { $0.definition.experiment?.coverage })
            if coverages.count > 1 {
                found.append(
                    Diagnostic(
                        .error, rule: .variantExperiment,
                        "the arms of experiment '\(experiment)' (\(names)) give different coverages (\(coverages.sorted().map(Percentage.text).joined(separator: ", "))); give them one",
                        at: first.location, pointer: JSONPointer(tokens: ["experiment", "coverage"]), target: id))
            }
        }
        return found
    }
}
