/// The known name a misspelt one most likely meant, for "did you mean" hints.
/// It lives here, below every other module, so that schema messages and the
/// style layer's alias and `extends` messages suggest names the same way.
public enum NearestName {
    /// The closest of `candidates` to `name` (ignoring case) within an edit
    /// distance of 2, if any; the first of equally close ones. A candidate as
    /// far from `name` as the longer of the two is long (`e` and `c`) is none.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        var best: (String, Int)?
        let lowered = name.lowercased()
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            let longer = max(lowered.unicodeScalars.count, candidate.unicodeScalars.count)
            if distance <= 2, distance < longer, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Levenshtein distance over Unicode scalars.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
