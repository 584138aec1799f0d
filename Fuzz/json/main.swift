import LiveryTestSupport

/// libFuzzer entry point for the `json` target; the work is in `FuzzEntryPoints.json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.json(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
