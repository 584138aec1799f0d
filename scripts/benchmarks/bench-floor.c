// The least any `livery build` can cost on this machine: only creating the
// directories and files of livery's finished bundles, with nothing computed.
// `scripts/benchmarks/bench` times it beside `livery build` and `git archive | tar -x`.
//
// Usage: bench-floor ARCHIVE.tar OUT
// ARCHIVE is a ustar archive of bundles (`tar --format=ustar -cf`), read with
// mmap so that reading it costs next to nothing. Two threads, as livery uses
// two cores here, each take every other bundle and make its entries with the
// fewest system calls there are: mkdirat, or openat + write + close, all
// relative to one descriptor of OUT (no path walk from the root, no chmod,
// chown or utimes, which tar also does).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    char path[260];
    char linkTarget[104]; // a hard link (livery links a font it writes twice)
    const char *data;
    size_t size;
    int isDirectory;
    unsigned bundle; // index of the top-level directory, to split the work
} Entry;

static Entry *entries;
static size_t entryCount;
static int outDescriptor;

static size_t octal(const char *field, size_t length) {
    size_t value = 0;
    for (size_t i = 0; i < length && field[i] >= '0' && field[i] <= '7'; i++) value = value * 8 + (size_t)(field[i] - '0');
    return value;
}

static int fail(const char *what, const char *path) {
    fprintf(stderr, "bench-floor: %s %s: %s\n", what, path, strerror(errno));
    return 1;
}

typedef struct { unsigned parity; int status; } Work;

static void *writeHalf(void *argument) {
    Work *work = argument;
    for (size_t i = 0; i < entryCount; i++) {
        Entry *entry = &entries[i];
        if (entry->bundle % 2 != work->parity) continue;
        if (entry->linkTarget[0]) {
            if (linkat(outDescriptor, entry->linkTarget, outDescriptor, entry->path, 0) != 0) { work->status = fail("link", entry->path); return NULL; }
            continue;
        }
        if (entry->isDirectory) {
            if (mkdirat(outDescriptor, entry->path, 0755) != 0 && errno != EEXIST) { work->status = fail("mkdir", entry->path); return NULL; }
            continue;
        }
        int descriptor = openat(outDescriptor, entry->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (descriptor < 0) { work->status = fail("open", entry->path); return NULL; }
        size_t done = 0;
        while (done < entry->size) {
            ssize_t written = write(descriptor, entry->data + done, entry->size - done);
            if (written < 0) { if (errno == EINTR) continue; close(descriptor); work->status = fail("write", entry->path); return NULL; }
            done += (size_t)written;
        }
        close(descriptor);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: bench-floor ARCHIVE.tar OUT\n"); return 2; }
    int archive = open(argv[1], O_RDONLY);
    if (archive < 0) return fail("open", argv[1]);
    struct stat info;
    if (fstat(archive, &info) != 0) return fail("stat", argv[1]);
    const char *bytes = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, archive, 0);
    if (bytes == MAP_FAILED) return fail("mmap", argv[1]);

    size_t capacity = 1024;
    entries = malloc(capacity * sizeof(Entry));
    char lastTop[256] = "";
    unsigned bundle = 0;
    for (size_t offset = 0; offset + 512 <= (size_t)info.st_size;) {
        const char *header = bytes + offset;
        if (header[0] == 0) break; // the two zero blocks that end the archive
        size_t size = octal(header + 124, 12);
        char type = header[156];
        if (type == '0' || type == '\0' || type == '5' || type == '1') {
            if (entryCount == capacity) { capacity *= 2; entries = realloc(entries, capacity * sizeof(Entry)); }
            Entry *entry = &entries[entryCount++];
            if (header[345]) snprintf(entry->path, sizeof entry->path, "%.155s/%.100s", header + 345, header);
            else snprintf(entry->path, sizeof entry->path, "%.100s", header);
            if (strncmp(entry->path, "./", 2) == 0) memmove(entry->path, entry->path + 2, strlen(entry->path) - 1);
            if (entry->path[0] == 0 || strcmp(entry->path, ".") == 0) { entryCount--; offset += 512; continue; }
            size_t length = strlen(entry->path);
            if (length && entry->path[length - 1] == '/') entry->path[length - 1] = 0;
            entry->isDirectory = type == '5';
            entry->linkTarget[0] = 0;
            if (type == '1') {
                snprintf(entry->linkTarget, sizeof entry->linkTarget, "%.100s", header + 157);
                size = 0;
            }
            entry->data = bytes + offset + 512;
            entry->size = entry->isDirectory ? 0 : size;
            char top[256];
            snprintf(top, sizeof top, "%s", entry->path);
            char *slash = strchr(top, '/');
            if (slash) *slash = 0;
            if (strcmp(top, lastTop) != 0) { bundle++; snprintf(lastTop, sizeof lastTop, "%s", top); }
            entry->bundle = bundle;
        }
        offset += 512 + (size + 511) / 512 * 512;
    }

    mkdir(argv[2], 0755);
    outDescriptor = open(argv[2], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (outDescriptor < 0) return fail("open", argv[2]);
    Work works[2] = {{0, 0}, {1, 0}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) pthread_create(&threads[i], NULL, writeHalf, &works[i]);
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    return works[0].status || works[1].status;
}
