// The list driven through GObject, for apps in C, Python, Vala or any language GTK has bindings
// for: rows are the app's own objects, made into row widgets by the app's
// GtkSignalListItemFactory (the `factory` property), and loads are asked for with the `refresh`
// and `load-more` signals, each handing the app a `RefreshRequest` to answer later. Underneath
// it is the same Swift list (`RefreshList<ObjectItem>`) a Swift app drives, with the same engine:
// the widget makes one for itself when it is shown with a factory and no Swift list drives it.

import CGtk
internal import GtkInterop
import RefreshEngine

/// What identifies an app's object among the rows: the value of the property the list's
/// `key-property` names (as text), or, without one, the object itself.
enum ObjectKey: Hashable, Sendable {
    case value(String)
    case identity(UInt)
}

/// One of the app's objects as a row: a reference to it and its key.
final class ObjectItem: Identifiable, @unchecked Sendable {
    // Sendable by hand: the pointer is only read, and a GObject's reference count is atomic.
    let object: UnsafeMutablePointer<GObject>
    let id: ObjectKey

    /// Takes over a reference to `object`.
    init(adopting object: UnsafeMutablePointer<GObject>, id: ObjectKey) {
        self.object = object
        self.id = id
    }

    deinit { g_object_unref(object) }
}

/// Why an answer was refused: said in a GLib critical, and the request stays unanswered.
private enum AnswerProblem: Error {
    case refused(String)
}

/// A failure the app answered with: its own words.
struct AppFailure: Error, CustomStringConvertible {
    let description: String
}

/// The Swift side of one `RefreshRequest`: the answer channel and what checks an answer.
@MainActor
final class RequestCore {
    enum Status {
        case waiting
        case answered
        case cancelled
    }

    /// 1 for a refresh, 2 and on for the pages after it.
    let page: Int
    private let completion: RefreshList<ObjectItem>.Completion
    /// The widget whose `item-type` and `key-property` an answer is checked against (a plain
    /// address: the request may outlive the widget, and then only says so).
    private let widgetAddress: UInt
    private(set) var status = Status.waiting
    /// The request object while the list waits (the list's reference), so the app may drop its
    /// own and still hear `cancelled`.
    fileprivate var held: UnsafeMutablePointer<GObject>?

    init(page: Int, completion: RefreshList<ObjectItem>.Completion, widget: WidgetPointer) {
        self.page = page
        self.completion = completion
        self.widgetAddress = UInt(bitPattern: widget)
    }

    /// The app's answer with rows.
    func finish(_ items: OpaquePointer?, hasMore: Bool) {
        guard checkWaiting("finish") else { return }
        do {
            let rows = try objects(of: items)
            status = .answered
            completion(.success(Page(rows, hasMore: hasMore)))
            letGo()
        } catch {
            guard case .refused(let reason) = error else { return }
            cgtk_log_critical("RefreshList", "refresh_request_finish: \(reason); the answer is ignored")
        }
    }

    /// The app's answer with a failure.
    func fail(_ message: String) {
        guard checkWaiting("fail") else { return }
        status = .answered
        completion(.failure(AppFailure(description: message)))
        letGo()
    }

    /// The list stopped waiting: tells the app (`cancelled`) and lets the request go.
    func cancelled() {
        guard status == .waiting, let request = held else { return }
        status = .cancelled
        RefreshRequestType.emitCancelled(request)
        letGo()
    }

    private func letGo() {
        guard let request = held else { return }
        held = nil
        g_object_unref(request)
    }

    private func checkWaiting(_ call: String) -> Bool {
        switch status {
        case .waiting: return true
        case .answered:
            cgtk_log_critical("RefreshList", "refresh_request_\(call): the request was answered already; ignored")
        case .cancelled:
            cgtk_log_critical(
                "RefreshList", "refresh_request_\(call): the list stopped waiting for this answer; ignored")
        }
        return false
    }

    /// The rows of an answer, each with its key; refused whole when the list's type or key
    /// cannot take one of them.
    private func objects(of items: OpaquePointer?) throws(AnswerProblem) -> [ObjectItem] {
        guard let items else { return [] }
        let core = RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: widgetAddress))
        let wanted = core?.itemType ?? cgtk_type_object()
        let given = g_list_model_get_item_type(items)
        guard g_type_is_a(given, wanted) != 0 else {
            throw .refused("the items are \(typeName(given)), the list's item-type is \(typeName(wanted))")
        }
        let key = core?.keyProperty
        var rows: [ObjectItem] = []
        let count = g_list_model_get_n_items(items)
        rows.reserveCapacity(Int(count))
        for position in 0..<count {
            guard let item = g_list_model_get_item(items, position) else { continue }
            // The model's reference, taken over by the row (given back if the answer is refused).
            let object: UnsafeMutablePointer<GObject> = cast(item)
            var id = ObjectKey.identity(UInt(bitPattern: object))
            if let key {
                do {
                    id = try Self.key(key, of: object)
                } catch {
                    g_object_unref(object)
                    throw error
                }
            }
            rows.append(ObjectItem(adopting: object, id: id))
        }
        return rows
    }

    /// The text of `object`'s `property`, its row key.
    private static func key(_ property: String, of object: UnsafeMutablePointer<GObject>) throws(AnswerProblem)
        -> ObjectKey
    {
        let objectClass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class!)
            .assumingMemoryBound(to: GObjectClass.self)
        guard let spec = g_object_class_find_property(objectClass, property) else {
            throw .refused(
                "\(typeName(object.pointee.g_type_instance.g_class.pointee.g_type)) has no property \"\(property)\" (the key-property)"
            )
        }
        guard g_value_type_transformable(spec.pointee.value_type, cgtk_type_string()) != 0 else {
            throw .refused(
                "the key-property \"\(property)\" is a \(typeName(spec.pointee.value_type)), not text or a number")
        }
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        g_object_get_property(object, property, &value)
        var text = GValue()
        g_value_init(&text, cgtk_type_string())
        g_value_transform(&value, &text)
        let key = g_value_get_string(&text).map { String(cString: $0) } ?? ""
        g_value_unset(&value)
        g_value_unset(&text)
        return .value(key)
    }
}

private func typeName(_ type: GType) -> String { g_type_name(type).map { String(cString: $0) } ?? "an unknown type" }

extension RefreshListCore {
    /// Starts the list driven through GObject if the widget is ready for one: on screen, given a
    /// factory, and driven by no Swift list.
    func startObjectListIfReady(on widget: WidgetPointer) {
        guard driver == nil, !isDisposed, gtk_widget_get_mapped(widget) != 0 else { return }
        guard let factory else {
            warnOfMissingFactory(on: widget)
            return
        }
        var configuration = RefreshListConfiguration()
        let maximumRows = self.maximumRows ?? RefreshConfiguration.standard.maximumRows
        if let engine = try? RefreshConfiguration(refreshMerge: refreshMerge, maximumRows: maximumRows) {
            configuration.engine = engine
        }
        var rows = RowFactory<ObjectItem>(makeRow: { gtk_label_new(nil)! }, bind: { _, _ in })
        rows.cellFactory = factory
        rows.object = { gpointer($0.object) }
        // Never throws: the configuration is the engine's defaults but for the merge.
        guard let list = try? RefreshList<ObjectItem>(widget: widget, configuration: configuration, rows: rows)
        else { return }
        let address = UInt(bitPattern: widget)
        list.onRefresh(completion: { done in
            RefreshRequestType.ask(WidgetPointer(bitPattern: address)!, "refresh", page: 1, done)
        })
        list.onLoadMore(completion: { page, done in
            RefreshRequestType.ask(WidgetPointer(bitPattern: address)!, "load-more", page: page, done)
        })
    }
}

extension RefreshListCore {
    /// An app that answers `refresh` or `load-more` but gave the widget no factory would see an
    /// empty list and nothing asked: said once, when the widget is first shown that way.
    fileprivate func warnOfMissingFactory(on widget: WidgetPointer) {
        guard !warnedOfMissingFactory else { return }
        let answered = ["refresh", "load-more"].contains { name in
            let signal = g_signal_lookup(name, RefreshListType.type)
            return signal != 0 && g_signal_has_handler_pending(gpointer(widget), signal, 0, 0) != 0
        }
        guard answered else { return }
        warnedOfMissingFactory = true
        cgtk_log_warning(
            "RefreshList",
            "RefreshList shown with a handler of refresh or load-more but no factory: it asks for no rows "
                + "until its factory property is set to a GtkSignalListItemFactory")
    }
}

/// Exported to C as `refresh_request_get_type`.
@_cdecl("refresh_request_get_type")
public func refreshRequestGetType() -> GType { RefreshRequestType.type }

/// `refresh_request_finish(request, items, has_more)`: answers with the app's objects (a
/// GListModel of the list's `item-type`; NULL for none) and whether more pages exist.
@_cdecl("refresh_request_finish")
public func refreshRequestFinish(_ request: UnsafeMutableRawPointer?, _ items: OpaquePointer?, _ hasMore: gboolean) {
    let (requestAddress, itemsAddress) = (UInt(bitPattern: request), UInt(bitPattern: items))
    MainActor.assumeIsolated {
        guard let core = RefreshRequestType.core(of: UnsafeMutableRawPointer(bitPattern: requestAddress), "finish")
        else { return }
        core.finish(OpaquePointer(bitPattern: itemsAddress), hasMore: hasMore != 0)
    }
}

/// `refresh_request_fail(request, message)`: answers with a failure, `message` its words.
@_cdecl("refresh_request_fail")
public func refreshRequestFail(_ request: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    let requestAddress = UInt(bitPattern: request)
    let text = message.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated {
        RefreshRequestType.core(of: UnsafeMutableRawPointer(bitPattern: requestAddress), "fail")?.fail(text)
    }
}

/// `refresh_request_get_page(request)`: 1 for a refresh, 2 and on for the pages after it.
@_cdecl("refresh_request_get_page")
public func refreshRequestGetPage(_ request: UnsafeMutableRawPointer?) -> gint {
    let requestAddress = UInt(bitPattern: request)
    return MainActor.assumeIsolated {
        gint(RefreshRequestType.core(of: UnsafeMutableRawPointer(bitPattern: requestAddress), "get_page")?.page ?? 0)
    }
}

/// `refresh_request_is_cancelled(request)`: whether the list stopped waiting for the answer.
@_cdecl("refresh_request_is_cancelled")
public func refreshRequestIsCancelled(_ request: UnsafeMutableRawPointer?) -> gboolean {
    let requestAddress = UInt(bitPattern: request)
    return MainActor.assumeIsolated {
        let core = RefreshRequestType.core(of: UnsafeMutableRawPointer(bitPattern: requestAddress), "is_cancelled")
        return (core?.status == .cancelled).gboolean
    }
}

/// The `RefreshRequest` GType: a GObject whose instance memory is the GObject, then one pointer
/// to its `RequestCore`, released on finalize.
enum RefreshRequestType {
    static let type: GType = register()
    static let coreOffset = (MemoryLayout<GObject>.size + 7) & ~7

    /// Asks the app for rows: a new request handed to the widget's `signal` handlers, kept by
    /// the list until answered or cancelled. With no handler connected the request fails at once.
    @MainActor
    static func ask(_ widget: WidgetPointer, _ signal: String, page: Int, _ done: RefreshList<ObjectItem>.Completion) {
        let core = RequestCore(page: page, completion: done, widget: widget)
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        UnsafeMutableRawPointer(object).storeBytes(
            of: Unmanaged.passRetained(core).toOpaque(), toByteOffset: coreOffset, as: UnsafeMutableRawPointer?.self)
        core.held = object
        done.onCancel { [weak core] in core?.cancelled() }
        let id = g_signal_lookup(signal, RefreshListType.type)
        guard g_signal_has_handler_pending(widget.raw, id, 0, 0) != 0 else {
            core.fail("nothing answers the \(signal) signal")
            return
        }
        var values = [GValue](repeating: GValue(), count: 2)
        g_value_init(&values[0], RefreshListType.type)
        g_value_set_object(&values[0], widget.raw)
        g_value_init(&values[1], type)
        g_value_set_object(&values[1], gpointer(object))
        g_signal_emitv(values, id, 0, nil)
        g_value_unset(&values[0])
        g_value_unset(&values[1])
    }

    /// Emits `cancelled` on `request`.
    @MainActor
    fileprivate static func emitCancelled(_ request: UnsafeMutablePointer<GObject>) {
        var value = GValue()
        g_value_init(&value, type)
        g_value_set_object(&value, gpointer(request))
        g_signal_emitv(&value, g_signal_lookup("cancelled", type), 0, nil)
        g_value_unset(&value)
    }

    /// The Swift side of `request`, or nil with a GLib critical naming `call` when it is not a
    /// `RefreshRequest`.
    @MainActor
    static func core(of request: UnsafeMutableRawPointer?, _ call: String) -> RequestCore? {
        guard let request, g_type_check_instance_is_a(cast(request), type) != 0,
            let slot = request.load(fromByteOffset: coreOffset, as: UnsafeMutableRawPointer?.self)
        else {
            cgtk_log_critical("RefreshList", "refresh_request_\(call): not a RefreshRequest")
            return nil
        }
        return Unmanaged<RequestCore>.fromOpaque(slot).takeUnretainedValue()
    }

    private static func register() -> GType {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GObjectClass>.size)
        info.class_init = requestClassInit
        info.instance_size = guint16(coreOffset + MemoryLayout<UnsafeMutableRawPointer>.size)
        return g_type_register_static(cgtk_type_object(), "RefreshRequest", &info, GTypeFlags(rawValue: 0))
    }

    fileprivate static var parentClass: UnsafeMutablePointer<GObjectClass> {
        g_type_class_peek(cgtk_type_object())!.assumingMemoryBound(to: GObjectClass.self)
    }
}

private let requestClassInit: GClassInitFunc = { klass, _ in
    guard let klass else { return }
    let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)
    objectClass.pointee.finalize = requestFinalize
    objectClass.pointee.get_property = requestGetProperty
    let readable = GParamFlags(rawValue: G_PARAM_READABLE.rawValue)
    g_object_class_install_property(
        objectClass, 1,
        g_param_spec_int("page", "Page", "1 for a refresh, 2 and on for the pages after it", 0, .max, 0, readable))
    // `cancelled`: the list stopped waiting (a newer refresh took over, the loader took too
    // long, the widget went away); an answer given after it is ignored.
    g_signal_newv(
        "cancelled", RefreshRequestType.type, G_SIGNAL_RUN_LAST, nil, nil, nil, nil, cgtk_type_none(), 0, nil)
}

private let requestGetProperty:
    @convention(c) (
        UnsafeMutablePointer<GObject>?, guint, UnsafeMutablePointer<GValue>?, UnsafeMutablePointer<GParamSpec>?
    ) -> Void = { object, _, value, _ in
        let (objectAddress, valueAddress) = (UInt(bitPattern: object), UInt(bitPattern: value))
        MainActor.assumeIsolated {
            let core = RefreshRequestType.core(of: UnsafeMutableRawPointer(bitPattern: objectAddress), "get_property")
            g_value_set_int(UnsafeMutablePointer<GValue>(bitPattern: valueAddress), gint(core?.page ?? 0))
        }
    }

private let requestFinalize: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
    if let raw = UnsafeMutableRawPointer(object),
        let slot = raw.load(fromByteOffset: RefreshRequestType.coreOffset, as: UnsafeMutableRawPointer?.self)
    {
        raw.storeBytes(of: nil, toByteOffset: RefreshRequestType.coreOffset, as: UnsafeMutableRawPointer?.self)
        Unmanaged<RequestCore>.fromOpaque(slot).release()
    }
    RefreshRequestType.parentClass.pointee.finalize?(object)
}
