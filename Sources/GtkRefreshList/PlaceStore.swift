// The place survives restarts: one small file per place key under the XDG state directory,
// written atomically by GLib (a temporary file, then a rename), beside the last-updated
// instants. A missing file means "no place saved"; an unreadable or corrupt one does too, with
// a warning, and the next save replaces it. Never a crash.

import CGtk
internal import GtkInterop

/// A saved place: the first row in view, by its id as text, and its top (px from the top of
/// the view; 0 or less, as the row is in view at least in part).
struct SavedPlace: Hashable, Sendable {
    var id: String
    var top: Double
}

/// Reads and writes saved places per key.
struct PlaceStore: Sendable {
    /// The first line of every place file: what it is, and its format's version.
    static let header = "refresh-list place 1"
    /// The directory holding one file per key.
    let directory: String

    /// A store under `stateDirectory` (default: `$XDG_STATE_HOME`) in the application's folder.
    init(applicationID: String, stateDirectory: String? = nil) {
        let base = stateDirectory ?? String(cString: g_get_user_state_dir())
        directory = base + "/" + LastUpdatedStore.fileName(applicationID) + "/place"
    }

    /// The file for `key`.
    func path(for key: String) -> String { directory + "/" + LastUpdatedStore.fileName(key) }

    /// The saved place, or `nil` (with a warning on stderr when the file is unreadable or
    /// corrupt).
    func load(key: String) -> SavedPlace? {
        let file = path(for: key)
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(file, &contents, &length, &error) != 0, let contents else {
            if let error {
                // No file is the first run, not a problem.
                if error.pointee.domain != g_file_error_quark() || error.pointee.code != G_FILE_ERROR_NOENT.rawValue {
                    warn("cannot read \(file): \(String(cString: error.pointee.message))")
                }
                g_error_free(error)
            }
            return nil
        }
        defer { g_free(contents) }
        guard let place = Self.parse(String(cString: contents)) else {
            warn("ignoring corrupt place file \(file)")
            return nil
        }
        return place
    }

    /// `header`, `top <px>`, `id <text>` (the rest of the file, without its last newline).
    static func parse(_ text: String) -> SavedPlace? {
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0] == header, lines[1].hasPrefix("top "), lines[2].hasPrefix("id "),
            let top = Double(lines[1].dropFirst(4)), top.isFinite
        else { return nil }
        var id = lines[2].dropFirst(3)
        if id.hasSuffix("\n") { id = id.dropLast() }
        guard !id.isEmpty else { return nil }
        return SavedPlace(id: String(id), top: top)
    }

    /// Stores `place` for `key` atomically.
    @discardableResult
    func save(_ place: SavedPlace, key: String) -> Bool {
        guard g_mkdir_with_parents(directory, 0o700) == 0 else {
            warn("cannot create \(directory)")
            return false
        }
        let file = path(for: key)
        let text = "\(Self.header)\ntop \(place.top)\nid \(place.id)\n"
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

    private func warn(_ message: String) {
        printError("refresh-list: warning: \(message)")
    }
}
