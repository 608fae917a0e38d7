// The place survives restarts: one small file per place key under the XDG state directory
// (StateFiles.swift), beside the last-updated instants. A missing file means "no place saved";
// an unreadable or corrupt one does too, with a warning, and the next save replaces it. Never
// a crash.

/// A saved place: the first row in view, by its id as text, and its top (px from the top of
/// the view: 0 or less when the row began at or above it, a little more when the view was left
/// between two rows).
struct SavedPlace: Hashable, Sendable {
    var id: String
    var top: Double
}

/// Reads and writes saved places per key.
struct PlaceStore: Sendable {
    /// The first line of every place file: what it is, and its format's version.
    static let header = "refresh-list place 1"
    private let files: StateFiles

    /// The directory holding one file per key.
    var directory: String { files.directory }

    /// A store under `stateDirectory` (default: `$XDG_STATE_HOME`) in the application's folder.
    init(applicationID: String, stateDirectory: String? = nil) {
        files = StateFiles(applicationID: applicationID, stateDirectory: stateDirectory, kind: "place")
    }

    /// The file for `key`.
    func path(for key: String) -> String { files.path(for: key) }

    /// The saved place, or `nil` (with a warning on stderr when the file is unreadable or
    /// corrupt).
    func load(key: String) -> SavedPlace? {
        guard let text = files.read(key: key) else { return nil }
        guard let place = Self.parse(text) else {
            files.warn("ignoring corrupt place file \(path(for: key))")
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
        files.write("\(Self.header)\ntop \(place.top)\nid \(place.id)\n", key: key)
    }
}
