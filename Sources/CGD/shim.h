#ifndef LIVERY_CGD_SHIM_H
#define LIVERY_CGD_SHIM_H

#include <stdarg.h>
#include <gd.h>

/* The libgd functions livery calls, through livery_gd_<name> wrappers.

   On Linux livery does not link libgd: it opens it on first use. libgd links
   about 45 libraries (HEIF, AVIF, X11, TIFF, WebP…) whose loading and
   initialisers were most of the start-up of every command, `livery --version`
   included, although only the commands that decode or scale an image (build,
   validate, gallery) use it. macOS links it as before. */

#define LIVERY_GD_FUNCTIONS(X)                                                                                          \
    X(gdImageCreateFromPngPtr)                                                                                          \
    X(gdImageDestroy)                                                                                                   \
    X(gdImagePaletteToTrueColor)                                                                                        \
    X(gdImageSetInterpolationMethod)                                                                                    \
    X(gdImageScale)                                                                                                     \
    X(gdImageCreateTrueColor)                                                                                           \
    X(gdImageFilledRectangle)                                                                                           \
    X(gdImageAlphaBlending)                                                                                             \
    X(gdImageCopyResampled)                                                                                             \
    X(gdImageSaveAlpha)                                                                                                 \
    X(gdImagePngPtrEx)                                                                                                  \
    X(gdFree)                                                                                                           \
    X(gdSetErrorMethod)

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>

/* Every function found, or loaded stays 0 and none is called. */
struct livery_gd_table {
    int loaded;
#define LIVERY_GD_FIELD(name) __typeof__(&name) name;
    LIVERY_GD_FUNCTIONS(LIVERY_GD_FIELD)
#undef LIVERY_GD_FIELD
};

static inline void livery_gd_load(struct livery_gd_table *loaded) {
    /* libgd's soname since 2.1 on every Linux distribution. */
    void *library = dlopen("libgd.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    struct livery_gd_table table = {0};
#define LIVERY_GD_RESOLVE(name)                                                                                         \
    table.name = (__typeof__(&name))dlsym(library, #name);                                                              \
    if (table.name == NULL) return;
    LIVERY_GD_FUNCTIONS(LIVERY_GD_RESOLVE)
#undef LIVERY_GD_RESOLVE
    table.loaded = 1;
    *loaded = table;
}

/* The functions, libgd opened on the first call (safe from any thread). The state
   lives in the function, not the file: Swift emits a header's inline functions,
   not its variables. */
static inline const struct livery_gd_table *livery_gd(void) {
    static struct livery_gd_table table;
    static int tried;
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    if (!tried) {
        tried = 1;
        livery_gd_load(&table);
    }
    pthread_mutex_unlock(&lock);
    return &table;
}

/* Whether libgd could be opened. Every image livery makes starts with
   livery_gd_available(), so the wrappers below are only called once it said yes. */
static inline int livery_gd_available(void) { return livery_gd()->loaded; }

#define LIVERY_GD_CALL(name) livery_gd()->name
#else
static inline int livery_gd_available(void) { return 1; }
#define LIVERY_GD_CALL(name) name
#endif

static inline gdImagePtr livery_gdImageCreateFromPngPtr(int size, void *data) {
    return LIVERY_GD_CALL(gdImageCreateFromPngPtr)(size, data);
}
static inline void livery_gdImageDestroy(gdImagePtr image) { LIVERY_GD_CALL(gdImageDestroy)(image); }
static inline int livery_gdImagePaletteToTrueColor(gdImagePtr image) { return LIVERY_GD_CALL(gdImagePaletteToTrueColor)(image); }
static inline int livery_gdImageSetInterpolationMethod(gdImagePtr image, gdInterpolationMethod method) {
    return LIVERY_GD_CALL(gdImageSetInterpolationMethod)(image, method);
}
static inline gdImagePtr livery_gdImageScale(gdImagePtr image, unsigned int width, unsigned int height) {
    return LIVERY_GD_CALL(gdImageScale)(image, width, height);
}
static inline gdImagePtr livery_gdImageCreateTrueColor(int width, int height) {
    return LIVERY_GD_CALL(gdImageCreateTrueColor)(width, height);
}
static inline void livery_gdImageFilledRectangle(gdImagePtr image, int x1, int y1, int x2, int y2, int color) {
    LIVERY_GD_CALL(gdImageFilledRectangle)(image, x1, y1, x2, y2, color);
}
static inline void livery_gdImageAlphaBlending(gdImagePtr image, int blending) { LIVERY_GD_CALL(gdImageAlphaBlending)(image, blending); }
static inline void livery_gdImageCopyResampled(
    gdImagePtr target, gdImagePtr source, int targetX, int targetY, int sourceX, int sourceY, int targetWidth, int targetHeight,
    int sourceWidth, int sourceHeight) {
    LIVERY_GD_CALL(gdImageCopyResampled)
    (target, source, targetX, targetY, sourceX, sourceY, targetWidth, targetHeight, sourceWidth, sourceHeight);
}
static inline void livery_gdImageSaveAlpha(gdImagePtr image, int save) { LIVERY_GD_CALL(gdImageSaveAlpha)(image, save); }
static inline void *livery_gdImagePngPtrEx(gdImagePtr image, int *size, int level) {
    return LIVERY_GD_CALL(gdImagePngPtrEx)(image, size, level);
}
static inline void livery_gdFree(void *memory) { LIVERY_GD_CALL(gdFree)(memory); }

/* libgd reports problems (a corrupt PNG, say) by printing to stderr before it
   returns NULL. livery turns the NULL into an error of its own, so the message
   would only be noise; the handler is variadic, which Swift cannot write. */

static void livery_gd_ignore_error(int priority, const char *format, va_list args) {
    (void)priority;
    (void)format;
    (void)args;
}

static inline void livery_gd_silence_errors(void) {
    if (livery_gd_available()) LIVERY_GD_CALL(gdSetErrorMethod)(livery_gd_ignore_error);
}

#endif
