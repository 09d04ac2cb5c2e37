#ifndef SPOTTER_STDIO_H
#define SPOTTER_STDIO_H

/// Flushes standard output and tells whether everything printed reached it: 0 when it did, else
/// the errno of the failure (EIO when a write failed earlier and its errno is gone). Swift 6
/// refuses to name C's `stdout`, a mutable global, so its error flag is read here.
int spotter_flush_stdout(void);

#endif
