import LiveryTestSupport

/// libFuzzer entry point for the `store` target (a store text (first byte picks the field)); the work is in
/// `FuzzEntryPoints.store`. A refusal other than `StoreProblem` (a message without a
/// place, or a place outside the input) is a finding, so it stops the run here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = FuzzEntryPoints.store(Array(UnsafeBufferPointer(start: data, count: size)))
    if case .refused(let reason) = outcome, !["StoreProblem", "JSONSyntaxError", "empty"].contains(reason) {
        fatalError("store: \(reason)")
    }
    return 0
}
