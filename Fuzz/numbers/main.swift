import LiveryTestSupport

/// libFuzzer entry point for the `numbers` target (a DTCG duration, dimension and weight value); the work is in
/// `FuzzEntryPoints.dtcgNumber`. A refusal other than `DTCGImportFailure` (a message without a
/// place, or a place outside the input) is a finding, so it stops the run here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = FuzzEntryPoints.dtcgNumber(Array(UnsafeBufferPointer(start: data, count: size)))
    if case .refused(let reason) = outcome, !["DTCGImportFailure", "JSONSyntaxError", "empty"].contains(reason) {
        fatalError("numbers: \(reason)")
    }
    return 0
}
