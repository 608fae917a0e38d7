// The demo's cache file read and changed by the tests as another program would, through their own
// SQLite connection: what the app committed is what another connection reads, and the app's
// cache keeps no method only tests call.

import CSQLite
import XCTest

/// A cache file of the demo, opened by the test on its own connection for each use.
struct CacheFile {
    let path: String

    /// The ids of the statuses the file holds, newest first (as the server orders ids).
    func ids() throws -> [String] {
        try withDatabase(readOnly: true) { database in
            var statement: OpaquePointer?
            guard
                sqlite3_prepare_v2(
                    database, "SELECT id FROM statuses ORDER BY length(id) DESC, id DESC", -1, &statement, nil)
                    == SQLITE_OK
            else { throw failure(database, "read the ids") }
            defer { sqlite3_finalize(statement) }
            var ids: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                ids.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            }
            return ids
        }
    }

    /// The JSON kept for status `id`, if the file holds it.
    func json(of id: String) throws -> String? {
        try withDatabase(readOnly: true) { database in
            var statement: OpaquePointer?
            guard
                sqlite3_prepare_v2(database, "SELECT json FROM statuses WHERE id = ?1", -1, &statement, nil)
                    == SQLITE_OK
            else { throw failure(database, "read \(id)") }
            defer { sqlite3_finalize(statement) }
            sqlite3_bind_text(statement, 1, id, -1, csqlite_transient())
            guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
            return sqlite3_column_text(statement, 0).map { String(cString: $0) }
        }
    }

    /// Takes the statuses `ids` out, as a smaller bound would have.
    func remove(_ ids: [String]) throws {
        try withDatabase(readOnly: false) { database in
            for id in ids where id.allSatisfy(\.isNumber) {
                guard sqlite3_exec(database, "DELETE FROM statuses WHERE id = '\(id)'", nil, nil, nil) == SQLITE_OK
                else { throw failure(database, "remove \(id)") }
            }
        }
    }

    /// Runs `body` with the file's write lock held by this connection (`BEGIN EXCLUSIVE`, as a
    /// second instance or a backup tool writing would hold it): every write of another
    /// connection waits until the lock goes, at the end of `body`.
    func holdingTheWriteLock<Value>(_ body: () throws -> Value) throws -> Value {
        try withDatabase(readOnly: false) { database in
            guard sqlite3_exec(database, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK else {
                throw failure(database, "take the write lock")
            }
            defer { sqlite3_exec(database, "ROLLBACK", nil, nil, nil) }
            return try body()
        }
    }

    private func withDatabase<Value>(readOnly: Bool, _ body: (OpaquePointer?) throws -> Value) throws -> Value {
        var database: OpaquePointer?
        defer { sqlite3_close_v2(database) }
        guard
            sqlite3_open_v2(path, &database, readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE, nil) == SQLITE_OK
        else { throw failure(database, "open \(path)") }
        sqlite3_busy_timeout(database, 30_000)
        return try body(database)
    }

    private func failure(_ database: OpaquePointer?, _ doing: String) -> TestSetupError {
        TestSetupError(
            description: "could not \(doing): " + (database.map { String(cString: sqlite3_errmsg($0)) } ?? "no memory"))
    }
}
