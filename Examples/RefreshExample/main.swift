// A minimal feed: pull down (wheel, touchpad, drag) or press F5 for the newest posts, scroll
// to the bottom for older ones. The loaders here wait a little to stand in for a network.

import CGtk
import GtkRefreshList
import RefreshEngine

struct Post: Identifiable, Sendable {
    let id: Int
    let title: String
}

/// A pretend server: 95 posts, newest first, 20 to a page; each refresh brings one new post.
@MainActor final class Feed {
    var newest = 95

    func posts(page: Int) async throws -> Page<Post> {
        try await Task.sleep(for: .milliseconds(400))
        let first = newest - (page - 1) * 20
        let ids = stride(from: first, to: max(first - 20, 0), by: -1)
        return Page(ids.map { Post(id: $0, title: "Post #\($0)") }, hasMore: first - 20 > 0)
    }

    func refresh() async throws -> Page<Post> {
        newest += 1
        return try await posts(page: 1)
    }
}

@MainActor func buildWindow(_ application: UnsafeMutablePointer<GtkApplication>) throws(ConfigurationError) {
    var configuration = RefreshListConfiguration()
    configuration.engine = try RefreshConfiguration(pullThreshold: 64, pageSize: 20)
    configuration.lastUpdatedKey = "posts"  // "Last updated …" is remembered between runs
    configuration.shortcutScope = .window  // one list: F5 works anywhere in the window

    let feed = Feed()
    let posts = try RefreshList<Post>(configuration: configuration, rows: .label { $0.title })
    posts.onRefresh { try await feed.refresh() }
    posts.onLoadMore { page in try await feed.posts(page: page) }

    let widget = gtk_application_window_new(application)!
    let window = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_title(window, "Posts")
    gtk_window_set_default_size(window, 420, 600)
    gtk_window_set_child(window, posts.widget)  // the window keeps the list alive from here
    gtk_window_present(window)
}

let application = gtk_application_new("io.github.refreshlist.Example", G_APPLICATION_DEFAULT_FLAGS)!
let activate: @convention(c) (UnsafeMutablePointer<GtkApplication>?, gpointer?) -> Void = { application, _ in
    MainActor.assumeIsolated {
        do { try buildWindow(application!) } catch { print("cannot start: \(error)") }
    }
}
g_signal_connect_data(
    gpointer(application), "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
let gApplication = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
let status = g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv)
exit(status)
