import LiveryGitFuzz

/// libFuzzer entry point for the `revision` target; the work is in `RevisionFuzz.run`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = RevisionFuzz.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
