#ifndef LIVERY_FS_H
#define LIVERY_FS_H

/* Atomically exchanges two directory entries (both must exist), so a reader
   sees either the old or the new one at each path, never neither.
   Returns 0 on success, -1 with errno set (ENOSYS/EINVAL where the file
   system or kernel cannot do it). */
int livery_exchange_paths(const char *from, const char *to);

#endif
