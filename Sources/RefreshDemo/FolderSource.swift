// A real directory as a data source, read through GIO asynchronously, answering by cursor
// (`PageRequest`) so the list keeps its place between runs: the newest files first (the most
// recently modified, then by name), the rows at a saved file, the files older or newer than a
// row shown. The newest rows, a saved place and the files above it read the folder again (new
// files show up there); the next page comes from the last reading, a page at a time. Errors
// (unreadable folder, a folder that vanished, a row's file gone from under a page) come back
// as failures the list shows with Retry.

import CGtk
import FoundationEssentials
import GtkInterop
import GtkRefreshList
import TimelineRows

/// A GIO error as a Swift error with GLib's message.
struct FolderError: Error, CustomStringConvertible {
    let message: String
    /// What the list shows and says of the failure.
    var description: String { message }

    static func take(_ error: UnsafeMutablePointer<GError>?) -> FolderError {
        guard let error else { return FolderError(message: localized("Unknown error")) }
        defer { g_error_free(error) }
        return FolderError(message: String(cString: error.pointee.message))
    }
}

/// Holds a one-shot Swift callback for a GAsyncReadyCallback.
private final class AsyncCallback {
    let body: @MainActor (OpaquePointer?) -> Void
    init(_ body: @escaping @MainActor (OpaquePointer?) -> Void) { self.body = body }
}

/// `GAsyncReadyCallback`: runs the callback once and releases it.
private let asyncReady: GAsyncReadyCallback = { _, result, data in
    let body = Unmanaged<AsyncCallback>.fromOpaque(data!).takeRetainedValue().body
    // GIO calls back on the main thread; the result pointer is only used there.
    nonisolated(unsafe) let result = result
    MainActor.assumeIsolated { body(result) }
}

@MainActor
final class FolderSource {
    typealias Completion = @MainActor (Result<Page<FeedItem>, any Error>) -> Void
    typealias Failed = @MainActor (any Error) -> Void

    /// A file as a row, with what orders it.
    private struct Entry {
        let item: FeedItem
        /// Last modified, in µs since 1970.
        let modified: UInt64
    }

    let path: String
    let pageSize: Int
    /// The files as last read, newest first.
    private var listing: [FeedItem] = []
    /// Counts readings: only the latest one's answer becomes `listing`.
    private var generation = 0
    /// How many files one asynchronous read asks GIO for.
    private static let batch: Int32 = 100
    private static let attributes =
        "standard::name,standard::display-name,standard::type,standard::size,time::modified,time::modified-usec"

    init(path: String, pageSize: Int) {
        self.path = path
        self.pageSize = pageSize
    }

    /// Answers `request` with a page of rows, newest first.
    func load(_ request: PageRequest<String>, _ done: @escaping Completion) {
        let pageSize = self.pageSize
        switch request {
        case .newest:
            read { done($0.map { rows in Self.slice(rows, 0..<pageSize) }) }
        case .at(let id):
            // Without the saved file the answer lacks it, and the list opens at the newest.
            read {
                done(
                    $0.map { rows in
                        let start = rows.firstIndex { $0.id == id } ?? 0
                        return Self.slice(rows, start..<(start + pageSize))
                    })
            }
        case .older(let id):
            guard let index = listing.firstIndex(where: { $0.id == id }) else {
                done(.failure(FolderError(message: localized("The folder changed; refresh to read it again"))))
                return
            }
            done(.success(Self.slice(listing, (index + 1)..<(index + 1 + pageSize))))
        case .newer(let id):
            read {
                done(
                    $0.map { rows in
                        let end = rows.firstIndex { $0.id == id } ?? 0
                        let start = max(0, end - pageSize)
                        return Page(Array(rows[start..<end]), hasMore: start > 0)
                    })
            }
        }
    }

    /// The rows of `rows` in `range` (clamped), and whether more follow.
    private static func slice(_ rows: [FeedItem], _ range: Range<Int>) -> Page<FeedItem> {
        let clamped = range.clamped(to: 0..<rows.count)
        return Page(Array(rows[clamped]), hasMore: clamped.upperBound < rows.count)
    }

    /// Reads the whole folder again, newest first, into `listing`; then `done` with it. A
    /// reading overtaken by a later one answers nothing (the list asked again meanwhile).
    private func read(_ done: @escaping @MainActor (Result<[FeedItem], any Error>) -> Void) {
        generation += 1
        let current = generation
        let file = g_file_new_for_path(path)!
        let callback = AsyncCallback { result in
            defer { g_object_unref(gpointer(file)) }
            var error: UnsafeMutablePointer<GError>?
            guard let enumerator = g_file_enumerate_children_finish(file, result, &error) else {
                done(.failure(FolderError.take(error)))
                return
            }
            Self.readBatches(enumerator, into: []) { [weak self] read in
                guard let self, self.generation == current else { return }
                done(
                    read.map { entries in
                        self.listing = entries.sorted { ($0.modified, $1.item.id) > ($1.modified, $0.item.id) }
                            .map(\.item)
                        return self.listing
                    })
            }
        }
        g_file_enumerate_children_async(
            file, Self.attributes, G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, nil, asyncReady,
            Unmanaged.passRetained(callback).toOpaque())
    }

    /// Reads `enumerator` to its end a batch at a time, then drops it (the reference
    /// `g_file_enumerate_children_finish` gave).
    private static func readBatches(
        _ enumerator: UnsafeMutablePointer<GFileEnumerator>, into entries: [Entry],
        _ done: @escaping @MainActor (Result<[Entry], any Error>) -> Void
    ) {
        let callback = AsyncCallback { result in
            var error: UnsafeMutablePointer<GError>?
            let list = g_file_enumerator_next_files_finish(enumerator, result, &error)
            if list == nil, let error {
                g_object_unref(gpointer(enumerator))
                done(.failure(FolderError.take(error)))
                return
            }
            var entries = entries
            var node = list
            while let current = node {
                entries.append(entry(OpaquePointer(current.pointee.data)))
                g_object_unref(current.pointee.data)
                node = current.pointee.next
            }
            g_list_free(list)
            guard list != nil else {
                // An empty batch: the end of the folder.
                g_object_unref(gpointer(enumerator))
                done(.success(entries))
                return
            }
            readBatches(enumerator, into: entries, done)
        }
        g_file_enumerator_next_files_async(
            enumerator, batch, G_PRIORITY_DEFAULT, nil, asyncReady, Unmanaged.passRetained(callback).toOpaque())
    }

    private static func entry(_ info: OpaquePointer?) -> Entry {
        let seconds = UInt64(g_file_info_get_attribute_uint64(info, "time::modified"))
        let micros = UInt64(g_file_info_get_attribute_uint32(info, "time::modified-usec"))
        return Entry(item: item(info), modified: seconds &* 1_000_000 &+ micros)
    }

    private static func item(_ info: OpaquePointer?) -> FeedItem {
        let name = String(cString: g_file_info_get_name(info))
        let display = String(cString: g_file_info_get_display_name(info))
        let isFolder = g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY
        let detail: String
        if isFolder {
            detail = localized("Folder")
        } else {
            let size = g_format_size(guint64(max(0, g_file_info_get_size(info))))!
            detail = String(cString: size)
            g_free(size)
        }
        return FeedItem(id: name, title: display, detail: detail)
    }
}
