// What a C, Python or Vala app does to the rows of a list it drives through GObject, as a Swift
// app does through `ListDriver<Item>`: start it, receive a stream's new row, insert, remove
// and update rows, and word its counted texts. A call the list cannot take (a row shown already,
// an object of another type, a list not started) logs a GLib critical and changes nothing, as
// GNOME libraries answer misuse. A key no row has is not misuse: a stream deletes or edits rows
// the list may have let go (`max-rows`) or never loaded, so remove and update answer FALSE, as
// the Swift face answers nil and false.

import CGtk
import Glibc
internal import GtkInterop
import RefreshEngine

extension RefreshListCore {
    /// The list driven through GObject, or nil with a critical naming `call` when there is none.
    private func objectList(_ call: String) -> ListDriver<ObjectItem>? {
        if let list = self.driver as? ListDriver<ObjectItem> { return list }
        let why =
            self.driver == nil
            ? "the list has not started (it starts when shown, or with refresh_list_start())"
            : "this list is driven from Swift (ListDriver<Item> edits its rows)"
        cgtk_log_critical("RefreshList", "refresh_list_\(call): \(why); ignored")
        return nil
    }

    /// `object` as a row of the list, or nil with a critical naming `call` when the list cannot
    /// take it.
    private func row(_ call: String, _ object: gpointer?) -> (ListDriver<ObjectItem>, ObjectItem)? {
        guard let list = objectList(call) else { return nil }
        guard let object, g_type_check_instance_is_a(cast(object), self.itemType) != 0 else {
            let given = object.map {
                typeName(
                    g_type_check_instance_is_a(cast($0), cgtk_type_object()) != 0
                        ? UnsafeMutablePointer<GObject>(cast($0)).pointee.g_type_instance.g_class.pointee.g_type : 0)
            }
            cgtk_log_critical(
                "RefreshList",
                "refresh_list_\(call): \(given ?? "NULL") given, the list's item-type is \(typeName(self.itemType)); ignored"
            )
            return nil
        }
        do {
            return (list, try ObjectItem.row(cast(object), keyedBy: self.keyProperty))
        } catch {
            guard case .refused(let reason) = error else { return nil }
            cgtk_log_critical("RefreshList", "refresh_list_\(call): \(reason); ignored")
            return nil
        }
    }

    /// Whether `list` shows `item`'s key or has it waiting to go in; a critical naming `call` if so.
    private func refusesDuplicate(_ call: String, _ item: ObjectItem, in list: ListDriver<ObjectItem>) -> Bool {
        guard list.isShown(item.id, nearTop: true) || list.arrivals.contains(where: { $0.id == item.id }) else {
            return false
        }
        cgtk_log_critical(
            "RefreshList", "refresh_list_\(call): a row with the key \(item.id) is shown or waits already; ignored")
        return true
    }

    func receive(_ object: gpointer?) -> Bool {
        guard let (list, item) = row("receive", object), !refusesDuplicate("receive", item, in: list) else {
            return false
        }
        return list.receive(item)
    }

    func insert(_ object: gpointer?, at position: guint) -> Bool {
        guard let (list, item) = row("insert", object), !refusesDuplicate("insert", item, in: list) else {
            return false
        }
        return list.insert(item, at: Int(clamping: position))
    }

    func remove(key: String) -> Bool {
        guard let list = objectList("remove") else { return false }
        guard self.keyProperty != nil else {
            cgtk_log_critical(
                "RefreshList", "refresh_list_remove: the list has no key-property to find rows by; ignored")
            return false
        }
        return list.remove(id: .value(key)) != nil
    }

    func update(_ object: gpointer?) -> Bool {
        guard let (list, item) = row("update", object) else { return false }
        return list.update(item)
    }
}

/// The core of `widget`, or nil with a critical naming `call` when `widget` is not a
/// `RefreshList`.
@MainActor
private func listCore(_ widget: UnsafeMutableRawPointer?, _ call: String) -> (RefreshListCore, WidgetPointer)? {
    guard let widget = widget?.assumingMemoryBound(to: GtkWidget.self), let core = RefreshListType.core(of: widget.raw)
    else {
        cgtk_log_critical("RefreshList", "refresh_list_\(call): not a RefreshList")
        return nil
    }
    return (core, widget)
}

// The C functions run on the main actor, as GTK's calls do: each checks, as it is entered, that
// it runs on the main thread.

/// `refresh_list_start(list)`: starts the list (its first load or its saved place).
@MainActor
@_cdecl("refresh_list_start")
public func refreshListStart(_ widget: UnsafeMutableRawPointer?) {
    guard let (core, widget) = listCore(widget, "start") else { return }
    core.start(on: widget)
}

/// `refresh_list_receive(list, item)`: a stream's new row for the top.
@MainActor
@_cdecl("refresh_list_receive")
public func refreshListReceive(_ widget: UnsafeMutableRawPointer?, _ item: gpointer?) -> gboolean {
    (listCore(widget, "receive")?.0.receive(item) ?? false).gboolean
}

/// `refresh_list_insert(list, item, position)`: a row put in at `position`.
@MainActor
@_cdecl("refresh_list_insert")
public func refreshListInsert(_ widget: UnsafeMutableRawPointer?, _ item: gpointer?, _ position: guint) -> gboolean {
    (listCore(widget, "insert")?.0.insert(item, at: position) ?? false).gboolean
}

/// `refresh_list_remove(list, key)`: the row with `key` taken out.
@MainActor
@_cdecl("refresh_list_remove")
public func refreshListRemove(_ widget: UnsafeMutableRawPointer?, _ key: UnsafePointer<CChar>?) -> gboolean {
    guard let (core, _) = listCore(widget, "remove") else { return 0 }
    guard let key else {
        cgtk_log_critical("RefreshList", "refresh_list_remove: NULL key; ignored")
        return 0
    }
    return core.remove(key: String(cString: key)).gboolean
}

/// `refresh_list_update(list, item)`: the row with `item`'s key replaced by `item`.
@MainActor
@_cdecl("refresh_list_update")
public func refreshListUpdate(_ widget: UnsafeMutableRawPointer?, _ item: gpointer?) -> gboolean {
    (listCore(widget, "update")?.0.update(item) ?? false).gboolean
}

/// `refresh_list_set_counted_text(list, text, singular, plural, domain)`: the app's words for
/// a counted text, translated in `domain` (NULL: the program's default gettext domain).
@MainActor
@_cdecl("refresh_list_set_counted_text")
public func refreshListSetCountedText(
    _ widget: UnsafeMutableRawPointer?, _ text: gint, _ singular: UnsafePointer<CChar>?,
    _ plural: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?
) {
    guard let (core, _) = listCore(widget, "set_counted_text") else { return }
    guard let counted = CountedText.allCases.indices.contains(Int(text)) ? CountedText.allCases[Int(text)] : nil,
        let singular, let plural
    else {
        cgtk_log_critical("RefreshList", "refresh_list_set_counted_text: no such text, or NULL words; ignored")
        return
    }
    let words = domain.map { String(cString: $0) } ?? textdomain(nil).map { String(cString: $0) } ?? "messages"
    core.setCountedText(
        counted, PluralText(singular: String(cString: singular), plural: String(cString: plural), domain: words))
}

/// `refresh_list_get_counted_text(list, text, count)`: the words `text` shows for `count`
/// (transfer full).
@MainActor
@_cdecl("refresh_list_get_counted_text")
public func refreshListGetCountedText(_ widget: UnsafeMutableRawPointer?, _ text: gint, _ count: gint)
    -> UnsafeMutablePointer<CChar>?
{
    guard let (core, _) = listCore(widget, "get_counted_text") else { return nil }
    guard CountedText.allCases.indices.contains(Int(text)) else {
        cgtk_log_critical("RefreshList", "refresh_list_get_counted_text: no such text")
        return nil
    }
    return g_strdup(core.countedText(CountedText.allCases[Int(text)], count: Int(count)))
}
