// The timeline's avatars and media: fetched by an image source (over libsoup on a session of
// their own, so forty avatars never queue a timeline page behind them; benchmark 3 gives its
// own), decoded into textures off the main thread,
// and kept by address, the most recently used first, up to a bound in bytes. A row asks for the image
// its status names; when the texture comes, it goes to every widget still waiting for that
// address (a row reused for another status meanwhile waits for another one and is skipped; a
// label waits for each of its custom emoji). Widgets are weakly referenced: a row that goes with
// its list is forgotten.

import CAdwaita
import CGtk
import CSoup
import GtkInterop

/// A pointer handed to a task on another thread and back (GBytes and GdkTexture are
/// thread-safe: immutable once made).
struct Handed: @unchecked Sendable {
    let pointer: OpaquePointer?
}

/// Where an image store's bytes come from.
@MainActor
public protocol ImageSource: AnyObject {
    /// Fetches the image at `url`, then calls `done` once, on the main thread, with its encoded
    /// bytes (a GBytes reference handed over), or `nil` when it could not.
    func fetch(_ url: String, done: @escaping @MainActor (OpaquePointer?) -> Void)
}

/// Images over HTTP: libsoup 3 on a session of their own, at low priority.
@MainActor
public final class SoupImageSource: ImageSource {
    private let session: UnsafeMutablePointer<SoupSession>

    public init() {
        session = csoup_session_new("refresh-demo (GTK refresh list demo)")!
    }

    isolated deinit {
        soup_session_abort(session)
        g_object_unref(gpointer(session))
    }

    public func fetch(_ url: String, done: @escaping @MainActor (OpaquePointer?) -> Void) {
        guard let message = soup_message_new("GET", url) else { return done(nil) }
        let request = SoupRequest(message: message) { [weak self] request, result in
            // Gone: its session was aborted, and nobody waits.
            guard let self else { return done(nil) }
            var error: UnsafeMutablePointer<GError>?
            let bytes = soup_session_send_and_read_finish(self.session, result, &error)
            if let error { g_error_free(error) }
            guard let bytes, soup_message_get_status(request.message).rawValue == 200 else {
                if let bytes { g_bytes_unref(bytes) }
                return done(nil)
            }
            done(bytes)
        }
        soup_session_send_and_read_async(
            session, message, G_PRIORITY_LOW, request.cancellable, soupReady,
            Unmanaged.passRetained(request).toOpaque())
    }
}

/// An app's images by address. Decoding runs in a detached task and comes back on the main
/// actor, so the app's main loop must run Swift's main-actor jobs (GtkInterop's
/// `MainLoopBridge.install()`, as the demo and the benchmarks do at start-up).
@MainActor
public final class ImageStore {
    /// How many bytes of decoded pixels are kept (the least recently used go first).
    public static let capacity = 48 << 20
    /// How long an address that failed is not asked for again (µs): offline, rows scrolling
    /// by do not send a request each.
    static let failureQuiet = 30_000_000

    /// What a widget shows once its image comes.
    public enum Target {
        /// An AdwAvatar's custom image (its initials show until then).
        case avatar
        /// A `TimelinePicture`'s picture.
        case picture
        /// The picture of an emoji label's `index`th custom emoji (`EmojiLabel`).
        case emoji(Int)

        /// Which of a widget's pictures it is: a label waits for each of its emoji.
        fileprivate var slot: Int {
            if case .emoji(let index) = self { return index }
            return -1
        }
    }

    /// A widget (by address) and which of its pictures waits.
    fileprivate struct Slot: Hashable {
        let widget: UInt
        let index: Int
    }

    private struct Waiting {
        let target: Target
        let url: String
    }

    private let source: any ImageSource
    /// Decoded textures by address (each holds a reference), and the order they were last used.
    private var textures: [String: OpaquePointer] = [:]
    private var recent: [String] = []
    private var keptBytes = 0
    /// When each address that failed last failed (monotonic µs).
    private var failedAt: [String: Int] = [:]
    /// Addresses being fetched, and the widgets' pictures waiting for each (a weak reference
    /// on the widget for each).
    private var fetching: Set<String> = []
    private var waiting: [Slot: Waiting] = [:]
    /// Images shown since the start, and fetches that failed: the trace says them.
    public private(set) var shownCount = 0
    public private(set) var failedCount = 0
    /// Called after an image arrived and went to the widgets waiting for it (the trace).
    public var onArrival: (@MainActor (_ url: String, _ widgets: Int) -> Void)?

    /// A store of the images `source` fetches (over HTTP by default).
    public init(source: any ImageSource = SoupImageSource()) {
        self.source = source
    }

    isolated deinit {
        for texture in textures.values { g_object_unref(gpointer(texture)) }
        for key in waiting.keys {
            if let widget = WidgetPointer(bitPattern: key.widget) {
                g_object_weak_unref(cast(widget.raw), widgetGone, selfPointer)
            }
        }
    }

    private var selfPointer: gpointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Shows the image at `url` on `widget` (`target` says how): at once when it is kept, else
    /// once it has come; `nil` shows none (the avatar's initials, the picture's placeholder).
    /// A later call for the same widget (and emoji) replaces what it waited for.
    public func show(_ url: String?, on widget: UnsafeMutablePointer<GtkWidget>, as target: Target) {
        let key = Slot(widget: UInt(bitPattern: widget), index: target.slot)
        if let url, let texture = textures[url] {
            forget(key)
            use(url)
            apply(texture, to: widget, as: target)
            return
        }
        apply(nil, to: widget, as: target)
        guard let url else { return forget(key) }
        if waiting[key] == nil { g_object_weak_ref(cast(widget.raw), widgetGone, selfPointer) }
        waiting[key] = Waiting(target: target, url: url)
        fetch(url)
    }

    /// Forgets a widget's wait (it shows something else now).
    private func forget(_ key: Slot) {
        guard waiting.removeValue(forKey: key) != nil, let widget = WidgetPointer(bitPattern: key.widget) else {
            return
        }
        g_object_weak_unref(cast(widget.raw), widgetGone, selfPointer)
    }

    /// Forgets one of the waits of `widget`, which was finalized (each wait's weak reference
    /// calls this once).
    fileprivate func forgetFinalized(_ widget: UInt) {
        if let key = waiting.keys.first(where: { $0.widget == widget }) { waiting[key] = nil }
    }

    private func fetch(_ url: String) {
        if let failed = failedAt[url], g_get_monotonic_time() - failed < Self.failureQuiet { return forgetAll(url) }
        guard !fetching.contains(url) else { return }
        fetching.insert(url)
        source.fetch(url) { [weak self] bytes in
            guard let self else {
                if let bytes { g_bytes_unref(bytes) }
                return
            }
            guard let bytes else { return self.failed(url) }
            let handed = Handed(pointer: bytes)
            Task { @MainActor [weak self] in
                // Decoded on a worker thread: a large image never holds up a frame.
                let decoded = await Task.detached {
                    defer { g_bytes_unref(handed.pointer) }
                    return Handed(pointer: gdk_texture_new_from_bytes(handed.pointer, nil))
                }.value
                guard let self else {
                    if let texture = decoded.pointer { g_object_unref(gpointer(texture)) }
                    return
                }
                guard let texture = decoded.pointer else { return self.failed(url) }
                self.arrived(texture, for: url)
            }
        }
    }

    private func failed(_ url: String) {
        fetching.remove(url)
        failedCount += 1
        failedAt[url] = g_get_monotonic_time()
        forgetAll(url)
    }

    /// Forgets every widget waiting for `url` (their placeholders stay).
    private func forgetAll(_ url: String) {
        for (key, entry) in waiting where entry.url == url { forget(key) }
    }

    private func arrived(_ texture: OpaquePointer, for url: String) {
        fetching.remove(url)
        failedAt[url] = nil
        if let old = textures.updateValue(texture, forKey: url) {
            keptBytes -= Self.bytes(of: old)
            g_object_unref(gpointer(old))
        }
        keptBytes += Self.bytes(of: texture)
        use(url)
        var count = 0
        for (key, entry) in waiting where entry.url == url {
            guard let widget = WidgetPointer(bitPattern: key.widget) else { continue }
            apply(texture, to: widget, as: entry.target)
            forget(key)
            count += 1
        }
        shownCount += count
        onArrival?(url, count)
    }

    /// Marks `url` the most recently used, dropping the least recently used past the bound (a
    /// widget showing a dropped texture keeps its own reference).
    private func use(_ url: String) {
        if let index = recent.lastIndex(of: url) { recent.remove(at: index) }
        recent.append(url)
        while keptBytes > Self.capacity, recent.count > 1 {
            let old = recent.removeFirst()
            guard let texture = textures.removeValue(forKey: old) else { continue }
            keptBytes -= Self.bytes(of: texture)
            g_object_unref(gpointer(texture))
        }
    }

    /// The bytes of a texture's pixels (4 a pixel).
    private static func bytes(of texture: OpaquePointer) -> Int {
        Int(gdk_texture_get_width(texture)) * Int(gdk_texture_get_height(texture)) * 4
    }

    private func apply(_ texture: OpaquePointer?, to widget: WidgetPointer, as target: Target) {
        switch target {
        case .avatar: adw_avatar_set_custom_image(widget.opaque, texture)
        case .picture: TimelinePicture.show(texture, on: widget)
        case .emoji(let index): EmojiLabel.show(texture, emoji: index, on: widget)
        }
    }
}

/// `GWeakNotify`: a widget waiting for an image was finalized.
private let widgetGone: GWeakNotify = { data, object in
    let store = Unmanaged<ImageStore>.fromOpaque(data!).takeUnretainedValue()
    let key = UInt(bitPattern: object)
    MainActor.assumeIsolated { store.forgetFinalized(key) }
}
