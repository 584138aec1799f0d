import LiveryTestSupport

/// libFuzzer entry point for the `variant` target (a variant.json); the work is in
/// `FuzzEntryPoints.variant`. A refusal other than `VariantProblem` (a message without a
/// place, or a place outside the input) is a finding, so it stops the run here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = FuzzEntryPoints.variant(Array(UnsafeBufferPointer(start: data, count: size)))
    if case .refused(let reason) = outcome, !["VariantProblem", "JSONSyntaxError", "empty"].contains(reason) {
        fatalError("variant: \(reason)")
    }
    return 0
}
