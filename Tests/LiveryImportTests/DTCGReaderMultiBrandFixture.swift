import LiveryTestSupport

/// The multi-brand example's files by their paths beside the resolver: Terrazzo's
/// test fixtures (MIT), kept once, with their source and licence, in `DTCGMultiBrandExample`.
enum MultiBrandFixture {
    static let files: [String: String] = DTCGMultiBrandExample.files
}
