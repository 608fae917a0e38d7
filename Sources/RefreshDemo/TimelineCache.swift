// The timeline kept on disk, in SQLite (Debian's libsqlite3, an embedded file, no server): the
// statuses as the server sent them, the opened content warnings and when the statuses were last
// brought up to date, so a start can show the rows a reader saw before any request and a reader
// can read offline. One file per account, under $XDG_CACHE_HOME; WAL mode, one transaction per
// page or batch; bounded (the oldest statuses go past the limit). A file from another server or
// an older schema is set aside, not read; a file SQLite cannot read is moved aside with a
// warning, and the cache starts empty.
// The cache is an actor whose executor is a serial queue of its own (TimelineCache+Queue.swift):
// its connection is opened there and every query and write runs there, in the order asked, so
// the main thread, where GTK draws, never waits on the disk (a lock another program holds, a
// slow fsync). Every SQLite call checks that it is on that queue and not on the main thread.

import CGtk
import CSQLite
import Glibc

/// A status as the cache keeps it: its id and the JSON the server sent.
struct CachedStatus: Equatable, Sendable {
    let id: String
    let json: String
}

/// Why the cache could not be used at all (the folder cannot be made, SQLite cannot open a new
/// file): the app then runs without it.
struct TimelineCacheError: Error, CustomStringConvertible, Equatable {
    let description: String

    /// The cache was asked before it opened, or after it could not.
    static let notOpen = TimelineCacheError(description: "the timeline cache is not open")
}

actor TimelineCache {
    /// The layout of the file; a file of another version is set aside.
    static let schemaVersion: Int32 = 1
    /// The most statuses kept unless a setting says otherwise.
    static let defaultLimit = 5_000

    /// How the file was found when the cache opened.
    enum Opening: Equatable, Sendable {
        /// There was none: a new, empty cache.
        case new
        /// The cache of this server and schema: its statuses are read.
        case reused
        /// There was one that is not read (`reason`: another server, another schema, not a
        /// database); it was moved to `to`, and the cache starts empty.
        case setAside(reason: String, to: String)
    }

    let path: String
    let server: String
    let limit: Int
    /// How the file was found, once `open()` ran.
    private(set) var opening = Opening.new
    /// The connection, opened on the cache's queue by `open()`; nil before.
    private var database: OpaquePointer?
    /// The cache's own serial queue: this actor's executor.
    nonisolated let queue = CacheQueue(label: "refresh-demo.timeline-cache")

    nonisolated var unownedExecutor: UnownedSerialExecutor { queue.asUnownedSerialExecutor() }

    /// The cache file of `server`'s timeline for the app `applicationID`, under `$XDG_CACHE_HOME`
    /// (`~/.cache` when unset): one file per server, named by a hash of its address.
    static func defaultPath(applicationID: String, server: String) -> String {
        let folder = String(cString: g_get_user_cache_dir()) + "/" + applicationID
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable across runs, unlike Hasher
        for byte in server.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return folder + "/timeline-" + String(hash, radix: 16) + ".sqlite"
    }

    /// The cache at `path` for `server`'s timeline, keeping at most `limit` statuses. Nothing is
    /// read or made until `open()`, which runs on the cache's queue.
    init(path: String, server: String, limit: Int = TimelineCache.defaultLimit) {
        self.path = path
        self.server = server
        self.limit = max(1, limit)
    }

    /// Opens (or makes) the file; a file that is not this server's cache of this schema is set
    /// aside first. Returns how the file was found.
    @discardableResult
    func open() throws(TimelineCacheError) -> Opening {
        checkThread()
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty, g_mkdir_with_parents(folder, 0o700) != 0 {
            throw TimelineCacheError(description: "cannot make the cache folder \(folder)")
        }
        let existed = access(path, F_OK) == 0
        if existed, let reason = Self.unreadableReason(path: path, server: server) {
            let aside = try Self.setAside(path, reason: reason)
            opening = .setAside(reason: reason, to: aside)
        } else if existed {
            opening = .reused
        }
        database = try Self.open(path)
        // The statuses by age (a longer id is newer, then the greater): a page, the trim past the
        // limit and the count read this index, not every status's JSON.
        try execute(
            """
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            CREATE TABLE IF NOT EXISTS statuses (
                id TEXT PRIMARY KEY NOT NULL, json TEXT NOT NULL, received INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS opened (id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS statuses_by_age ON statuses (length(id), id);
            """)
        if opening != .reused {
            try execute("PRAGMA user_version = \(Self.schemaVersion)")
            try setMeta("server", server)
        }
        return opening
    }

    // On the cache's queue, after every job queued before the last reference went.
    isolated deinit {
        guard let database else { return }
        checkThread()
        sqlite3_close_v2(database)
    }

    // MARK: Statuses

    /// Keeps `statuses` (a page, or a batch from the stream), replacing any with the same id, in
    /// one transaction; then drops the oldest past the limit. `replacingAll`: in place of every
    /// status kept before (and what was kept with them), in the same transaction.
    func store(_ statuses: [CachedStatus], replacingAll: Bool = false) throws(TimelineCacheError) {
        guard !statuses.isEmpty else { return }
        let now = g_get_real_time() / 1_000
        try transaction { () throws(TimelineCacheError) in
            if replacingAll { try execute("DELETE FROM statuses; DELETE FROM opened;") }
            let insert = try prepare("INSERT OR REPLACE INTO statuses (id, json, received) VALUES (?1, ?2, ?3)")
            defer { sqlite3_finalize(insert) }
            for status in statuses {
                sqlite3_reset(insert)
                sqlite3_bind_text(insert, 1, status.id, -1, csqlite_transient())
                sqlite3_bind_text(insert, 2, status.json, -1, csqlite_transient())
                sqlite3_bind_int64(insert, 3, Int64(now))
                guard sqlite3_step(insert) == SQLITE_DONE else { throw failure("store a status") }
            }
            try execute(
                """
                DELETE FROM statuses WHERE id IN (
                    SELECT id FROM statuses ORDER BY length(id) DESC, id DESC LIMIT -1 OFFSET \(limit));
                DELETE FROM opened WHERE id NOT IN (SELECT id FROM statuses);
                """)
        }
    }

    /// Replaces the status `status.id` if the cache keeps it (an edit); whether it did. A
    /// status the cache does not keep is not added.
    @discardableResult
    func replace(_ status: CachedStatus) throws(TimelineCacheError) -> Bool {
        let statement = try prepare("UPDATE statuses SET json = ?2 WHERE id = ?1")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, status.id, -1, csqlite_transient())
        sqlite3_bind_text(statement, 2, status.json, -1, csqlite_transient())
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("replace a status") }
        return sqlite3_changes(database) > 0
    }

    /// Takes the status `id` out (the stream deleted it); whether it was kept.
    @discardableResult
    func remove(id: String) throws(TimelineCacheError) -> Bool {
        try setOpened(id, false)
        let statement = try prepare("DELETE FROM statuses WHERE id = ?1")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, id, -1, csqlite_transient())
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("remove a status") }
        return sqlite3_changes(database) > 0
    }

    /// Whether the cache keeps any of the statuses `ids`.
    func contains(any ids: [String]) throws(TimelineCacheError) -> Bool {
        let statement = try prepare("SELECT 1 FROM statuses WHERE id = ?1")
        defer { sqlite3_finalize(statement) }
        for id in ids {
            sqlite3_reset(statement)
            sqlite3_bind_text(statement, 1, id, -1, csqlite_transient())
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: continue
            default: throw failure("look a status up")
            }
        }
        return false
    }

    /// Whether the cache keeps no status.
    func isEmpty() throws(TimelineCacheError) -> Bool {
        let statement = try prepare("SELECT EXISTS (SELECT 1 FROM statuses)")
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw failure("count the statuses") }
        return sqlite3_column_int(statement, 0) == 0
    }

    // MARK: Opened content warnings

    /// The statuses whose content warning the reader opened, among those kept.
    func openedWarnings() throws(TimelineCacheError) -> Set<String> {
        let statement = try prepare("SELECT id FROM opened")
        defer { sqlite3_finalize(statement) }
        var ids: Set<String> = []
        while sqlite3_step(statement) == SQLITE_ROW {
            if let text = sqlite3_column_text(statement, 0) { ids.insert(String(cString: text)) }
        }
        return ids
    }

    /// Keeps that the reader opened (or closed) the content warning of status `id`: only for a
    /// status the cache keeps, and only while it does.
    func setOpened(_ id: String, _ open: Bool) throws(TimelineCacheError) {
        let statement = try prepare(
            open
                ? "INSERT OR IGNORE INTO opened (id) SELECT id FROM statuses WHERE id = ?1"
                : "DELETE FROM opened WHERE id = ?1")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, id, -1, csqlite_transient())
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("keep an opened warning") }
    }

    /// Up to `count` statuses, newest first: the newest of all, or those older than `id`
    /// (ids ordered as the server orders them: a longer id is newer).
    func statuses(olderThan id: String? = nil, count: Int) throws(TimelineCacheError) -> [CachedStatus] {
        let older = "WHERE (length(id), id) < (length(?1), ?1)"
        let statement = try prepare(
            "SELECT id, json FROM statuses \(id == nil ? "" : older) ORDER BY length(id) DESC, id DESC LIMIT \(max(0, count))"
        )
        defer { sqlite3_finalize(statement) }
        if let id { sqlite3_bind_text(statement, 1, id, -1, csqlite_transient()) }
        return try rows(of: statement)
    }

    /// The statuses a prepared SELECT of `id, json` answers.
    private func rows(of statement: OpaquePointer?) throws(TimelineCacheError) -> [CachedStatus] {
        var rows: [CachedStatus] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append(CachedStatus(id: Self.text(statement, 0), json: Self.text(statement, 1)))
            case SQLITE_DONE:
                return rows
            default:
                throw failure("read statuses")
            }
        }
    }

    /// Up to `count` statuses just newer than `id`, newest first (the rows above a place).
    func statuses(newerThan id: String, count: Int) throws(TimelineCacheError) -> [CachedStatus] {
        let statement = try prepare(
            """
            SELECT id, json FROM (
                SELECT id, json FROM statuses
                WHERE (length(id), id) > (length(?1), ?1)
                ORDER BY length(id), id LIMIT \(max(0, count)))
            ORDER BY length(id) DESC, id DESC
            """)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, id, -1, csqlite_transient())
        return try rows(of: statement)
    }

    /// How many statuses the cache keeps.
    func count() throws(TimelineCacheError) -> Int {
        let statement = try prepare("SELECT count(*) FROM statuses")
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw failure("count statuses") }
        return Int(sqlite3_column_int64(statement, 0))
    }

    // MARK: The last update

    /// When the statuses were last brought up to date from the server (ms since 1970), for
    /// "showing posts from 10:42" when they cannot be.
    func syncedAt() throws(TimelineCacheError) -> Int64? { try meta("synced-at").flatMap { Int64($0) } }

    func setSyncedAt(_ milliseconds: Int64) throws(TimelineCacheError) {
        try setMeta("synced-at", String(milliseconds))
    }

    // MARK: SQLite

    /// Why the file at `path` is not read as `server`'s cache, or nil when it is.
    private static func unreadableReason(path: String, server: String) -> String? {
        var database: OpaquePointer?
        defer { sqlite3_close_v2(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return "unreadable" }
        var statement: OpaquePointer?
        // A file that is not a database fails here, on its first read.
        guard sqlite3_prepare_v2(database, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else {
            sqlite3_finalize(statement)
            return "corrupt"
        }
        let version = sqlite3_column_int(statement, 0)
        sqlite3_finalize(statement)
        guard version == schemaVersion else { return "schema-\(version)" }
        guard
            sqlite3_prepare_v2(database, "SELECT value FROM meta WHERE key = 'server'", -1, &statement, nil)
                == SQLITE_OK
        else { return "corrupt" }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, text(statement, 0) == server else { return "other-server" }
        return nil
    }

    /// Moves the file at `path` (and its WAL files) aside, named after `reason`; returns the
    /// new name. A corrupt file is also said with a warning.
    private static func setAside(_ path: String, reason: String) throws(TimelineCacheError) -> String {
        var aside = "\(path).\(reason)"
        var number = 1
        while access(aside, F_OK) == 0 {
            number += 1
            aside = "\(path).\(reason)-\(number)"
        }
        guard rename(path, aside) == 0 else { throw TimelineCacheError(description: "cannot move \(path) aside") }
        for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
            _ = rename(path + suffix, aside + suffix)
        }
        if reason == "corrupt" || reason == "unreadable" {
            cgtk_log_warning("RefreshDemo", "The timeline cache \(path) could not be read; moved to \(aside)")
        }
        return aside
    }

    private static func open(_ path: String) throws(TimelineCacheError) -> OpaquePointer? {
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard sqlite3_open_v2(path, &database, flags, nil) == SQLITE_OK else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(database)
            throw TimelineCacheError(description: "cannot open the timeline cache \(path): \(message)")
        }
        // Another connection's write lock (a second instance, a backup tool) is waited for here,
        // on the cache's queue, where waiting costs the reader nothing; past this the write is
        // given up with a warning.
        sqlite3_busy_timeout(database, 15_000)
        return database
    }

    /// Every SQLite call of the cache follows this check (each method starts with `execute`,
    /// `prepare` or `open`): on the cache's queue, and never on the main thread, where a
    /// `queue.sync` would run it. Tests run the debug build, where a call on the main thread stops
    /// the app.
    private func checkThread() {
        queue.checkIsolated()
        assert(csqlite_is_main_thread() == 0, "an SQLite call on the main thread")
    }

    private func execute(_ sql: String) throws(TimelineCacheError) {
        checkThread()
        guard database != nil else { throw .notOpen }
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw failure("run \(sql.prefix(40))") }
    }

    private func prepare(_ sql: String) throws(TimelineCacheError) -> OpaquePointer? {
        checkThread()
        guard database != nil else { throw .notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw failure("prepare \(sql.prefix(40))")
        }
        return statement
    }

    /// Runs `body` in one transaction: all of it is kept, or none.
    private func transaction(_ body: () throws(TimelineCacheError) -> Void) throws(TimelineCacheError) {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
        } catch {
            _ = sqlite3_exec(database, "ROLLBACK", nil, nil, nil)
            throw error
        }
        try execute("COMMIT")
    }

    private func meta(_ key: String) throws(TimelineCacheError) -> String? {
        let statement = try prepare("SELECT value FROM meta WHERE key = ?1")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, key, -1, csqlite_transient())
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return Self.text(statement, 0)
        case SQLITE_DONE: return nil
        default: throw failure("read \(key)")
        }
    }

    private func setMeta(_ key: String, _ value: String?) throws(TimelineCacheError) {
        let statement = try prepare(
            value == nil
                ? "DELETE FROM meta WHERE key = ?1" : "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, key, -1, csqlite_transient())
        if let value { sqlite3_bind_text(statement, 2, value, -1, csqlite_transient()) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("write \(key)") }
    }

    private static func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    private func failure(_ doing: String) -> TimelineCacheError {
        TimelineCacheError(
            description: "the timeline cache could not \(doing): \(String(cString: sqlite3_errmsg(database)))")
    }
}
