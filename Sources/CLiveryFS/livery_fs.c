#define _GNU_SOURCE
#include "livery_fs.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
#endif

int livery_exchange_paths(const char *from, const char *to) {
    return livery_exchange_at(AT_FDCWD, from, AT_FDCWD, to);
}

int livery_exchange_at(int from_directory, const char *from, int to_directory, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, from_directory, from, to_directory, to, RENAME_EXCHANGE);
#elif defined(__APPLE__)
    return renameatx_np(from_directory, from, to_directory, to, RENAME_SWAP);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/* Empties the directory open as `descriptor` (which it closes). */
static int remove_contents(int descriptor, int depth_left) {
    DIR *listing = fdopendir(descriptor);
    if (listing == NULL) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    int status = 0;
    struct dirent *entry;
    /* Removing entries while reading may skip some; read again until a pass removes none. */
    for (;;) {
        int removed = 0;
        rewinddir(listing);
        errno = 0;
        while ((entry = readdir(listing)) != NULL) {
            if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
            if (livery_remove_tree_at(dirfd(listing), entry->d_name, depth_left) != 0) {
                status = -1;
                break;
            }
            removed++;
        }
        if (status != 0 || removed == 0) break;
    }
    int saved = errno;
    closedir(listing);
    errno = saved;
    return status;
}

int livery_remove_tree_at(int directory, const char *name, int max_depth) {
    struct stat info;
    if (fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) != 0) return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(info.st_mode)) {
        if (unlinkat(directory, name, 0) == 0 || errno == ENOENT) return 0;
        return -1;
    }
    if (max_depth <= 0) {
        errno = ELOOP;
        return -1;
    }
    int inner = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (inner < 0) return errno == ENOENT ? 0 : -1;
    if (remove_contents(inner, max_depth - 1) != 0) return -1;
    if (unlinkat(directory, name, AT_REMOVEDIR) == 0 || errno == ENOENT) return 0;
    return -1;
}
