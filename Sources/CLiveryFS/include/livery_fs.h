#ifndef LIVERY_FS_H
#define LIVERY_FS_H

/* Atomically exchanges two directory entries (both must exist), so a reader
   sees either the old or the new one at each path, never neither.
   Returns 0 on success, -1 with errno set (ENOSYS/EINVAL where the file
   system or kernel cannot do it). */
int livery_exchange_paths(const char *from, const char *to);

/* The same exchange for two names relative to directory descriptors. */
int livery_exchange_at(int from_directory, const char *from, int to_directory, const char *to);

/* Removes `name` in `directory` and, when it is a directory, everything in it,
   relative to descriptors only: a symbolic link anywhere is removed as a link,
   never followed, so nothing outside `directory` is touched. Stops at
   `max_depth` levels (ELOOP). Returns 0 (also when `name` is already gone) or
   -1 with errno set. */
int livery_remove_tree_at(int directory, const char *name, int max_depth);

#endif
