import LiveryJSON
import LiveryTargets
import LiveryText

/// `livery diff --format json`: the versioned structure documented in docs/json-output.md.
public enum DiffJSONFormat {
    public static let version = 1

    /// `verbose` adds `unchangedTargets`, the ids of the targets found identical.
    public static func render(_ report: DiffReport, verbose: Bool = false) -> String {
        JSONWriter.write(document(report, verbose: verbose), sortedKeys: false)
    }

    public static func document(_ report: DiffReport, verbose: Bool = false) -> JSONValue {
        let counts = report.counts
        var pairs: [(String, JSONValue)] = [
            ("version", .integer(version)),
            ("base", revision(report.base)),
            ("head", revision(report.head)),
            (
                "summary",
                .makeObject([
                    ("targetsAdded", .integer(counts.added)),
                    ("targetsRemoved", .integer(counts.removed)),
                    ("targetsRenamed", .integer(counts.renamed)),
                    ("targetsChanged", .integer(counts.changed)),
                    ("targetsInvalid", .integer(counts.invalid)),
                    ("targetsUnchanged", .integer(counts.unchanged)),
                    ("changes", .integer(counts.changes)),
                    ("breaking", .integer(counts.breaking)),
                    ("changesDirect", .integer(counts.direct)),
                    ("changesThroughAliases", .integer(counts.throughAliases)),
                    ("variantChanges", .integer(counts.variantChanges)),
                ])
            ),
            ("release", release(report.release)),
            ("contract", ContractDiffRendering.json(report.contract)),
            ("targets", .makeArray(report.targets.map(target))),
        ]
        if verbose, let ids = report.unchangedTargets {
            pairs.append(("unchangedTargets", .makeArray(ids.map { .string($0) })))
        }
        return .makeObject(pairs)
    }

    /// `{"level": "minor", "reason": "…"}`; `none` when nothing differs.
    static func release(_ release: ReleaseAssessment) -> JSONValue {
        .makeObject([("level", .string(release.level.rawValue)), ("reason", .string(release.reason))])
    }

    static func revision(_ info: RevisionInfo) -> JSONValue {
        .makeObject([
            ("label", .string(info.label)),
            ("revision", .optionalString(info.revision)),
            ("commit", .optionalString(info.commit)),
            ("name", .string(info.name)),
        ])
    }

    static func target(_ target: TargetDiff) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(target.id)),
            ("status", .string(target.status.rawValue)),
            ("renamedFrom", .optionalString(target.renamedFrom)),
            ("breaking", .bool(target.breakingCount > 0)),
            ("breakingReason", .optionalString(target.breakingReason)),
            ("changes", .makeArray(target.changes.map(change))),
            (
                "errors",
                .makeObject([
                    ("base", .makeArray(target.baseErrors.map(DiagnosticJSON.value))),
                    ("head", .makeArray(target.headErrors.map(DiagnosticJSON.value))),
                ])
            ),
            ("unrepresentable", .makeArray(target.unrepresentable.map { .string($0) })),
            ("variants", .makeArray(target.variants.map(variant))),
        ]
        // Added within version 1, only where a pair goes below its target.
        if !target.accessibilityRegressions.isEmpty {
            members.append(("accessibilityRegressions", .makeArray(target.accessibilityRegressions.map(regression))))
        }
        return .makeObject(members)
    }

    /// A colour pair the change takes below its contrast target.
    static func regression(_ regression: ContrastRegression) -> JSONValue {
        .makeObject([
            ("text", .string("colors." + regression.pair.text)), ("background", .string("colors." + regression.pair.background)),
            ("use", .string(regression.pair.use.rawValue)), ("appearance", .string(regression.appearance)),
            // Ratios as the messages print them: two decimals, rounded down.
            ("before", number((regression.before * 100).rounded(.down) / 100)),
            ("after", number((regression.after * 100).rounded(.down) / 100)), ("target", number(regression.target)),
        ])
    }

    /// A client's variant that differs: what changed, and each side's definition and patch.
    static func variant(_ change: VariantChange) -> JSONValue {
        func side(_ side: VariantChange.Side?) -> JSONValue {
            guard let side else { return .null }
            var pairs: [(String, JSONValue)] = [
                ("when", side.definition.conditionJSON ?? .null),
                ("order", .integer(Int(side.definition.order))),
                ("experiment", side.definition.experiment?.json ?? .null),
                ("patch", side.patch),
            ]
            if !side.appReleaseOnly.isEmpty { pairs.append(("appReleaseOnly", .makeArray(side.appReleaseOnly.map { .string($0) }))) }
            return .makeObject(pairs)
        }
        return .makeObject([
            ("name", .string(change.name)),
            ("kind", .string(change.kind.rawValue)),
            ("aspects", .makeArray(change.aspects.map { .string($0.rawValue) })),
            ("affectsAudience", .bool(change.affectsAudience)),
            ("delivery", change.kind == .invalid ? .null : .string(change.delivery.key)),
            ("old", side(change.old)),
            ("new", side(change.new)),
            (
                "values",
                .makeArray(
                    change.values.map { value in
                        .makeObject([("path", .string(value.path)), ("old", value.old ?? .null), ("new", value.new ?? .null)])
                    })
            ),
            ("errors", .makeArray(change.errors.map(DiagnosticJSON.value))),
        ])
    }

    /// A client's changes as `targets[].changes` writes them; `livery diff --visual` reports the same.
    public static func changes(_ changes: [Change]) -> JSONValue {
        .makeArray(changes.map(change))
    }

    static func change(_ change: Change) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("path", .string(change.path)),
            ("section", .string(change.section.rawValue)),
            ("name", .string(change.name)),
            ("kind", .string(change.kind.rawValue)),
            ("renamedFrom", .optionalString(change.oldPath)),
            ("breaking", .bool(change.isBreaking)),
            ("breakingReason", .optionalString(change.breakingReason)),
            ("delivery", .optionalString(change.delivery?.key)),
            ("via", .makeArray(change.via.map { .string($0) })),
            ("old", change.old.map(value) ?? .null),
            ("new", change.new.map(value) ?? .null),
            ("direct", .bool(change.isDirect)),
            ("aliasChains", .makeArray(change.aliasChains.map { chain in .makeArray(chain.map { .string($0) }) })),
        ]
        let appearances = change.appearanceChanges
        if !appearances.isEmpty {
            pairs.append(
                (
                    "appearances",
                    .makeArray(
                        appearances.map { item in
                            .makeObject([
                                ("appearance", .string(item.appearance)),
                                ("old", .optionalString(item.old?.text)),
                                ("new", .optionalString(item.new?.text)),
                            ])
                        })
                ))
        }
        return .makeObject(pairs)
    }

    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: NumberText.text(value)))
    }

    /// A value in the same shape as the resolved style.json writes it; assets as file records.
    public static func value(_ value: DiffValue) -> JSONValue {
        switch value {
        case .color(let token):
            return .makeObject(token.appearanceValues.map { ($0.name, .string($0.value.text)) })
        case .font(let font):
            var pairs: [(String, JSONValue)] = [
                ("family", .string(font.family)), ("size", number(font.size)), ("weight", .string(font.weight.rawValue)),
            ]
            if let file = font.file { pairs.append(("file", .string(file.path))) }
            return .makeObject(pairs)
        case .number(let value): return number(value)
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .shape(.roundedRectangle(let radius)):
            return .makeObject([("roundedRectangle", .makeObject([("cornerRadius", number(radius))]))])
        case .shape: return .string(value.display)
        case .json(let json): return json
        case .asset(let files):
            return .makeObject(
                files.keys.sorted(by: AssetSlots.order).compactMap { slot in
                    files[slot].map { file in
                        (
                            slot,
                            JSONValue.makeObject([
                                ("path", .string(file.path)),
                                ("repositoryPath", .string(file.repositoryPath)),
                                ("blob", .string(file.blob)),
                                ("bytes", .integer(file.size)),
                                ("type", .string(file.kind)),
                                ("width", file.width.map { .integer($0) } ?? .null),
                                ("height", file.height.map { .integer($0) } ?? .null),
                            ])
                        )
                    }
                })
        }
    }
}

extension DiffJSONFormat: DiffRenderer {
    public static let name = "json"
    public static let summary = "docs/json-output.md"

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        render(report, verbose: context.verbose)
    }
}
