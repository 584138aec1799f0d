#define _GNU_SOURCE
#include "livery_process.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

struct livery_child {
    /* What the starting thread needs; read before fork, so the child calls
       nothing that is not async-signal-safe. */
    const char *path;
    char *const *argv;
    char *const *envp;
    int commands, replies, isolate_network;
    char uid_map[64], gid_map[64];

    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pid_t pid;           /* 0 until started */
    int start_error;     /* errno of a failed start */
    int started;         /* the start is decided (pid or start_error) */
    int exited;
    int isolated;
    struct livery_child *next; /* in `live` */
};

/* The children that still run, for livery_child_kill_all. */
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static livery_child *live = NULL;

static void live_add(livery_child *child) {
    pthread_mutex_lock(&live_lock);
    child->next = live;
    live = child;
    pthread_mutex_unlock(&live_lock);
}

static void live_remove(livery_child *child) {
    pthread_mutex_lock(&live_lock);
    for (livery_child **link = &live; *link; link = &(*link)->next) {
        if (*link == child) { *link = child->next; break; }
    }
    pthread_mutex_unlock(&live_lock);
}

/* Writes `text` to the file `path` in the child, before exec. */
static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t length = strlen(text);
    ssize_t written = write(fd, text, length);
    close(fd);
    return written == (ssize_t)length ? 0 : -1;
}

/* In the child: a network namespace with nothing in it. As an ordinary user
   that takes a user namespace too, mapping only this user and group (so files
   the child makes are still this user's); as root a network namespace alone
   would do, and is the fallback. Returns 1 when isolated. */
static int isolate(const livery_child *child) {
#ifdef __linux__
    if (unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0) {
        if (write_file("/proc/self/setgroups", "deny") != 0 && errno != ENOENT) return 1;
        write_file("/proc/self/uid_map", child->uid_map);
        write_file("/proc/self/gid_map", child->gid_map);
        return 1;
    }
    if (unshare(CLONE_NEWNET) == 0) return 1;
#else
    (void)child;
#endif
    return 0;
}

/* In the child: tells the parent it could not get as far as exec (byte 2, then
   the errno), and ends. */
static void fail(int report, int error) {
    char flag = 2;
    (void)!write(report, &flag, 1);
    (void)!write(report, &error, sizeof error);
    _exit(127);
}

/* In the child, between fork and exec: async-signal-safe calls only. */
static void become(const livery_child *child, pid_t parent, int report) {
    /* Every descriptor in use is moved above 9 first, so that no dup2 onto
       0 to 5 overwrites another (the report pipe may itself be 3 or 4). */
    report = fcntl(report, F_DUPFD_CLOEXEC, 10);
    int commands = fcntl(child->commands, F_DUPFD, 10);
    int replies = fcntl(child->replies, F_DUPFD, 10);
    if (report < 0) _exit(127);
    /* A process group of its own: the child and every process it starts are
       killed at once (kill_child), and a terminal's Ctrl-C reaches livery, which
       ends them, rather than racing it. */
    setpgid(0, 0);
    int isolated = child->isolate_network ? isolate(child) : 0;
#ifdef __linux__
    /* After the namespaces: a change of credentials clears the death signal. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(report, errno);
    /* livery may have ended before the death signal was set. */
    if (getppid() != parent) _exit(127);
#else
    (void)parent;
#endif
    int null = open("/dev/null", O_RDWR);
    if (commands < 0 || replies < 0 || null < 0
        || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0
        || dup2(commands, 3) < 0 || dup2(replies, 4) < 0 || dup2(report, 5) < 0
        || fcntl(5, F_SETFD, FD_CLOEXEC) < 0) {
        fail(report, errno);
    }
    /* Nothing else of livery's: not its locks, not the other ends of its pipes. */
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, 6U, ~0U, 0U) != 0)
#endif
    for (int fd = 6; fd < 65536; fd++) close(fd);
    /* Whether the network is isolated, one byte, before exec. */
    char flag = (char)isolated;
    (void)!write(5, &flag, 1);
    execve(child->path, child->argv, child->envp);
    int e = errno;
    (void)!write(5, &e, sizeof e);
    _exit(127);
}

/* The thread that starts the child and waits for it for as long as it runs. */
static void *run(void *argument) {
    livery_child *child = argument;
    int report[2];
    int start_error = 0;
    pid_t pid = -1;
#ifdef __linux__
    int made = pipe2(report, O_CLOEXEC);
#else
    int made = pipe(report);
    if (made == 0) { fcntl(report[0], F_SETFD, FD_CLOEXEC); fcntl(report[1], F_SETFD, FD_CLOEXEC); }
#endif
    if (made != 0) {
        start_error = errno;
    } else {
        pid_t parent = getpid();
        pid = fork();
        if (pid == 0) become(child, parent, report[1]);
        if (pid < 0) start_error = errno;
        close(report[1]);
        if (pid > 0) {
            /* One byte: 0 or 1 (isolated or not) once the child is ready to exec,
               then an errno only if exec failed (end of file: it executed); 2 and
               an errno when it failed before. Nothing: it ended before exec. */
            char flag = 0;
            ssize_t got;
            do { got = read(report[0], &flag, 1); } while (got < 0 && errno == EINTR);
            int exec_error = 0;
            ssize_t more;
            if (got == 1) {
                do { more = read(report[0], &exec_error, sizeof exec_error); } while (more < 0 && errno == EINTR);
                if (more != (ssize_t)sizeof exec_error) exec_error = flag == 2 ? ECHILD : 0;
            } else {
                exec_error = ECHILD;
            }
            child->isolated = got == 1 && flag == 1;
            if (exec_error != 0) {
                start_error = exec_error;
                int status;
                while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
                pid = -1;
            }
        }
        close(report[0]);
    }

    pthread_mutex_lock(&child->lock);
    child->pid = start_error == 0 ? pid : 0;
    child->start_error = start_error;
    child->started = 1;
    pthread_cond_broadcast(&child->changed);
    pthread_mutex_unlock(&child->lock);

    /* The exit is awaited without reaping, then marked and reaped under the
       lock: kill_child never signals a pid that was reaped and may be reused. */
    if (pid > 0) {
        siginfo_t info;
        while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {}
    }
    pthread_mutex_lock(&child->lock);
    if (pid > 0) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    }
    child->exited = 1;
    pthread_cond_broadcast(&child->changed);
    pthread_mutex_unlock(&child->lock);
    return NULL;
}

livery_child *livery_child_start(const char *path, char *const argv[], char *const envp[],
                                 int commands, int replies, int isolate_network, int *error) {
    livery_child *child = calloc(1, sizeof *child);
    if (!child) { *error = ENOMEM; return NULL; }
    child->path = path;
    child->argv = argv;
    child->envp = envp;
    child->commands = commands;
    child->replies = replies;
    child->isolate_network = isolate_network;
    snprintf(child->uid_map, sizeof child->uid_map, "%u %u 1", (unsigned)geteuid(), (unsigned)geteuid());
    snprintf(child->gid_map, sizeof child->gid_map, "%u %u 1", (unsigned)getegid(), (unsigned)getegid());
    pthread_mutex_init(&child->lock, NULL);
    pthread_cond_init(&child->changed, NULL);
    int failed = pthread_create(&child->thread, NULL, run, child);
    if (failed) {
        pthread_mutex_destroy(&child->lock);
        pthread_cond_destroy(&child->changed);
        free(child);
        *error = failed;
        return NULL;
    }
    pthread_mutex_lock(&child->lock);
    while (!child->started) pthread_cond_wait(&child->changed, &child->lock);
    int start_error = child->start_error;
    pthread_mutex_unlock(&child->lock);
    if (start_error) {
        pthread_join(child->thread, NULL);
        pthread_mutex_destroy(&child->lock);
        pthread_cond_destroy(&child->changed);
        free(child);
        *error = start_error;
        return NULL;
    }
    live_add(child);
    return child;
}

int livery_child_pid(const livery_child *child) { return child->pid; }

int livery_child_network_isolated(const livery_child *child) { return child->isolated; }

int livery_child_wait(livery_child *child, int milliseconds) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += milliseconds / 1000;
    deadline.tv_nsec += (long)(milliseconds % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) { deadline.tv_sec += 1; deadline.tv_nsec -= 1000000000L; }
    pthread_mutex_lock(&child->lock);
    while (!child->exited) {
        if (pthread_cond_timedwait(&child->changed, &child->lock, &deadline) == ETIMEDOUT) break;
    }
    int exited = child->exited;
    pthread_mutex_unlock(&child->lock);
    return exited;
}

/* SIGKILL to its process group, unless it has exited: its pid (the group's id)
   is reaped only under the same lock, after `exited` is set, so a reused pid is
   never signalled. */
static void kill_child(livery_child *child) {
    pthread_mutex_lock(&child->lock);
    if (!child->exited && child->pid > 0) {
        kill(-child->pid, SIGKILL);
        kill(child->pid, SIGKILL);
    }
    pthread_mutex_unlock(&child->lock);
}

void livery_child_end(livery_child *child) {
    live_remove(child);
    kill_child(child);
    pthread_join(child->thread, NULL);
    pthread_mutex_destroy(&child->lock);
    pthread_cond_destroy(&child->changed);
    free(child);
}

void livery_child_kill_all(void) {
    pthread_mutex_lock(&live_lock);
    for (livery_child *child = live; child; child = child->next) kill_child(child);
    for (livery_child *child = live; child; child = child->next) {
        while (!livery_child_wait(child, 1000)) kill_child(child);
    }
    pthread_mutex_unlock(&live_lock);
}
