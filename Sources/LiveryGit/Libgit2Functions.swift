import CGit2

/// libgit2's functions, called as `git.tree_lookup(…)` for `git_tree_lookup`. On Linux
/// the library is opened when the first repository is (Sources/CGit2/shim.h says why),
/// and `Libgit2.ensureInitialized(for:)` reports one that could not be opened before any
/// of them is called.
var git: livery_git_functions { livery_git().pointee }
