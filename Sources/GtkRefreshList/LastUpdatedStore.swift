// The last-updated instant survives restarts: one small file per list key under the XDG state
// directory (StateFiles.swift). A missing file means "never updated"; an unreadable or corrupt
// one does too, with a warning, never a crash.

import CGtk
internal import GtkInterop

import RefreshEngine

/// Reads and writes last-updated instants per list key.
struct LastUpdatedStore: Sendable {
    private let files: StateFiles

    /// The directory holding one file per key.
    var directory: String { files.directory }

    /// A store under `stateDirectory` (default: `$XDG_STATE_HOME`, usually `~/.local/state`)
    /// in a folder named after `applicationID`.
    init(applicationID: String, stateDirectory: String? = nil) {
        files = StateFiles(applicationID: applicationID, stateDirectory: stateDirectory, kind: "last-updated")
    }

    /// The file for `key`.
    func path(for key: String) -> String { files.path(for: key) }

    /// The stored instant, or `nil` (with a warning on stderr) when missing or unreadable.
    func load(key: String) -> WallClockInstant? {
        guard let text = files.read(key: key) else { return nil }
        guard let value = Int64(text.trimmingWhitespace), value >= 0 else {
            files.warn("ignoring corrupt last-updated file \(path(for: key))")
            return nil
        }
        return WallClockInstant(millisecondsSince1970: value)
    }

    /// Stores `instant` for `key` atomically (write to a temporary file, then rename).
    @discardableResult
    func save(_ instant: WallClockInstant, key: String) -> Bool {
        files.write("\(instant.millisecondsSince1970)\n", key: key)
    }
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
