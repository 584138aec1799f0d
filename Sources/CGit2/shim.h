#ifndef LIVERY_CGIT2_SHIM_H
#define LIVERY_CGIT2_SHIM_H

#include <git2.h>
/* The object database's backends, read directly for blobs (see Trees.swift). */
#include <git2/sys/odb_backend.h>

/* The libgit2 functions livery calls, as fields of livery_git() (in Swift, `git.name`
   for git_name; Sources/LiveryGit/Libgit2Functions.swift).

   On Linux livery does not link libgit2: it opens it when the first repository is
   opened. libgit2 brings fourteen libraries livery needs for nothing else (Kerberos,
   mbedTLS, OpenSSL, libssh2…) whose loading was most of the start-up of every command,
   although `--version`, `schema check` and `help` never read a repository. macOS links it as
   before. */

#define LIVERY_GIT_FUNCTIONS(X)                                                                                         \
    X(blob_create_from_buffer)                                                                                         \
    X(blob_free)                                                                                                       \
    X(blob_lookup)                                                                                                     \
    X(blob_rawcontent)                                                                                                 \
    X(blob_rawsize)                                                                                                    \
    X(branch_lookup)                                                                                                   \
    X(branch_name_is_valid)                                                                                            \
    X(commit_create)                                                                                                   \
    X(commit_free)                                                                                                     \
    X(commit_id)                                                                                                       \
    X(commit_lookup)                                                                                                   \
    X(commit_time)                                                                                                     \
    X(commit_tree_id)                                                                                                  \
    X(diff_find_options_init)                                                                                          \
    X(diff_find_similar)                                                                                               \
    X(diff_free)                                                                                                       \
    X(diff_get_delta)                                                                                                  \
    X(diff_num_deltas)                                                                                                 \
    X(diff_options_init)                                                                                               \
    X(diff_tree_to_tree)                                                                                               \
    X(error_last)                                                                                                      \
    X(index_entrycount)                                                                                                \
    X(index_find)                                                                                                      \
    X(index_find_prefix)                                                                                               \
    X(index_free)                                                                                                      \
    X(index_get_byindex)                                                                                               \
    X(libgit2_init)                                                                                                    \
    X(object_free)                                                                                                     \
    X(object_peel)                                                                                                     \
    X(odb_backend_data_free)                                                                                           \
    X(odb_free)                                                                                                        \
    X(odb_get_backend)                                                                                                 \
    X(odb_num_backends)                                                                                                \
    X(odb_read_header)                                                                                                 \
    X(reference_create)                                                                                                \
    X(reference_dwim)                                                                                                  \
    X(reference_free)                                                                                                  \
    X(reference_resolve)                                                                                               \
    X(reference_target)                                                                                                \
    X(repository_commondir)                                                                                            \
    X(repository_free)                                                                                                 \
    X(repository_hashfile)                                                                                             \
    X(repository_head_unborn)                                                                                          \
    X(repository_index)                                                                                                \
    X(repository_is_shallow)                                                                                           \
    X(repository_odb)                                                                                                  \
    X(repository_open_ext)                                                                                             \
    X(repository_path)                                                                                                 \
    X(repository_workdir)                                                                                              \
    X(revparse_single)                                                                                                 \
    X(signature_default)                                                                                               \
    X(signature_free)                                                                                                  \
    X(signature_now)                                                                                                   \
    X(status_byindex)                                                                                                  \
    X(status_list_entrycount)                                                                                          \
    X(status_list_free)                                                                                                \
    X(status_list_new)                                                                                                 \
    X(status_options_init)                                                                                             \
    X(tree_entry_byindex)                                                                                              \
    X(tree_entry_byname)                                                                                               \
    X(tree_entry_bypath)                                                                                               \
    X(tree_entry_filemode)                                                                                             \
    X(tree_entry_filemode_raw)                                                                                         \
    X(tree_entry_free)                                                                                                 \
    X(tree_entry_id)                                                                                                   \
    X(tree_entry_name)                                                                                                 \
    X(tree_entrycount)                                                                                                 \
    X(tree_free)                                                                                                       \
    X(tree_lookup)                                                                                                     \
    X(treebuilder_free)                                                                                                \
    X(treebuilder_get)                                                                                                 \
    X(treebuilder_insert)                                                                                              \
    X(treebuilder_new)                                                                                                 \
    X(treebuilder_write)

/* Every field is set before any is called: Repository and CommitWriter ask
   livery_git_available() first and report a libgit2 that could not be opened. */
struct livery_git_functions {
#define LIVERY_GIT_FIELD(name) __typeof__(&git_##name) _Nonnull name;
    LIVERY_GIT_FUNCTIONS(LIVERY_GIT_FIELD)
#undef LIVERY_GIT_FIELD
};

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>

struct livery_git_library {
    int loaded;
    struct livery_git_functions functions;
    /* Variadic, so only the C wrappers below call it. */
    __typeof__(&git_libgit2_opts) opts;
};

/* The state lives in a function, not the file: Swift emits a header's inline
   functions, not its variables. */
static inline struct livery_git_library *livery_git_library_storage(void) {
    static struct livery_git_library library;
    return &library;
}

static inline void livery_git_load(void) {
    /* The soname of the libgit2 whose headers livery was compiled against. */
    void *handle = dlopen("libgit2.so." LIBGIT2_SOVERSION, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    struct livery_git_library opened = {0};
#define LIVERY_GIT_RESOLVE(name)                                                                                        \
    *(void **)&opened.functions.name = dlsym(handle, "git_" #name);                                                     \
    if (opened.functions.name == NULL) return;
    LIVERY_GIT_FUNCTIONS(LIVERY_GIT_RESOLVE)
#undef LIVERY_GIT_RESOLVE
    *(void **)&opened.opts = dlsym(handle, "git_libgit2_opts");
    if (opened.opts == NULL) return;
    opened.loaded = 1;
    *livery_git_library_storage() = opened;
}

/* libgit2 opened on the first call, from any thread. */
static inline struct livery_git_library *livery_git_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, livery_git_load);
    return livery_git_library_storage();
}

static inline int livery_git_available(void) { return livery_git_library()->loaded; }
static inline const struct livery_git_functions *livery_git(void) { return &livery_git_library()->functions; }
#define LIVERY_GIT_OPTS livery_git_library()->opts
#else
static inline int livery_git_available(void) { return 1; }
static inline const struct livery_git_functions *livery_git(void) {
    static const struct livery_git_functions functions = {
#define LIVERY_GIT_ADDRESS(name) .name = &git_##name,
        LIVERY_GIT_FUNCTIONS(LIVERY_GIT_ADDRESS)
#undef LIVERY_GIT_ADDRESS
    };
    return &functions;
}
#define LIVERY_GIT_OPTS git_libgit2_opts
#endif

/* git_libgit2_opts is variadic, which Swift cannot call; these wrappers give
   livery the few options it sets a fixed signature. */

static inline int livery_git_set_strict_hash_verification(int enabled) {
    return LIVERY_GIT_OPTS(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int livery_git_set_cache_max_size(long long bytes) {
    return LIVERY_GIT_OPTS(GIT_OPT_SET_CACHE_MAX_SIZE, (ssize_t)bytes);
}

static inline int livery_git_set_mwindow_size(unsigned long long bytes) {
    return LIVERY_GIT_OPTS(GIT_OPT_SET_MWINDOW_SIZE, (size_t)bytes);
}

static inline int livery_git_set_mwindow_mapped_limit(unsigned long long bytes) {
    return LIVERY_GIT_OPTS(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)bytes);
}

#endif
