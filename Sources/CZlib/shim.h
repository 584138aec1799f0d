#ifndef LIVERY_CZLIB_SHIM_H
#define LIVERY_CZLIB_SHIM_H

#include <zlib.h>

#endif
