import LiveryEmit

/// The platform list in `livery build --help`, from the registry.
public enum PlatformHelp {
    public static var table: String {
        let width = Platform.all.map(\.name.count).max() ?? 0
        return Platform.all.map { platform in
            let name = platform.name + String(repeating: " ", count: width - platform.name.count)
            return "  \(name) \(platform.isDefault ? "*" : " ") \(platform.summary)"
        }.joined(separator: "\n")
    }
}

