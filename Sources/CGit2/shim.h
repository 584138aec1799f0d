#ifndef LIVERY_CGIT2_SHIM_H
#define LIVERY_CGIT2_SHIM_H

#include <git2.h>
/* The object database's backends, read directly for blobs (see Trees.swift). */
#include <git2/sys/odb_backend.h>

/* git_libgit2_opts is variadic, which Swift cannot call; these wrappers give
   livery the few options it sets a fixed signature. */

static inline int livery_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int livery_git_set_cache_max_size(long long bytes) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, (ssize_t)bytes);
}

static inline int livery_git_set_mwindow_size(unsigned long long bytes) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, (size_t)bytes);
}

static inline int livery_git_set_mwindow_mapped_limit(unsigned long long bytes) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)bytes);
}

#endif
