// The timeline's images kept on disk as they came, so a timeline read offline still shows its
// authors' pictures and its statuses' media: an address is read from the folder first, else
// fetched by the source it wraps (libsoup by default) and written there. Files are named by a
// hash of their address; reading, writing and trimming run off the main thread. The folder is
// bounded: past its capacity the least recently used files go (a file read is marked used), at
// the first write and every so many writes after.

import CGtk
import Glibc
import GtkInterop

/// Images read from a folder first, else fetched and kept there.
@MainActor
public final class DiskImageSource: ImageSource {
    /// The bytes kept unless the app says otherwise.
    public static let defaultCapacity = 64 << 20
    /// Writes between two trims of the folder.
    static let writesPerTrim = 64

    private let folder: String
    private let capacity: Int
    private let source: any ImageSource
    /// Writes since the folder was last trimmed; `nil` until the first write (which makes the
    /// folder and trims it: an app that shows no image touches no disk).
    private var writesSinceTrim: Int?
    /// Images answered from the folder, and written to it, since the start (the trace says them).
    public private(set) var readCount = 0
    public private(set) var writtenCount = 0

    /// A source keeping up to `capacity` bytes of images in `folder` (made if missing), fetching
    /// the others with `source`.
    public init(
        folder: String, capacity: Int = DiskImageSource.defaultCapacity, source: any ImageSource = SoupImageSource()
    ) {
        self.folder = folder
        self.capacity = max(0, capacity)
        self.source = source
    }

    /// The folder for `applicationID`'s images under `$XDG_CACHE_HOME`.
    public static func defaultFolder(applicationID: String) -> String {
        String(cString: g_get_user_cache_dir()) + "/" + applicationID + "/images"
    }

    public func fetch(_ url: String, done: @escaping @MainActor (OpaquePointer?) -> Void) {
        let path = self.path(of: url)
        Task { @MainActor [weak self] in
            let kept = await Task.detached { Handed(pointer: Self.read(path)) }.value
            if let bytes = kept.pointer {
                self?.readCount += 1
                return done(bytes)
            }
            guard let self else { return done(nil) }
            self.source.fetch(url) { [weak self] bytes in
                if let bytes, let self { self.write(bytes, to: path) }
                done(bytes)
            }
        }
    }

    /// The file an address is kept in: FNV-1a of the address (stable across runs).
    private func path(of url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return folder + "/" + String(hash, radix: 16)
    }

    /// Writes a reference of `bytes` to `path` off the main thread (atomically: a reader never
    /// finds half a file), trimming the folder every so many writes.
    private func write(_ bytes: OpaquePointer, to path: String) {
        let handed = Handed(pointer: g_bytes_ref(bytes))
        writtenCount += 1
        let first = writesSinceTrim == nil
        let writes = (writesSinceTrim ?? 0) + 1
        let trimNow = first || writes >= Self.writesPerTrim
        writesSinceTrim = trimNow ? 0 : writes
        let folder = self.folder
        let capacity = self.capacity
        Task.detached {
            defer { g_bytes_unref(handed.pointer) }
            var size: gsize = 0
            let data = g_bytes_get_data(handed.pointer, &size)?.assumingMemoryBound(to: CChar.self)
            // The folder is made at the first write, and again if it went since (a cleaned cache).
            if first || g_file_set_contents(path, data, gssize(size), nil) == 0 {
                g_mkdir_with_parents(folder, 0o700)
                g_file_set_contents(path, data, gssize(size), nil)
            }
            if trimNow { Self.trim(folder, to: capacity) }
        }
    }

    /// The file at `path` as a GBytes reference, marked used; `nil` when there is none.
    private nonisolated static func read(_ path: String) -> OpaquePointer? {
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return nil }
        guard length > 0 else {
            g_free(contents)
            return nil
        }
        utimes(path, nil)
        return g_bytes_new_take(contents, length)
    }

    /// Removes the least recently used files of `folder` until the rest fit in `capacity` bytes.
    private nonisolated static func trim(_ folder: String, to capacity: Int) {
        guard let directory = g_dir_open(folder, 0, nil) else { return }
        defer { g_dir_close(directory) }
        var files: [(path: String, size: Int, used: Int)] = []
        while let name = g_dir_read_name(directory) {
            let path = folder + "/" + String(cString: name)
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            files.append((path, Int(status.st_size), Int(status.st_mtim.tv_sec)))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.used < $1.used }) where total > capacity {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }
}
