// SQLite 3 (Debian's libsqlite3-dev), the demo's timeline cache.
#include <sqlite3.h>

/// SQLITE_TRANSIENT, which Swift cannot import (a cast of -1 to a function pointer): SQLite
/// copies the bound text before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#include <sys/syscall.h>
#include <unistd.h>

/// Whether the calling thread is the process's first thread, the one GTK draws on: Linux gives
/// that thread the process's own id. The cache checks it before every SQLite call.
static inline int csqlite_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }
