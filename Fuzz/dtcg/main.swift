import LiveryTestSupport

/// libFuzzer entry point for the `dtcg` target; the work is in `FuzzEntryPoints.dtcg`.
/// A refusal other than a well-formed `DTCGImportFailure` (a diagnostic without a
/// message or placed outside the bundle) is a finding, so it stops the run here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = FuzzEntryPoints.dtcg(Array(UnsafeBufferPointer(start: data, count: size)))
    if case .refused(let reason) = outcome, reason != "DTCGImportFailure" {
        fatalError("dtcg: \(reason)")
    }
    return 0
}
