import LiveryTestSupport

/// libFuzzer entry point for the `schema` target; the work is in `FuzzEntryPoints.schema`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.schema(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
