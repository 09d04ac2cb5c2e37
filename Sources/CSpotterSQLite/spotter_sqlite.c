#include "spotter_sqlite.h"

#include <sqlite3.h>

int spotter_sqlite_memstatus_off(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
