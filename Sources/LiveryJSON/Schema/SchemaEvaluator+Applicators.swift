/// Keywords that apply other schemas to the same instance: `$ref`,
/// `$dynamicRef`, `allOf`, `anyOf`, `oneOf`, `not` and `if`/`then`/`else`.
/// Annotations of the schemas that pass are merged into the caller's.
extension SchemaEvaluator {
    /// `$ref`, and any one schema applied in place.
    mutating func applyInPlace(_ target: Int, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        let (ok, found) = evaluate(target, instance)
        if ok { annotations.merge(found) }
        return ok
    }

    mutating func applyDynamicRef(_ target: Int, anchor: String?, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        var destination = target
        if let anchor {
            // The outermost resource in the dynamic scope with this dynamic anchor wins.
            for resource in scope {
                if let index = program.dynamicAnchors[resource + "#" + anchor] {
                    destination = index
                    break
                }
            }
        }
        return applyInPlace(destination, instance, &annotations)
    }

    mutating func applyAllOf(_ branches: [Int], _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        var ok = true
        for branch in branches {
            let (passed, found) = evaluate(branch, instance)
            if passed { annotations.merge(found) } else { ok = false }
            if !ok && !collecting { return false }
        }
        return ok
    }

    /// Every branch is probed, even after one passed, because the annotations
    /// of all passing branches count.
    mutating func applyAnyOf(_ branches: [Int], _ node: Int, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        var ok = false
        for branch in branches {
            let (passed, found) = probe(branch, instance)
            if passed {
                ok = true
                annotations.merge(found)
            }
        }
        if !ok { reportBranches(node, "anyOf", branches, instance) }
        return ok
    }

    mutating func applyOneOf(_ branches: [Int], _ node: Int, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        var passing: [Int] = []
        var kept = Annotations()
        for (position, branch) in branches.enumerated() {
            let (passed, found) = probe(branch, instance)
            if passed {
                passing.append(position)
                kept = found
            }
        }
        if passing.count == 1 {
            annotations.merge(kept)
            return true
        }
        if passing.isEmpty {
            reportBranches(node, "oneOf", branches, instance)
        } else {
            report(node, "oneOf", instance) {
                "\($0) must match exactly one allowed form, but matches \(passing.count) (alternatives \(passing.map(String.init).joined(separator: " and ")))"
            }
        }
        return false
    }

    mutating func applyNot(_ branch: Int, _ node: Int, _ instance: JSONNode) -> Bool {
        let (passed, _) = probe(branch, instance)
        if passed { report(node, "not", instance) { [program] in "\($0) must not match the schema at \(program.nodes[branch].location)" } }
        return !passed
    }

    /// `if` is probed: its failure is not an error, it only picks `else`.
    mutating func applyConditional(
        _ condition: Int, then: Int?, else otherwise: Int?, _ instance: JSONNode, _ annotations: inout Annotations
    ) -> Bool {
        let (passed, found) = probe(condition, instance)
        if passed {
            annotations.merge(found)
            guard let then else { return true }
            return applyInPlace(then, instance, &annotations)
        }
        guard let otherwise else { return true }
        return applyInPlace(otherwise, instance, &annotations)
    }

    /// Reports a failed anyOf/oneOf by the most relevant alternative: one whose
    /// type matched and that got furthest, rather than every alternative's complaints.
    mutating func reportBranches(_ node: Int, _ keyword: String, _ branches: [Int], _ instance: JSONNode) {
        // Finding the most relevant alternative evaluates every branch again, so
        // it is done only when the failure is kept.
        guard keepsFailures else { return }
        var best: [SchemaViolation]?
        var bestScore = Int.min
        for branch in branches {
            let found = branchErrors(branch, instance)
            if found.isEmpty { continue }
            let typeMismatchHere = found.contains {
                $0.keywordLocation.hasSuffix("/type") && $0.instancePointer.tokens.count == instancePath.count
            }
            let depth = found.map(\.instancePointer.tokens.count).max() ?? 0
            let score = (typeMismatchHere ? -1000 : 0) + depth * 10 - found.count
            if score > bestScore {
                bestScore = score
                best = found
            }
        }
        if let best, bestScore > -1000 {
            for violation in best where errors.count < maxErrors { errors.append(violation) }
        } else {
            report(node, keyword, instance) { "\($0) matches none of the allowed forms, found \(Self.quote(instance.value))" }
        }
    }

    /// Evaluates a branch and returns its errors without keeping them.
    mutating func branchErrors(_ index: Int, _ instance: JSONNode) -> [SchemaViolation] {
        let saved = errors
        errors = []
        let savedCollecting = collecting
        collecting = true
        _ = evaluate(index, instance)
        let found = errors
        errors = saved
        collecting = savedCollecting
        return found
    }
}
