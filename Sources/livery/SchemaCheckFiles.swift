/// `livery schema check` takes any number of files, and the argument parser's work
/// grows with the square of the values one argument collects (it copies the list
/// and the set of their positions for each value it adds): for 1,000 files that
/// was a fifth of the command's time, before a file was read. So the files after
/// the first are set aside before parsing and added back to the parsed command,
/// in the same order.
///
/// Only when the arguments are the plain form, `schema check` followed by files
/// and the command's own options (`--schema FILE`, `--schema=FILE`,
/// `--format-assertion`, `-q`, `--quiet`, `-v`, `--verbose`), in any order. Anything
/// else (`--`, `-`, `--help`, grouped or unknown options) is left to the parser
/// whole, so its errors and help read as before.
enum SchemaCheckFiles {
    static let flags: Set<String> = ["--format-assertion", "-q", "--quiet", "-v", "--verbose"]

    /// The arguments to parse, and the files set aside, which follow the parsed ones.
    static func setAside(_ arguments: [String]) -> (arguments: [String], files: [String]) {
        guard arguments.count > 3, arguments[0] == "schema", arguments[1] == "check" else { return (arguments, []) }
        var kept = Array(arguments[..<2])
        var files: [String] = []
        var index = 2
        var sawFile = false
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--schema" {
                guard index + 1 < arguments.count else { return (arguments, []) }
                kept += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            if argument.hasPrefix("--schema=") || flags.contains(argument) {
                kept.append(argument)
            } else if argument.hasPrefix("-") {
                return (arguments, [])
            } else if sawFile {
                files.append(argument)
            } else {
                kept.append(argument)
                sawFile = true
            }
            index += 1
        }
        return (kept, files)
    }
}
