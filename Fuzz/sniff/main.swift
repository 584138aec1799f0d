import LiveryTestSupport

/// libFuzzer entry point for the `sniff` target; the work is in `FuzzEntryPoints.sniff`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.sniff(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
