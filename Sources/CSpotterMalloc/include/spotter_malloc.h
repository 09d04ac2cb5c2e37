#ifndef SPOTTER_MALLOC_H
#define SPOTTER_MALLOC_H

/// Fixes glibc's threshold above which an allocation gets its own mapping at its default,
/// 128 KiB. Left to itself, glibc raises the threshold after the first such block is freed, and
/// the chunk buffers an import reads on two threads then land in the heap between the packed
/// sessions it keeps, which grew its peak with the years in the file. Does nothing elsewhere.
void spotter_fix_mmap_threshold(void);

#endif
