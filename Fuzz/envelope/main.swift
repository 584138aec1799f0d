import LiveryTestSupport

/// libFuzzer entry point for the `envelope` target; the work is in `FuzzEntryPoints.envelope`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.envelope(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
