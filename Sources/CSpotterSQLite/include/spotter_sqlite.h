#ifndef SPOTTER_SQLITE_H
#define SPOTTER_SQLITE_H

/// Turns SQLite's memory statistics off for this process, before SQLite starts; returns
/// SQLITE_OK, or SQLITE_MISUSE when SQLite had already started (then nothing changed).
///
/// With the statistics on (SQLite's default), every allocation and free SQLite makes takes one
/// process-wide mutex to count it. A batch's workers each open their own user's store, yet
/// queued on that one mutex: 70 futex calls per user with two workers, and a second worker that
/// added 1.6 times the users of one instead of twice. Spotter never reads the statistics.
/// `sqlite3_config` takes variable arguments, which Swift cannot pass, hence this C function.
int spotter_sqlite_memstatus_off(void);

#endif
