import LiveryTestSupport

/// libFuzzer entry point for the `revision` target; the work is in `FuzzEntryPoints.revision`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.revision(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
