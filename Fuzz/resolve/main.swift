import LiveryTestSupport

/// libFuzzer entry point for the `resolve` target; the work is in `FuzzEntryPoints.resolve`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.resolve(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
