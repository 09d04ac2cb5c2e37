#include "spotter_malloc.h"

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void spotter_fix_mmap_threshold(void) {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}
