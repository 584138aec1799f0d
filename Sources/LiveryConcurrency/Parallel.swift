/// Work spread over a bounded number of child tasks.
public enum Parallel {
    /// `transform` of each item, in the items' order, with at most `width` items
    /// in flight at once (the command's `--jobs`). With a width of 1, or a single
    /// item, everything runs in the calling task, one item after another.
    ///
    /// `completed`, when given, is called in the calling task after each item
    /// with the number of items done so far: 1, 2, … up to `items.count`, each once.
    public static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], width: Int, completed: ((Int) -> Void)? = nil,
        _ transform: @escaping @Sendable (Item) -> Output
    ) async -> [Output] {
        // Each output lands at its item's index; every index is filled exactly once.
        var outputs = [Output?](repeating: nil, count: items.count)
        var done = 0
        await forEach(items, width: width, transform) { index, output in
            outputs[index] = output
            done += 1
            completed?(done)
        }
        return outputs.compactMap { $0 }
    }

    /// `transform` of each item, handed to `consume` in the calling task as each
    /// finishes (so not in the items' order) with the item's index, with at most
    /// `width` items in flight. Nothing is kept: a caller that reduces each
    /// output to what it needs holds that much, not every output at once.
    /// With a width of 1, or a single item, everything runs in order in the calling task.
    public static func forEach<Item: Sendable, Output: Sendable>(
        _ items: [Item], width: Int,
        _ transform: @escaping @Sendable (Item) -> Output,
        consume: (_ index: Int, _ output: Output) -> Void
    ) async {
        guard width > 1, items.count > 1 else {
            for (index, item) in items.enumerated() { consume(index, transform(item)) }
            return
        }
        await withTaskGroup(of: (Int, Output).self) { group in
            var started = 0
            func startNext() {
                let index = started
                group.addTask { (index, transform(items[index])) }
                started += 1
            }
            while started < min(width, items.count) { startNext() }
            while let (index, output) = await group.next() {
                consume(index, output)
                if started < items.count { startNext() }
            }
        }
    }
}
