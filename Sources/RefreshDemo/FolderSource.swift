// A real directory as a data source, read through GIO asynchronously a page at a time:
// refresh opens a new enumeration and reads the first page; load-more reads the next page from
// the same enumeration. Errors (unreadable folder, a folder that vanished) come back as
// failures the list shows with Retry.

import CGtk
import GtkInterop
import FoundationEssentials
import GtkRefreshList

/// A GIO error as a Swift error with GLib's message.
struct FolderError: LocalizedError {
    let message: String
    var errorDescription: String? { message }

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

    let path: String
    let pageSize: Int
    private var enumerator: UnsafeMutablePointer<GFileEnumerator>?
    private var generation = 0
    private static let attributes = "standard::name,standard::display-name,standard::type,standard::size,time::modified"

    init(path: String, pageSize: Int) {
        self.path = path
        self.pageSize = pageSize
    }

    isolated deinit { close() }

    /// Re-reads the folder from the start and answers with its first page.
    func refresh(_ done: @escaping Completion) {
        close()
        generation += 1
        let current = generation
        let file = g_file_new_for_path(path)!
        let callback = AsyncCallback { [weak self] result in
            defer { g_object_unref(gpointer(file)) }
            var error: UnsafeMutablePointer<GError>?
            guard let enumerator = g_file_enumerate_children_finish(file, result, &error) else {
                done(.failure(FolderError.take(error)))
                return
            }
            guard let self, self.generation == current else {
                g_object_unref(gpointer(enumerator))
                return
            }
            self.enumerator = enumerator
            self.readPage(done)
        }
        g_file_enumerate_children_async(
            file, Self.attributes, G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, nil, asyncReady,
            Unmanaged.passRetained(callback).toOpaque())
    }

    /// Answers with the next page of the current enumeration.
    func loadMore(_ done: @escaping Completion) {
        guard enumerator != nil else {
            done(.failure(FolderError(message: localized("The folder is not open; refresh first"))))
            return
        }
        readPage(done)
    }

    private func readPage(_ done: @escaping Completion) {
        guard let enumerator else { return }
        g_object_ref(gpointer(enumerator))
        let pageSize = self.pageSize
        let callback = AsyncCallback { result in
            defer { g_object_unref(gpointer(enumerator)) }
            var error: UnsafeMutablePointer<GError>?
            let list = g_file_enumerator_next_files_finish(enumerator, result, &error)
            if list == nil, let error {
                done(.failure(FolderError.take(error)))
                return
            }
            var items: [FeedItem] = []
            var node = list
            while let current = node {
                let info = OpaquePointer(current.pointee.data)
                items.append(Self.item(info))
                g_object_unref(current.pointee.data)
                node = current.pointee.next
            }
            g_list_free(list)
            done(.success(Page(items, hasMore: items.count == pageSize ? nil : false)))
        }
        g_file_enumerator_next_files_async(
            enumerator, Int32(pageSize), G_PRIORITY_DEFAULT, nil, asyncReady,
            Unmanaged.passRetained(callback).toOpaque())
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

    private func close() {
        if let enumerator {
            g_object_unref(gpointer(enumerator))
            self.enumerator = nil
        }
    }
}
