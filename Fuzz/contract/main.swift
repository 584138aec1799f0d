import LiveryTestSupport

/// libFuzzer entry point for the `contract` target (the app contract); the work is in
/// `FuzzEntryPoints.contract`. A refusal other than `ContractError` (a message without a
/// place, or a place outside the input) is a finding, so it stops the run here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = FuzzEntryPoints.contract(Array(UnsafeBufferPointer(start: data, count: size)))
    if case .refused(let reason) = outcome, !["ContractError", "JSONSyntaxError", "empty"].contains(reason) {
        fatalError("contract: \(reason)")
    }
    return 0
}
