#include "spotter_stdio.h"

#include <errno.h>
#include <stdio.h>

int spotter_flush_stdout(void) {
  errno = 0;
  int failed = fflush(stdout) != 0;
  int reason = errno;
  if (!failed && !ferror(stdout)) return 0;
  return failed && reason != 0 ? reason : EIO;
}
