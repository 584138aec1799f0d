import LiveryGitFuzz

/// libFuzzer entry point for the `revision` target; the work is in `RevisionFuzz.feed`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = RevisionFuzz.feed(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
