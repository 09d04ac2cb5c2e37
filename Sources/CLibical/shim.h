#pragma once
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* dladdr and Dl_info, in glibc's dlfcn.h */
#endif
#include <dlfcn.h>
#include <libical/ical.h>

/// The path of the file libical's code was loaded from (its shared library, or the program when
/// it is linked in); NULL when the loader cannot say.
static inline const char *spotter_libical_path(void) {
  Dl_info info;
  if (dladdr((void *)&icaltimezone_get_utc_timezone, &info) == 0) return NULL;
  return info.dli_fname;
}
