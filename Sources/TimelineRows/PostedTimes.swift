// The "5 min" after each timeline row's author, said again each minute: one timer for the whole
// list walks the labels that show a time and sets only those whose words changed (each a single
// line that keeps its height, so a minute passing moves no row).

import CGtk
import GtkInterop

@MainActor
public final class PostedTimes {
    private struct Shown {
        let author: String
        let postedAt: Int64
        var text: String
    }

    /// How often the times are said again (ms).
    public static let interval: UInt32 = 60_000

    /// The labels showing a time, by address, each weakly referenced and forgotten when it goes
    /// (a row's label is reused for other statuses, and goes with its list).
    private var shown: [UInt: Shown] = [:]
    private var timer = OneShotTimer()
    private let now: @MainActor () -> Int64

    /// Times said against `now` (milliseconds since 1970; the wall clock by default).
    public init(now: @escaping @MainActor () -> Int64 = { Int64(g_get_real_time() / 1_000) }) {
        self.now = now
    }

    /// Shows `author` on `label`, followed by how long ago `postedAt` was, kept up to date;
    /// with no time, `author` alone.
    public func show(_ label: UnsafeMutablePointer<GtkWidget>, author: String, postedAt: Int64?) {
        let key = UInt(bitPattern: label)
        guard let postedAt else {
            if shown.removeValue(forKey: key) != nil { g_object_weak_unref(cast(label.raw), labelGone, selfPointer) }
            gtk_label_set_text(label.opaque, author)
            return
        }
        if shown[key] == nil { g_object_weak_ref(cast(label.raw), labelGone, selfPointer) }
        let text = Self.line(author, postedAt, now())
        shown[key] = Shown(author: author, postedAt: postedAt, text: text)
        gtk_label_set_text(label.opaque, text)
        if timer.sourceID == 0 { schedule() }
    }

    /// Says every shown time again; returns how many labels changed.
    @discardableResult
    public func update() -> Int {
        let instant = now()
        var changed = 0
        for (key, entry) in shown {
            let text = Self.line(entry.author, entry.postedAt, instant)
            guard text != entry.text, let label = WidgetPointer(bitPattern: key) else { continue }
            gtk_label_set_text(label.opaque, text)
            shown[key]?.text = text
            changed += 1
        }
        return changed
    }

    private static func line(_ author: String, _ postedAt: Int64, _ now: Int64) -> String {
        "\(author) · \(age(of: postedAt, at: now))"
    }

    /// How long before `now` a status was posted at `postedAt` (both in milliseconds since 1970),
    /// as timeline apps say it: "now" under a minute (or ahead of this clock), then "5 min",
    /// "3 h", "2 d" up to a week, then the local date ("3 Dec", with the year when not this
    /// year's; GLib's formats, so no internationalization data is loaded).
    public nonisolated static func age(of postedAt: Int64, at now: Int64) -> String {
        let minutes = max(0, now - postedAt) / 60_000
        // Translators: how long ago a status was posted, in the timeline's rows.
        if minutes < 1 { return localized("now") }
        if minutes < 60 { return demoPlural("%d min", "%d min")(Int(minutes)) }
        if minutes < 24 * 60 { return demoPlural("%d h", "%d h")(Int(minutes / 60)) }
        if minutes < 7 * 24 * 60 { return demoPlural("%d d", "%d d")(Int(minutes / (24 * 60))) }
        guard let posted = g_date_time_new_from_unix_local(Int(postedAt / 1_000)),
            let today = g_date_time_new_from_unix_local(Int(now / 1_000))
        else { return "" }
        defer {
            g_date_time_unref(posted)
            g_date_time_unref(today)
        }
        // Translators: the date of a status older than a week (GLib g_date_time_format), this
        // year's and another year's.
        let format =
            g_date_time_get_year(posted) == g_date_time_get_year(today) ? localized("%e %b") : localized("%e %b %Y")
        guard let text = g_date_time_format(posted, format) else { return "" }
        defer { g_free(text) }
        // "%e" pads a day under 10 with a space.
        return String(String(cString: text).drop { $0 == " " })
    }

    private func schedule() {
        timer.schedule(after: Self.interval) { [weak self] in
            guard let self else { return }
            self.timer.fired()
            self.update()
            if !self.shown.isEmpty { self.schedule() }
        }
    }

    fileprivate func forget(_ address: UInt) {
        shown.removeValue(forKey: address)
    }

    private var selfPointer: gpointer { Unmanaged.passUnretained(self).toOpaque() }

    isolated deinit {
        timer.cancel()
        for key in shown.keys {
            if let label = WidgetPointer(bitPattern: key) {
                g_object_weak_unref(cast(label.raw), labelGone, selfPointer)
            }
        }
    }
}

/// A label that showed a time was finalized: its entry goes.
private let labelGone: GWeakNotify = { data, object in
    let (times, address) = (UInt(bitPattern: data), UInt(bitPattern: object))
    MainActor.assumeIsolated {
        guard let pointer = UnsafeRawPointer(bitPattern: times) else { return }
        Unmanaged<PostedTimes>.fromOpaque(pointer).takeUnretainedValue().forget(address)
    }
}
