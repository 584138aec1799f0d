#ifndef LIVERY_CGD_SHIM_H
#define LIVERY_CGD_SHIM_H

#include <stdarg.h>
#include <gd.h>

/* libgd reports problems (a corrupt PNG, say) by printing to stderr before it
   returns NULL. livery turns the NULL into an error of its own, so the message
   would only be noise; the handler is variadic, which Swift cannot write. */

static void livery_gd_ignore_error(int priority, const char *format, va_list args) {
    (void)priority;
    (void)format;
    (void)args;
}

static inline void livery_gd_silence_errors(void) {
    gdSetErrorMethod(livery_gd_ignore_error);
}

#endif
