#ifndef LIVERY_PROCESS_H
#define LIVERY_PROCESS_H

/* A child process bound to livery's life: on Linux it is sent SIGKILL by the
   kernel when livery ends, however livery ends (exit, a signal, SIGKILL), and it
   can be put in network and user namespaces of its own, where no interface but
   an unconfigured loopback exists. A thread of livery's starts it and waits for
   it for as long as it runs, because the kernel ties the death signal to the
   thread that forked, not to the process. */
typedef struct livery_child livery_child;

/* Starts `path` with `argv` and `envp` (NULL-ended), `commands` as its
   descriptor 3 and `replies` as its 4, /dev/null as 0, 1 and 2, and no other
   descriptor of livery's. With `isolate_network`, the child first tries a new
   network namespace (with a user namespace that maps only its own user and
   group); where the system allows none, it starts without, and
   `livery_child_network_isolated` says so. Returns NULL with *error set to an
   errno value when the child could not be started or `path` not executed. */
livery_child *livery_child_start(const char *path, char *const argv[], char *const envp[],
                                 int commands, int replies, int isolate_network, int *error);

/* The child's process id. */
int livery_child_pid(const livery_child *child);

/* 1 when the child runs in a network namespace of its own, else 0. */
int livery_child_network_isolated(const livery_child *child);

/* Waits up to `milliseconds` for the child to exit; 1 if it has. */
int livery_child_wait(livery_child *child, int milliseconds);

/* Ends the child and its process group (SIGKILL, when it still runs), waits
   for it, frees `child`. */
void livery_child_end(livery_child *child);

/* Sends SIGKILL to every child started here that still runs, and to the
   processes of its process group (each child leads one), and waits until each
   child has exited: what an interrupted command does before it removes the
   folders those children write into. */
void livery_child_kill_all(void);

#endif
