import Foundation

/// The regular files under a directory, for comparing what a command wrote.
public enum FileTree {
    /// Every file under `root` (not directories), relative path → bytes.
    public static func contents(under root: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
        }
        return found
    }

    /// Every file under `folder` (not directories), its path relative to `folder`, sorted.
    public static func paths(under folder: String) -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
