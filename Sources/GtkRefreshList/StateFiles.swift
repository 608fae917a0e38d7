// Small state files that survive restarts (the last-updated instants, the saved places): one
// file per key in a folder of the XDG state directory, named after the application, read
// whole and written atomically by GLib (a temporary file, then a rename). A missing file is
// the normal first run; any other failure is a warning on stderr, never a crash.

import CGtk
internal import GtkInterop

/// One folder of per-key state files.
struct StateFiles: Sendable {
    /// The directory holding one file per key.
    let directory: String

    /// The folder `kind` under `stateDirectory` (default: `$XDG_STATE_HOME`, usually
    /// `~/.local/state`) in a folder named after `applicationID`.
    init(applicationID: String, stateDirectory: String?, kind: String) {
        let base = stateDirectory ?? String(cString: g_get_user_state_dir())
        directory = base + "/" + Self.fileName(applicationID) + "/" + kind
    }

    /// The file for `key`.
    func path(for key: String) -> String { directory + "/" + Self.fileName(key) }

    /// The contents of `key`'s file, or `nil` when there is none (a warning on stderr when it
    /// exists but cannot be read).
    func read(key: String) -> String? {
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
        return String(cString: contents)
    }

    /// Writes `text` as `key`'s file atomically; false (with a warning) when it cannot.
    @discardableResult
    func write(_ text: String, key: String) -> Bool {
        guard g_mkdir_with_parents(directory, 0o700) == 0 else {
            warn("cannot create \(directory)")
            return false
        }
        let file = path(for: key)
        var error: UnsafeMutablePointer<GError>?
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

    /// Says `message` on stderr as the widget's warning.
    func warn(_ message: String) {
        printError("refresh-list: warning: \(message)")
    }
}
