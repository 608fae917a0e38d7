// The last-updated instant survives restarts: one small file per list key under the XDG state
// directory, written atomically by GLib. A missing file means "never updated"; an unreadable
// or corrupt one does too, with a warning, never a crash.

import CGtk
internal import GtkInterop

import RefreshEngine

/// Reads and writes last-updated instants per list key.
struct LastUpdatedStore: Sendable {
    /// The directory holding one file per key.
    let directory: String

    /// A store under `stateDirectory` (default: `$XDG_STATE_HOME`, usually `~/.local/state`)
    /// in a folder named after `applicationID`.
    init(applicationID: String, stateDirectory: String? = nil) {
        let base = stateDirectory ?? String(cString: g_get_user_state_dir())
        directory = base + "/" + Self.fileName(applicationID) + "/last-updated"
    }

    /// The file for `key`.
    func path(for key: String) -> String { directory + "/" + Self.fileName(key) }

    /// The stored instant, or `nil` (with a warning on stderr) when missing or unreadable.
    func load(key: String) -> WallClockInstant? {
        let file = path(for: key)
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(file, &contents, &length, &error) != 0, let contents else {
            if let error {
                // A file that was never written is the normal first run, not a problem.
                if error.pointee.domain != g_file_error_quark() || error.pointee.code != G_FILE_ERROR_NOENT.rawValue {
                    warn("cannot read \(file): \(String(cString: error.pointee.message))")
                }
                g_error_free(error)
            }
            return nil
        }
        defer { g_free(contents) }
        let text = String(cString: contents).trimmingWhitespace
        guard let value = Int64(text), value >= 0 else {
            warn("ignoring corrupt last-updated file \(file)")
            return nil
        }
        return WallClockInstant(millisecondsSince1970: value)
    }

    /// Stores `instant` for `key` atomically (write to a temporary file, then rename).
    @discardableResult
    func save(_ instant: WallClockInstant, key: String) -> Bool {
        guard g_mkdir_with_parents(directory, 0o700) == 0 else {
            warn("cannot create \(directory)")
            return false
        }
        let file = path(for: key)
        var error: UnsafeMutablePointer<GError>?
        let text = "\(instant.millisecondsSince1970)\n"
        guard g_file_set_contents(file, text, gssize(text.utf8.count), &error) != 0 else {
            if let error {
                warn("cannot write \(file): \(String(cString: error.pointee.message))")
                g_error_free(error)
            }
            return false
        }
        return true
    }

    /// A key made safe as a file name: anything but letters, digits, '-', '_' and '.' becomes '_'.
    static func fileName(_ key: String) -> String {
        let safe = key.unicodeScalars.map { scalar -> Character in
            let allowed =
                (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || scalar == "-" || scalar == "_" || scalar == "."
            return allowed ? Character(scalar) : "_"
        }
        let name = String(safe)
        return name.isEmpty || name.allSatisfy({ $0 == "." }) ? "_" + name : name
    }

    private func warn(_ message: String) {
        printError("refresh-list: warning: \(message)")
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
