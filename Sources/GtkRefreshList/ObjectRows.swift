// The list driven through GObject, for apps in C, Python, Vala or any language GTK has bindings
// for: rows are the app's own objects, made into row widgets by the app's
// GtkSignalListItemFactory (the `factory` property), and loads are asked for with the `refresh`
// and `load-more` signals, each handing the app a `RefreshRequest` (a page number, or a kind and
// a cursor) to answer later. Underneath it is the same Swift list (`ListDriver<ObjectItem>`) a
// Swift app drives, with the same engine: the widget makes one for itself when it is shown (or
// started) with a factory and no Swift list drives it. Every request, by page or by cursor, is
// the Swift list's loader adapted to a `RefreshRequest`.

import CGtk
internal import GtkInterop
import RefreshEngine

/// What identifies an app's object among the rows: the value of the property the list's
/// `key-property` names (as text), or, without one, the object itself.
enum ObjectKey: Hashable, Sendable, LosslessStringConvertible {
    case value(String)
    case identity(UInt)

    /// A cursor's text is a key's value (a list paging by cursor has a `key-property`).
    init?(_ description: String) { self = .value(description) }

    var description: String {
        switch self {
        case .value(let text): text
        case .identity(let address): "object at 0x" + String(address, radix: 16)
        }
    }
}

/// What a `RefreshRequest` asks for: the `RefreshRequestKind` enum.
enum RequestKind: CaseIterable {
    case newest
    case older
    case newer
    case at

    var nick: String {
        switch self {
        case .newest: "newest"
        case .older: "older"
        case .newer: "newer"
        case .at: "at"
        }
    }
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
enum AnswerProblem: Error {
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

    /// 1 for a refresh, 2 and on for the pages after it; 0 for a request by cursor.
    let page: Int
    /// The rows a full page holds: the list's `page-size` when it asked.
    let pageSize: Int
    /// What the request asks for.
    let kind: RequestKind
    /// The key of the row the request is relative to (nil for the newest rows and for pages).
    let cursor: String?
    /// `cursor` as the C string `refresh_request_get_cursor` hands out, freed with the request.
    let cursorText: UnsafeMutablePointer<CChar>?
    private let completion: ListDriver<ObjectItem>.Completion
    /// The widget whose `item-type` and `key-property` an answer is checked against (a plain
    /// address: the request may outlive the widget, and then only says so).
    private let widgetAddress: UInt
    private(set) var status = Status.waiting
    /// The request object while the list waits (the list's reference), so the app may drop its
    /// own and still hear `cancelled`.
    fileprivate var held: UnsafeMutablePointer<GObject>?

    init(
        kind: RequestKind, cursor: String?, page: Int, pageSize: Int,
        completion: ListDriver<ObjectItem>.Completion, widget: WidgetPointer
    ) {
        self.kind = kind
        self.cursor = cursor
        self.cursorText = cursor.flatMap { g_strdup($0) }
        self.page = page
        self.pageSize = pageSize
        self.completion = completion
        self.widgetAddress = UInt(bitPattern: widget)
    }

    isolated deinit {
        g_free(cursorText)
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
        guard g_type_check_instance_is_a(cast(gpointer(items)), g_list_model_get_type()) != 0 else {
            throw .refused("the answer is not a GListModel")
        }
        let core = RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: widgetAddress))
        let wanted = core?.itemType ?? cgtk_type_object()
        let given = g_list_model_get_item_type(items)
        guard g_type_is_a(given, wanted) != 0 else {
            throw .refused("the items are \(typeName(given)), the list's item-type is \(typeName(wanted))")
        }
        var rows: [ObjectItem] = []
        let count = g_list_model_get_n_items(items)
        rows.reserveCapacity(Int(count))
        for position in 0..<count {
            guard let item = g_list_model_get_item(items, position) else { continue }
            // The model's reference: the row takes one of its own, and this one goes.
            defer { g_object_unref(item) }
            rows.append(try ObjectItem.row(cast(item), keyedBy: core?.keyProperty))
        }
        return rows
    }
}

extension ObjectItem {
    /// `object` as a row (a reference of its own), keyed by its `property`'s value as text, or
    /// by itself without one.
    static func row(_ object: UnsafeMutablePointer<GObject>, keyedBy property: String?) throws(AnswerProblem)
        -> ObjectItem
    {
        let id = try property.map { (name) throws(AnswerProblem) in try key(name, of: object) }
        g_object_ref(object)
        return ObjectItem(adopting: object, id: id ?? .identity(UInt(bitPattern: object)))
    }

    /// The text of `object`'s `property`, its row key.
    private static func key(_ property: String, of object: UnsafeMutablePointer<GObject>) throws(AnswerProblem)
        -> ObjectKey
    {
        let objectClass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class!)
            .assumingMemoryBound(to: GObjectClass.self)
        guard let spec = g_object_class_find_property(objectClass, property),
            spec.pointee.flags.rawValue & G_PARAM_READABLE.rawValue != 0
        else {
            throw .refused(
                "\(typeName(object.pointee.g_type_instance.g_class.pointee.g_type)) has no readable property \"\(property)\" (the key-property)"
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

func typeName(_ type: GType) -> String { g_type_name(type).map { String(cString: $0) } ?? "an unknown type" }

extension RefreshListCore {
    /// Makes the list driven through GObject once the widget is on screen with a factory and no
    /// Swift list drives it (it starts by itself then, with `starts-when-shown`).
    func startObjectListIfReady(on widget: WidgetPointer) {
        guard self.driver == nil, !self.isDisposed, gtk_widget_get_mapped(widget) != 0 else { return }
        guard self.factory != nil else {
            warnOfMissingFactory(on: widget)
            return
        }
        makeObjectList(on: widget)
    }

    /// `refresh_list_start`: starts the list driving the widget, made now if none does yet.
    func start(on widget: WidgetPointer) {
        if self.driver == nil, !self.isDisposed {
            guard self.factory != nil else {
                cgtk_log_critical("RefreshList", "refresh_list_start: the list needs its factory first; ignored")
                return
            }
            makeObjectList(on: widget)
        }
        self.driver?.start()
    }

    /// The list driven through GObject, made with the settings its properties were given; it
    /// holds them from now on (the properties read and write them there).
    @discardableResult
    private func makeObjectList(on widget: WidgetPointer) -> ListDriver<ObjectItem>? {
        guard let factory = self.factory else { return nil }
        // The settings kept for it (each checked as it was set), and from now on its own.
        var configuration = self.settings.list
        let presentation = self.settings.presentation
        configuration.maximumRows = presentation.maximumRows ?? RefreshConfiguration.standard.maximumRows
        configuration.rowPreparation = presentation.preparesRows ? RowPreparation() : nil
        var rows = RowFactory<ObjectItem>(makeRow: { gtk_label_new(nil)! }, bind: { _, _ in })
        rows.cellFactory = factory
        rows.object = { gpointer($0.object) }
        let list: ListDriver<ObjectItem>
        do {
            list = try ListDriver<ObjectItem>(widget: widget, configuration: configuration, rows: rows)
        } catch {
            // Not reached: each setting was checked as it was set.
            cgtk_log_critical("RefreshList", "\(error)")
            return nil
        }
        let address = UInt(bitPattern: widget)
        if self.settings.paging == .cursor, self.keyProperty == nil {
            // `paging` reads what the list does from here on.
            defer { g_object_notify(cast(widget.raw), "paging") }
            cgtk_log_critical(
                "RefreshList",
                "paging by cursor needs a key-property (the rows' keys are the cursors); the list pages by number")
        }
        if self.settings.paging == .cursor, self.keyProperty != nil {
            list.onLoad(completion: { request, done in
                let widget = WidgetPointer(bitPattern: address)!
                switch request {
                case .newest: RefreshRequestType.ask(widget, "refresh", .newest, cursor: nil, page: 0, done)
                case .at(let key):
                    RefreshRequestType.ask(widget, "refresh", .at, cursor: key.description, page: 0, done)
                case .older(let key):
                    RefreshRequestType.ask(widget, "load-more", .older, cursor: key.description, page: 0, done)
                case .newer(let key):
                    RefreshRequestType.ask(widget, "load-more", .newer, cursor: key.description, page: 0, done)
                }
            })
        } else {
            list.onRefresh(completion: { done in
                RefreshRequestType.ask(
                    WidgetPointer(bitPattern: address)!, "refresh", .newest, cursor: nil, page: 1, done)
            })
            list.onLoadMore(completion: { page, done in
                RefreshRequestType.ask(
                    WidgetPointer(bitPattern: address)!, "load-more", .older, cursor: nil, page: page, done)
            })
        }
        return list
    }
}

extension RefreshListCore {
    /// An app that answers `refresh` or `load-more` but gave the widget no factory would see an
    /// empty list and nothing asked: said once, when the widget is first shown that way.
    fileprivate func warnOfMissingFactory(on widget: WidgetPointer) {
        guard !self.warnedOfMissingFactory else { return }
        let answered = ["refresh", "load-more"].contains { name in
            let signal = g_signal_lookup(name, RefreshListType.type)
            return signal != 0 && g_signal_has_handler_pending(gpointer(widget), signal, 0, 0) != 0
        }
        guard answered else { return }
        self.warnedOfMissingFactory = true
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
@MainActor
@_cdecl("refresh_request_finish")
public func refreshRequestFinish(_ request: UnsafeMutableRawPointer?, _ items: OpaquePointer?, _ hasMore: gboolean) {
    RefreshRequestType.core(of: request, "finish")?.finish(items, hasMore: hasMore != 0)
}

/// `refresh_request_fail(request, message)`: answers with a failure, `message` its words.
@MainActor
@_cdecl("refresh_request_fail")
public func refreshRequestFail(_ request: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    RefreshRequestType.core(of: request, "fail")?.fail(message.map { String(cString: $0) } ?? "")
}

/// `refresh_request_get_page(request)`: 1 for a refresh, 2 and on for the pages after it.
@MainActor
@_cdecl("refresh_request_get_page")
public func refreshRequestGetPage(_ request: UnsafeMutableRawPointer?) -> gint {
    gint(RefreshRequestType.core(of: request, "get_page")?.page ?? 0)
}

/// `refresh_request_get_page_size(request)`: the rows a full page holds (the list's
/// `page-size` when it asked): how many to answer with.
@MainActor
@_cdecl("refresh_request_get_page_size")
public func refreshRequestGetPageSize(_ request: UnsafeMutableRawPointer?) -> gint {
    gint(clamping: RefreshRequestType.core(of: request, "get_page_size")?.pageSize ?? 0)
}

/// `refresh_request_get_kind(request)`: what the list asks for.
@MainActor
@_cdecl("refresh_request_get_kind")
public func refreshRequestGetKind(_ request: UnsafeMutableRawPointer?) -> gint {
    let core = RefreshRequestType.core(of: request, "get_kind")
    return gint(RequestKind.allCases.firstIndex(of: core?.kind ?? .newest)!)
}

/// `refresh_request_get_cursor(request)`: the key of the row the request is relative to
/// (transfer none: the request keeps it).
@MainActor
@_cdecl("refresh_request_get_cursor")
public func refreshRequestGetCursor(_ request: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    guard let text = RefreshRequestType.core(of: request, "get_cursor")?.cursorText else { return nil }
    return UnsafePointer(text)
}

/// `refresh_request_is_cancelled(request)`: whether the list stopped waiting for the answer.
@MainActor
@_cdecl("refresh_request_is_cancelled")
public func refreshRequestIsCancelled(_ request: UnsafeMutableRawPointer?) -> gboolean {
    (RefreshRequestType.core(of: request, "is_cancelled")?.status == .cancelled).gboolean
}

/// The `RefreshRequest` GType: a GObject whose instance-private data (as `G_ADD_PRIVATE` gives
/// a C type) holds its `RequestCore`, retained from when the list makes it until finalize.
enum RefreshRequestType {
    static let type: GType = register()
    /// Where each request's private data (one pointer, zero until the list fills it) lies from
    /// the instance's address: set when the type is registered and adjusted in class_init,
    /// before any instance exists.
    nonisolated(unsafe) static var privateOffset: gint = 0

    /// Asks the app for rows: a new request handed to the widget's `signal` handlers, kept by
    /// the list until answered or cancelled. With no handler connected the request fails at once.
    @MainActor
    static func ask(
        _ widget: WidgetPointer, _ signal: String, _ kind: RequestKind, cursor: String?, page: Int,
        _ done: ListDriver<ObjectItem>.Completion
    ) {
        // The size a full page holds now: the list's, which `page-size` may have changed since the last.
        let pageSize = RefreshListType.core(of: widget.raw)?.configuration.engine.pageSize ?? 0
        let core = RequestCore(
            kind: kind, cursor: cursor, page: page, pageSize: pageSize, completion: done, widget: widget)
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        UnsafeMutableRawPointer(object).storeBytes(
            of: Unmanaged.passRetained(core).toOpaque(), toByteOffset: Int(privateOffset),
            as: UnsafeMutableRawPointer?.self)
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
            let slot = request.load(fromByteOffset: Int(privateOffset), as: UnsafeMutableRawPointer?.self)
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
        info.instance_size = guint16(MemoryLayout<GObject>.size)
        let type = g_type_register_static(cgtk_type_object(), "RefreshRequest", &info, GTypeFlags(rawValue: 0))
        privateOffset = g_type_add_instance_private(type, gsize(MemoryLayout<UnsafeMutableRawPointer?>.size))
        return type
    }

    fileprivate static var parentClass: UnsafeMutablePointer<GObjectClass> {
        g_type_class_peek(cgtk_type_object())!.assumingMemoryBound(to: GObjectClass.self)
    }
}

private let requestClassInit: GClassInitFunc = { klass, _ in
    guard let klass else { return }
    g_type_class_adjust_private_offset(klass, &RefreshRequestType.privateOffset)
    let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)
    objectClass.pointee.finalize = requestFinalize
    objectClass.pointee.get_property = requestGetProperty
    let readable = GParamFlags(rawValue: G_PARAM_READABLE.rawValue)
    g_object_class_install_property(
        objectClass, RequestProperty.page.rawValue,
        g_param_spec_int(
            "page", "Page", "1 for a refresh, 2 and on for the pages after it; 0 for a request by cursor", 0, .max, 0,
            readable))
    g_object_class_install_property(
        objectClass, RequestProperty.pageSize.rawValue,
        g_param_spec_int(
            "page-size", "Page size",
            "The rows a full page holds: the list's page-size when it asked, how many to answer with", 0, .max, 0,
            readable))
    g_object_class_install_property(
        objectClass, RequestProperty.kind.rawValue,
        g_param_spec_enum("kind", "Kind", "What the list asks for", RefreshListType.requestKindType, 0, readable))
    g_object_class_install_property(
        objectClass, RequestProperty.cursor.rawValue,
        g_param_spec_string(
            "cursor", "Cursor",
            "The key of the row the request is relative to (NULL for the newest rows, and for pages)",
            nil, readable))
    // `cancelled`: the list stopped waiting (a newer refresh took over, the loader took too
    // long, the widget went away); an answer given after it is ignored.
    g_signal_newv(
        "cancelled", RefreshRequestType.type, G_SIGNAL_RUN_LAST, nil, nil, nil, nil, cgtk_type_none(), 0, nil)
}

private let requestGetProperty:
    @convention(c) (
        UnsafeMutablePointer<GObject>?, guint, UnsafeMutablePointer<GValue>?, UnsafeMutablePointer<GParamSpec>?
    ) -> Void = { object, id, value, _ in
        let (objectAddress, valueAddress) = (UInt(bitPattern: object), UInt(bitPattern: value))
        MainActor.assumeIsolated {
            let core = RefreshRequestType.core(of: UnsafeMutableRawPointer(bitPattern: objectAddress), "get_property")
            let value = UnsafeMutablePointer<GValue>(bitPattern: valueAddress)
            switch RequestProperty(rawValue: id) {
            case .page: g_value_set_int(value, gint(core?.page ?? 0))
            case .pageSize: g_value_set_int(value, gint(clamping: core?.pageSize ?? 0))
            case .kind: g_value_set_enum(value, gint(RequestKind.allCases.firstIndex(of: core?.kind ?? .newest)!))
            case .cursor: g_value_set_string(value, core?.cursor)
            case nil: break
            }
        }
    }

/// `RefreshRequest`'s properties, by GObject property id.
private enum RequestProperty: guint {
    case page = 1
    case kind
    case cursor
    case pageSize
}

private let requestFinalize: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
    if let raw = UnsafeMutableRawPointer(object),
        let slot = raw.load(fromByteOffset: Int(RefreshRequestType.privateOffset), as: UnsafeMutableRawPointer?.self)
    {
        raw.storeBytes(of: nil, toByteOffset: Int(RefreshRequestType.privateOffset), as: UnsafeMutableRawPointer?.self)
        Unmanaged<RequestCore>.fromOpaque(slot).release()
    }
    RefreshRequestType.parentClass.pointee.finalize?(object)
}
