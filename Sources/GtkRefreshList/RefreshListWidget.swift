// The list's GTK type: `RefreshList` (CSS name `refreshlist`), a GtkWidget subclass registered
// from Swift through GObject's C API, so GTK Inspector, CSS, GtkBuilder and property bindings
// know it. It lays out its two children itself: the header at the top, as tall as the pull has
// opened it, and the scrolled list below it. The list keeps its size while a pull moves it: it
// is allocated at the same size with a translation, so GTK skips its size_allocate and nothing
// in it is measured or allocated again (libadwaita moves AdwCarousel's pages the same way). Only
// when the header rests open (a refresh running, its result showing) does the list give up the
// header's height, once, so its last rows stay reachable. What a pull moves past the bottom is
// left out of the drawing (RefreshListWidget+Snapshot.swift).
//
// The widget's state lives in its instance-private data (`RefreshListPrivate`, as a C type's
// G_ADD_PRIVATE struct): its children, the settings its properties were given before a list
// drove it, the header's visible height, and the one Swift object behind the GObject, the list
// that drives it. A pull step stores the header's height there and queues an allocation of this
// widget alone, and size_allocate gives the header that height while it rests revealed. Nothing
// is measured again for a step: the header's content keeps its natural height on the clip's
// bottom edge (Parts.swift), the list only moves.
//
// A list (ListDriver.swift) drives an instance: it puts the parts in, answers the properties
// and is told of dispose. The instance owns it (a strong reference in its private data) until
// finalize, so it lives exactly as long as the widget; no object data, no idle.

import CGtk
internal import GtkInterop
import RefreshEngine

/// What a `RefreshList` instance asks of the Swift list that drives it.
@MainActor
protocol RefreshListDriver: AnyObject {
    /// The header's state, for the `header-state` property.
    var headerStateForProperty: HeaderState { get }
    /// The footer's state, for the `footer-state` property.
    var footerStateForProperty: FooterState { get }
    /// Whether a refresh runs, for the `refreshing` property.
    var isRefreshingForProperty: Bool { get }
    /// The pull distance that arms a refresh (px), for the `pull-threshold` property.
    var pullThresholdForProperty: Double { get }
    /// `header-hidden`, `footer-hidden`, `prepares-rows` and `max-rows` now; set, the list
    /// takes each that changed and notifies it.
    var presentation: ListPresentation { get set }
    /// Whether the header rests open and takes its height from the list (see the file's top).
    var headerTakesRoom: Bool { get }
    /// The list was allocated, at a new height or not (the first allocation after the header
    /// started or stopped taking its height is the one that resizes the list).
    func listAllocated(heightChanged: Bool)
    /// The rows' list (a GListModel), for the `model` property.
    var rowStoreForProperty: OpaquePointer { get }
    /// The settings the list works with now: what it was made with, changed since by the
    /// properties; its engine's part is the engine's own (the properties read it there).
    var configuration: RefreshListConfiguration { get }
    /// Takes `configuration` as the list's settings from now on (a property set on a running
    /// list); false, with a critical, when the engine could not work with it.
    func reconfigure(_ configuration: RefreshListConfiguration) -> Bool
    /// Whether the list loads by cursor, for the `paging` property.
    var pagesByCursor: Bool { get }
    /// The pill's count, for `new-above`.
    var newAboveForProperty: Int { get }
    /// Whether newer rows exist and load, for `newer-state`.
    var newerRowsForProperty: NewerRows { get }
    /// Whether the list started, for `started`.
    var hasStartedForProperty: Bool { get }
    /// `refresh_list_start`.
    func start()
    /// `refresh_list_begin_refresh`: a refresh, as F5 asks for one.
    func refreshFromHost()
    /// The widget is being disposed (may be called more than once, as GObject allows).
    func widgetDisposed()
}

/// What each `RefreshList` instance holds in its instance-private data, as a C type's
/// `G_ADD_PRIVATE` struct: GObject allocates it zeroed with the instance (before the GtkWidget
/// struct), instance_init initialises it, finalize deinitialises it and zeroes it again, and
/// GObject frees it with the instance. The widget's state lives here, in one place; the one
/// Swift object in it is the list that drives the widget, once one does.
struct RefreshListPrivate {
    /// Whether the value is initialised: set by instance_init, zero again after finalize.
    var isLive = true
    /// The header's visible height (px), read by size_allocate and by the header's clip when the
    /// revealer measures it (Parts.swift).
    var visibleHeaderHeight: Int32 = 0
    /// The header (a revealer), the first child.
    var header: WidgetPointer?
    /// The scrolled list, the second child.
    var content: WidgetPointer?
    /// The "N new" pill, the last child, over the list (ListDriver+Pill.swift).
    var pill: WidgetPointer?
    /// The list that drives this widget, owned from when it starts driving until finalize.
    var driver: (any RefreshListDriver)?
    /// Whether dispose ran: a disposed widget takes no list.
    var isDisposed = false
    /// `single-click-activate`, read by the list's click (ListDriver+Activation.swift).
    var singleClickActivate = false
    /// Whether the widget said it was shown with handlers but no factory (it says so once).
    var warnedOfMissingFactory = false
    /// For a list driven through GObject (ObjectRows.swift): the app's row factory (a reference
    /// held until dispose), and, given when the widget is made (construct-only), the type its
    /// objects must be and the property whose value keys a row.
    var factory: OpaquePointer?
    var itemType = cgtk_type_object()
    var keyProperty: String?
    /// The read-only view of the rows handed out as `model` (made when first asked for).
    var modelView: OpaquePointer?
    /// What the properties set while no list drove the widget (a `.ui` file, or a GObject app
    /// before it was shown): what the list starts with. Once a list drives the widget, the list
    /// (its engine) holds every value and the properties read and write it there.
    var settings = ObjectListSettings()
    /// The C strings the text properties' getters handed out, by property name: each stays
    /// valid until the property's value changes, and all go on finalize.
    var handedOut: [String: UnsafeMutablePointer<CChar>] = [:]
}

/// One `RefreshList` instance's private data, seen from Swift: a pointer into the instance, no
/// object of its own, valid from instance_init until finalize. Its members are the private
/// data's (`core.header`, `core.driver`, …), read and written in place.
@MainActor
@dynamicMemberLookup
struct RefreshListCore {
    let data: UnsafeMutablePointer<RefreshListPrivate>

    subscript<Value>(dynamicMember path: WritableKeyPath<RefreshListPrivate, Value>) -> Value {
        get { data.pointee[keyPath: path] }
        nonmutating set { data.pointee[keyPath: path] = newValue }
    }

    /// `text` as a string this widget owns, for a getter to hand out: the one handed out last
    /// time while the value is the same.
    func handOut(_ name: String, _ text: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
        guard let text else { return nil }
        if let kept = data.pointee.handedOut[name], strcmp(kept, text) == 0 { return UnsafePointer(kept) }
        let copy = g_strdup(text)
        g_free(data.pointee.handedOut.updateValue(copy!, forKey: name))
        return UnsafePointer(copy)
    }

    /// Makes `header` and `content` the children of `widget`, in that order.
    func adopt(header: WidgetPointer, content: WidgetPointer, in widget: WidgetPointer) {
        self.header = header
        self.content = content
        gtk_widget_set_parent(header, widget)
        gtk_widget_set_parent(content, widget)
    }

    /// Sets `single-click-activate`, notifying it when it changed.
    func setSingleClickActivate(_ flag: Bool, on object: UnsafeMutablePointer<GObject>?) {
        guard flag != self.singleClickActivate else { return }
        self.singleClickActivate = flag
        g_object_notify(object, Property.singleClickActivate.name)
    }

    fileprivate func dispose() {
        self.driver?.widgetDisposed()
        self.isDisposed = true
        self.header = nil
        self.content = nil
        self.pill = nil
        if let factory = self.factory { g_object_unref(gpointer(factory)) }
        self.factory = nil
    }

    /// Lets the list, the `model` view and the handed-out strings go, and deinitialises the
    /// private data (on finalize: an app may read `model` until then).
    fileprivate func release() {
        // The list first, while the data it reads is still here.
        self.driver = nil
        if let modelView = self.modelView { g_object_unref(gpointer(modelView)) }
        self.modelView = nil
        for text in data.pointee.handedOut.values { g_free(text) }
        data.pointee.handedOut = [:]
        data.deinitialize(count: 1)
        UnsafeMutableRawPointer(data).initializeMemory(
            as: UInt8.self, repeating: 0, count: MemoryLayout<RefreshListPrivate>.size)
    }

    /// The rows as a read-only GListModel, the same object for the widget's whole life: a map
    /// list model with no map function, which passes the rows' list through without letting
    /// anyone change it, empty until a list drives the widget.
    var model: OpaquePointer {
        if let modelView = self.modelView { return modelView }
        let view = gtk_map_list_model_new(nil, nil, nil, nil)!
        self.modelView = view
        showRows()
        return view
    }

    /// Puts the driving list's rows in the `model` view (a list started driving the widget).
    func showRows() {
        guard let modelView = self.modelView, let rows = self.driver?.rowStoreForProperty else { return }
        gtk_map_list_model_set_model(modelView, rows)
    }

    /// Sets the app's row factory: kept (referenced) for the list the widget starts when shown.
    /// Only a GtkSignalListItemFactory can make rows beside the footer; others get a critical.
    func setFactory(_ value: gpointer?, on object: UnsafeMutablePointer<GObject>?) {
        let given = value.map { OpaquePointer($0) }
        guard given != self.factory else { return }
        if let value, g_type_check_instance_is_a(cast(value), gtk_signal_list_item_factory_get_type()) == 0 {
            cgtk_log_critical(
                "RefreshList",
                "the factory must be a GtkSignalListItemFactory (its rows share the list with the footer); ignored")
            return
        }
        if self.driver != nil {
            cgtk_log_critical("RefreshList", "the factory is set once, before the list is shown; ignored")
            return
        }
        if let value { g_object_ref_sink(value) }
        if let factory = self.factory { g_object_unref(gpointer(factory)) }
        self.factory = given
        g_object_notify(object, Property.factory.name)
        if let widget = object.map({ UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }) {
            startObjectListIfReady(on: widget)
        }
    }

    /// Unparents every child: the list's two, and any a `.ui` file's `<child>` gave it.
    fileprivate static func unparentChildren(of widget: UnsafeMutablePointer<GtkWidget>?) {
        while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
    }
}

/// The `RefreshList` GType, registered on first use. Exported to C as `refresh_list_get_type`,
/// the name GtkBuilder looks up for `<object class="RefreshList">`.
@_cdecl("refresh_list_get_type")
public func refreshListGetType() -> GType { RefreshListType.type }

/// What a list shows and keeps, as the properties `header-hidden`, `footer-hidden`,
/// `prepares-rows` and `max-rows` say: the driving list's own (its engine's, its preparation's)
/// once one drives the widget.
struct ListPresentation: Equatable {
    var headerHidden = false
    var footerHidden = false
    /// Whether rows far from the view wait (ListDriver+Preparation.swift).
    var preparesRows = true
    /// The most rows the list keeps (0: every row). Before a list drives the widget, `nil`
    /// until set; once set, it wins over a Swift list's configuration.
    var maximumRows: Int?
}

/// What a list driven through GObject is made with, as set by its properties before it drove
/// the widget (a list driven from Swift answers them from its own configuration).
struct ObjectListSettings {
    var presentation = ListPresentation()
    /// Given when the widget is made (construct-only); a cursor without a key-property falls
    /// back to pages when the list is made.
    var paging = RefreshPaging.pages
    /// The settings a list driven through GObject starts with: its keys (construct-only), its
    /// engine's tunables, its words, when it starts and its shortcuts' scope.
    var list = RefreshListConfiguration()
}

/// How a list driven through GObject asks for rows: the `RefreshPaging` enum.
enum RefreshPaging: CaseIterable {
    case pages
    case cursor

    var nick: String {
        switch self {
        case .pages: "pages"
        case .cursor: "cursor"
        }
    }
}

/// The counted texts an app may word (`RefreshCountedText`), each a key path into the texts.
enum CountedText: CaseIterable {
    case newAbove
    case newAboveAnnouncement
    case refreshedWithNew
    case refreshedWithNewAbove

    var nick: String {
        switch self {
        case .newAbove: "new-above"
        case .newAboveAnnouncement: "new-above-announcement"
        case .refreshedWithNew: "refreshed-with-new"
        case .refreshedWithNewAbove: "refreshed-with-new-above"
        }
    }

    var path: WritableKeyPath<RefreshListTexts, PluralText> {
        switch self {
        case .newAbove: \.newAbove
        case .newAboveAnnouncement: \.newAboveAnnouncement
        case .refreshedWithNew: \.refreshedWithNew
        case .refreshedWithNewAbove: \.refreshedWithNewAbove
        }
    }
}

extension ShortcutScope: CaseIterable {
    public static var allCases: [ShortcutScope] { [.list, .window] }

    var nick: String {
        switch self {
        case .list: "list"
        case .window: "window"
        }
    }
}

/// The `RefreshMerge` enum GType of the `refresh-merge` property.
@_cdecl("refresh_merge_get_type")
public func refreshMergeGetType() -> GType { RefreshListType.mergeType }

/// `refresh_list_new()`: a new `RefreshList`. Given a `factory` and shown, it asks for its rows
/// with the `refresh` and `load-more` signals (a Swift app uses `RefreshList<Item>` instead).
@MainActor
@_cdecl("refresh_list_new")
public func refreshListNew() -> UnsafeMutablePointer<GtkWidget> { RefreshListType.make() }

/// `refresh_list_begin_refresh(list)`: asks for a refresh, as F5 does; ignored while one runs.
@MainActor
@_cdecl("refresh_list_begin_refresh")
public func refreshListBeginRefresh(_ widget: UnsafeMutablePointer<GtkWidget>?) {
    RefreshListType.core(of: UnsafeMutableRawPointer(widget))?.driver?.refreshFromHost()
}

/// The `RefreshHeaderState` enum GType of the `header-state` property.
@_cdecl("refresh_header_state_get_type")
public func refreshHeaderStateGetType() -> GType { RefreshListType.headerStateType }

/// The `RefreshFooterState` enum GType of the `footer-state` property.
@_cdecl("refresh_footer_state_get_type")
public func refreshFooterStateGetType() -> GType { RefreshListType.footerStateType }

extension RefreshMerge {
    /// The `RefreshMerge` enum's nick.
    var nick: String {
        switch self {
        case .replace: "replace"
        case .prependNew: "prepend-new"
        }
    }
}

/// The widget's properties, by GObject property id.
enum Property: guint, CaseIterable {
    case headerState = 1
    case footerState
    case refreshing
    case headerHidden
    case footerHidden
    case pullThreshold
    case model
    case factory
    case itemType
    case keyProperty
    case refreshMerge
    case maxRows
    case paging
    case placeKey
    case lastUpdatedKey
    case startsWhenShown
    case pageSize
    case loadMoreDistance
    case shortcutScope
    case newAbove
    case newerState
    case started
    case preparesRows
    case singleClickActivate

    var name: String {
        switch self {
        case .headerState: "header-state"
        case .footerState: "footer-state"
        case .refreshing: "refreshing"
        case .headerHidden: "header-hidden"
        case .footerHidden: "footer-hidden"
        case .pullThreshold: "pull-threshold"
        case .model: "model"
        case .factory: "factory"
        case .itemType: "item-type"
        case .keyProperty: "key-property"
        case .refreshMerge: "refresh-merge"
        case .maxRows: "max-rows"
        case .paging: "paging"
        case .placeKey: "place-key"
        case .lastUpdatedKey: "last-updated-key"
        case .startsWhenShown: "starts-when-shown"
        case .pageSize: "page-size"
        case .preparesRows: "prepares-rows"
        case .singleClickActivate: "single-click-activate"
        case .loadMoreDistance: "load-more-distance"
        case .shortcutScope: "shortcut-scope"
        case .newAbove: "new-above"
        case .newerState: "newer-state"
        case .started: "started"
        }
    }
}

enum RefreshListType {
    /// Registered once, thread-safely (Swift's lazy static initialisation).
    static let type: GType = registerWidget()
    static let headerStateType: GType = registerEnum(
        "RefreshHeaderState", prefix: "REFRESH_HEADER_STATE",
        HeaderState.allCases.map(\.name))
    static let footerStateType: GType = registerEnum(
        "RefreshFooterState", prefix: "REFRESH_FOOTER_STATE",
        FooterState.allCases.map(\.name))
    static let mergeType: GType = registerEnum(
        "RefreshMerge", prefix: "REFRESH_MERGE", RefreshMerge.allCases.map(\.nick))
    static let pagingType: GType = registerEnum(
        "RefreshPaging", prefix: "REFRESH_PAGING", RefreshPaging.allCases.map(\.nick))
    static let shortcutScopeType: GType = registerEnum(
        "RefreshShortcutScope", prefix: "REFRESH_SHORTCUT_SCOPE", ShortcutScope.allCases.map(\.nick))
    static let newerStateType: GType = registerEnum(
        "RefreshNewerState", prefix: "REFRESH_NEWER_STATE", NewerRows.allCases.map(\.name))
    static let countedTextType: GType = registerEnum(
        "RefreshCountedText", prefix: "REFRESH_COUNTED_TEXT", CountedText.allCases.map(\.nick))
    static let requestKindType: GType = registerEnum(
        "RefreshRequestKind", prefix: "REFRESH_REQUEST_KIND", RequestKind.allCases.map(\.nick))

    /// The `activate` signal's id, set once by class_init (on the main thread, before any
    /// instance exists).
    nonisolated(unsafe) static var activateSignal: guint = 0

    /// Where each instance's `RefreshListPrivate` lies from the instance's address (negative:
    /// GObject puts private data before the instance struct): set when the type is registered
    /// and adjusted in class_init, before any instance exists, as `G_ADD_PRIVATE` does.
    nonisolated(unsafe) static var privateOffset: gint = 0

    /// A new, empty instance (the Swift list puts its parts in).
    @MainActor
    static func make() -> WidgetPointer {
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        return WidgetPointer(OpaquePointer(object))
    }

    /// `widget` when it is a `RefreshList` that no list drives yet; otherwise `nil`, with a GLib
    /// critical when a widget was given.
    @MainActor
    static func adoptable(_ widget: WidgetPointer?) -> WidgetPointer? {
        guard let widget else { return nil }
        guard let core = core(of: widget.raw) else {
            let name = String(cString: g_type_name_from_instance(cast(widget.raw)))
            cgtk_log_critical(
                "RefreshList", "a \(name) given where a RefreshList widget was expected; a new one is made")
            return nil
        }
        guard core.driver == nil, gtk_widget_get_first_child(widget) == nil, !core.isDisposed else {
            cgtk_log_critical(
                "RefreshList", "the widget given already has a list or children, or was destroyed; a new one is made")
            return nil
        }
        return widget
    }

    /// The private data of `widget`, seen from Swift, if it is a live `RefreshList`.
    @MainActor
    static func core(of widget: UnsafeMutableRawPointer?) -> RefreshListCore? {
        privateData(of: widget).map { RefreshListCore(data: $0) }
    }

    /// The instance-private data of `widget` (`refresh_list_get_instance_private`), if it is a
    /// `RefreshList` between its instance_init and its finalize.
    static func privateData(of widget: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<RefreshListPrivate>? {
        guard let widget, g_type_check_instance_is_a(cast(widget), type) != 0 else { return nil }
        let data = widget.advanced(by: Int(privateOffset))
        // Read as bytes: outside its life the value is zeroed memory, not a `RefreshListPrivate`.
        guard data.load(fromByteOffset: isLiveOffset, as: Bool.self) else { return nil }
        return data.assumingMemoryBound(to: RefreshListPrivate.self)
    }

    /// Where `isLive` lies in the private data.
    private static let isLiveOffset = MemoryLayout<RefreshListPrivate>.offset(of: \.isLive)!

    /// The header's visible height in `widget` (px): as tall as the pull opened it, when it rests
    /// revealed; the revealer scales it while it slides. 0 for anything but a `RefreshList`.
    static func visibleHeaderHeight(of widget: UnsafeMutableRawPointer?) -> Int32 {
        privateData(of: widget)?.pointee.visibleHeaderHeight ?? 0
    }

    /// Sets the header's visible height (px) in `widget`, a `RefreshList`; returns whether it
    /// changed. What the change needs laid out again is the caller's to queue.
    @MainActor
    static func setVisibleHeaderHeight(_ height: Int32, of widget: WidgetPointer) -> Bool {
        guard let data = privateData(of: widget.raw), data.pointee.visibleHeaderHeight != height else { return false }
        data.pointee.visibleHeaderHeight = height
        return true
    }

    private static func registerWidget() -> GType {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
        info.class_init = classInit
        info.instance_size = guint16(MemoryLayout<GtkWidget>.size)
        info.instance_init = instanceInit
        // The enums first: class_init's property specs need them.
        _ = headerStateType
        _ = footerStateType
        _ = mergeType
        _ = pagingType
        _ = shortcutScopeType
        _ = newerStateType
        _ = countedTextType
        _ = requestKindType
        _ = RefreshRequestType.type
        let type = g_type_register_static(gtk_widget_get_type(), "RefreshList", &info, GTypeFlags(rawValue: 0))
        privateOffset = g_type_add_instance_private(type, gsize(MemoryLayout<RefreshListPrivate>.stride))
        return type
    }

    /// An enum GType whose nicks are the words the trace and the README use. Its values live as
    /// long as the process, as GObject requires.
    static func registerEnum(_ name: String, prefix: String, _ words: [String]) -> GType {
        let values = UnsafeMutablePointer<GEnumValue>.allocate(capacity: words.count + 1)
        for (index, word) in words.enumerated() {
            let constant = prefix + "_" + String(word.uppercased().map { $0 == "-" ? "_" : $0 })
            values[index] = GEnumValue(value: gint(index), value_name: strdup(constant), value_nick: strdup(word))
        }
        values[words.count] = GEnumValue(value: 0, value_name: nil, value_nick: nil)
        return g_enum_register_static(name, values)
    }

    /// GtkWidget's class, to chain up to.
    fileprivate static var parentClass: UnsafeMutablePointer<GtkWidgetClass> {
        g_type_class_peek(gtk_widget_get_type())!.assumingMemoryBound(to: GtkWidgetClass.self)
    }
}

// GTK calls a widget's class functions on the thread that runs GTK, the main thread, which is the
// main actor's. Pointers cross into `MainActor.assumeIsolated` as addresses (plain integers,
// which are Sendable): a generic wrapper would cost a metadata instantiation on the first call,
// which valgrind's memcheck reports as a read of uninitialised memory inside the Swift runtime.

/// A measurement's minimum and natural size (px).
private struct Measured: Sendable {
    var minimum: Int32 = 0
    var natural: Int32 = 0
}

private let classInit: GClassInitFunc = { klass, _ in
    guard let klass else { return }
    g_type_class_adjust_private_offset(klass, &RefreshListType.privateOffset)
    let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)
    objectClass.pointee.dispose = widgetDispose
    objectClass.pointee.finalize = widgetFinalize
    objectClass.pointee.get_property = getProperty
    objectClass.pointee.set_property = setProperty
    let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
    widgetClass.pointee.measure = measure
    widgetClass.pointee.size_allocate = sizeAllocate
    widgetClass.pointee.snapshot = snapshotCut
    widgetClass.pointee.get_request_mode = { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }
    widgetClass.pointee.compute_expand = computeExpand
    widgetClass.pointee.grab_focus = grabFocus
    widgetClass.pointee.focus = moveFocus
    widgetClass.pointee.map = widgetMap
    widgetClass.pointee.unroot = widgetUnroot
    gtk_widget_class_set_css_name(widgetClass, "refreshlist")
    gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_GENERIC)
    let readable = GParamFlags(rawValue: G_PARAM_READABLE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
    let readWrite = GParamFlags(rawValue: G_PARAM_READWRITE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
    // What the list is (its rows' type and key, how it pages, the names it keeps things under):
    // given when it is made, as GtkBuilder and Python keyword arguments do; GObject refuses it later.
    let constructOnly = GParamFlags(
        rawValue: G_PARAM_READWRITE.rawValue | G_PARAM_CONSTRUCT_ONLY.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
    for property in Property.allCases {
        let spec: UnsafeMutablePointer<GParamSpec>
        switch property {
        case .headerState:
            spec = g_param_spec_enum(
                property.name, "Header state",
                "What the header shows: idle, pulling, armed, refreshing, succeeded, failed",
                RefreshListType.headerStateType, 0, readable)
        case .footerState:
            spec = g_param_spec_enum(
                property.name, "Footer state", "What the footer shows: hidden, idle, loading, failed, exhausted",
                RefreshListType.footerStateType, 0, readable)
        case .refreshing:
            spec = g_param_spec_boolean(property.name, "Refreshing", "Whether a refresh runs", 0, readable)
        case .headerHidden:
            spec = g_param_spec_boolean(
                property.name, "Header hidden", "Whether the header is hidden: pulls do nothing, refreshes still run",
                0, readWrite)
        case .footerHidden:
            spec = g_param_spec_boolean(
                property.name, "Footer hidden", "Whether the footer is hidden: nothing loads by itself", 0, readWrite)
        case .preparesRows:
            spec = g_param_spec_boolean(
                property.name, "Prepares rows",
                "Whether rows bound far from the view wait, and rows about to come into view are made, bound and measured in idle time",
                1, readWrite)
        case .singleClickActivate:
            spec = g_param_spec_boolean(
                property.name, "Single click activate",
                "Whether a single click on a row opens it (the activate signal); otherwise a double click does", 0,
                readWrite)
        case .pullThreshold:
            spec = g_param_spec_double(
                property.name, "Pull threshold", "The pull distance that arms a refresh, in pixels", 1,
                Double.greatestFiniteMagnitude, RefreshConfiguration.standard.pullThreshold, readWrite)
        case .model:
            spec = g_param_spec_object(
                property.name, "Model", "The rows shown, in order (read-only)", g_list_model_get_type(), readable)
        case .factory:
            spec = g_param_spec_object(
                property.name, "Factory",
                "The GtkSignalListItemFactory that makes the rows from the app's objects; shown with one, the list asks for rows with the refresh and load-more signals",
                gtk_list_item_factory_get_type(), readWrite)
        case .itemType:
            spec = g_param_spec_gtype(
                property.name, "Item type", "The type the app's objects are; an answer with others is refused",
                cgtk_type_object(), constructOnly)
        case .keyProperty:
            spec = g_param_spec_string(
                property.name, "Key property",
                "The property of the app's objects whose value identifies a row: a row with a key shown already is not shown again; NULL: each object is its own row",
                nil, constructOnly)
        case .refreshMerge:
            spec = g_param_spec_enum(
                property.name, "Refresh merge",
                "How a refresh's rows go in: replace the rows, or put the new ones on top",
                RefreshListType.mergeType, 0, readWrite)
        case .maxRows:
            spec = g_param_spec_int(
                property.name, "Maximum rows",
                "The most rows the list keeps; past it, rows far from the view are dropped in whole pages and load again when the reader comes back (below the view only, for a list loaded by page numbers). 0 keeps every row",
                0, gint.max, gint(RefreshConfiguration.standard.maximumRows), readWrite)
        case .paging:
            spec = g_param_spec_enum(
                property.name, "Paging",
                "How the list asks for rows: by page number or by the key of a row shown",
                RefreshListType.pagingType, 0, constructOnly)
        case .placeKey:
            spec = g_param_spec_string(
                property.name, "Place key",
                "The name under which the list keeps its place between runs (cursor paging; NULL: none)", nil,
                constructOnly)
        case .lastUpdatedKey:
            spec = g_param_spec_string(
                property.name, "Last-updated key",
                "The name under which the last-updated time is kept between runs (NULL: this run only)", nil,
                constructOnly)
        case .startsWhenShown:
            spec = g_param_spec_boolean(
                property.name, "Starts when shown",
                "Whether the list starts the first time it is shown; off, it waits for refresh_list_start()", 1,
                readWrite)
        case .pageSize:
            spec = g_param_spec_int(
                property.name, "Page size", "The rows a full page holds; a shorter answer ends paging", 1, gint.max,
                gint(RefreshConfiguration.standard.pageSize), readWrite)
        case .loadMoreDistance:
            spec = g_param_spec_double(
                property.name, "Load-more distance",
                "How near the end, in pixels, the view comes before the next page loads; -1: one view's height", -1,
                Double.greatestFiniteMagnitude, -1, readWrite)
        case .shortcutScope:
            spec = g_param_spec_enum(
                property.name, "Shortcut scope", "Where F5 and Ctrl+R refresh the list from",
                RefreshListType.shortcutScopeType, 0, readWrite)
        case .newAbove:
            spec = g_param_spec_int(
                property.name, "New above", "How many rows went in above the view: the pill's count", 0, gint.max, 0,
                readable)
        case .newerState:
            spec = g_param_spec_enum(
                property.name, "Newer state", "Whether rows newer than the first one shown exist and load",
                RefreshListType.newerStateType, 0, readable)
        case .started:
            spec = g_param_spec_boolean(property.name, "Started", "Whether the list started", 0, readable)
        }
        g_object_class_install_property(objectClass, property.rawValue, spec)
    }
    // `refresh` and `load-more`: the list wants rows; the handler answers the request it is
    // given, now or later (refresh_request_finish or _fail), or hears that the list stopped waiting.
    var requestType = RefreshRequestType.type
    for signal in ["refresh", "load-more"] {
        g_signal_newv(
            signal, RefreshListType.type, G_SIGNAL_RUN_LAST, nil, nil, nil, nil, cgtk_type_none(), 1, &requestType)
    }
    // `activate`: the reader opened the row at the position given (ListDriver+Activation.swift).
    var positionType = cgtk_type_uint()
    RefreshListType.activateSignal = g_signal_newv(
        "activate", RefreshListType.type, G_SIGNAL_RUN_LAST, nil, nil, nil, nil, cgtk_type_none(), 1, &positionType)
}

/// Once on screen, a widget given a factory and driven by no Swift list starts its own.
private let widgetMap: @convention(c) (UnsafeMutablePointer<GtkWidget>?) -> Void = { widget in
    RefreshListType.parentClass.pointee.map?(widget)
    let address = UInt(bitPattern: widget)
    MainActor.assumeIsolated {
        guard let widget = WidgetPointer(bitPattern: address) else { return }
        RefreshListType.core(of: widget.raw)?.startObjectListIfReady(on: widget)
    }
}

private let instanceInit: GInstanceInitFunc = { instance, _ in
    guard let instance else { return }
    let raw = UnsafeMutableRawPointer(instance)
    raw.advanced(by: Int(RefreshListType.privateOffset)).initializeMemory(
        as: RefreshListPrivate.self, repeating: RefreshListPrivate(), count: 1)
    let widget = raw.assumingMemoryBound(to: GtkWidget.self)
    // The list moves under the header by a translation; what moves past the bottom is not drawn.
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
}

/// Tells the driving list and unparents the children. Runs again harmlessly if GObject
/// disposes twice.
private let widgetDispose: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
    let address = UInt(bitPattern: object)
    MainActor.assumeIsolated {
        let widget = UnsafeMutableRawPointer(bitPattern: address)
        RefreshListType.core(of: widget)?.dispose()
        RefreshListCore.unparentChildren(of: widget?.assumingMemoryBound(to: GtkWidget.self))
    }
    RefreshListType.parentClass.withMemoryRebound(to: GObjectClass.self, capacity: 1) { $0.pointee.dispose?(object) }
}

/// When the window a list is in is destroyed, the list is disposed with it, even while an app
/// still holds it (a Swift face, a Python wrapper), as GTK 3 destroyed a window's children: its
/// dispose drops the loaders, observers and signal handlers, which often hold the list
/// themselves (a loader capturing `self.list`), so no such cycle outlives the window. A list
/// taken out of a window that lives on is left alone and may be shown in another.
///
/// A window is destroyed once it has left GTK's toplevels (`gtk_window_destroy`); it unparents
/// its child in its own dispose, which is when this runs, the old root still set. The list is
/// disposed when the window has gone (a weak reference on it), if nothing has taken the list in
/// meanwhile, not in the middle of being unparented.
private let widgetUnroot: @convention(c) (UnsafeMutablePointer<GtkWidget>?) -> Void = { widget in
    if let widget, let root = gtk_widget_get_root(widget), windowWasDestroyed(root) {
        g_object_ref(gpointer(widget))
        g_object_weak_ref(cast(gpointer(root)), disposeIfLeftOut, gpointer(widget))
    }
    RefreshListType.parentClass.pointee.unroot?(widget)
}

/// Whether `root` is a window `gtk_window_destroy` took out of the toplevels.
private func windowWasDestroyed(_ root: OpaquePointer) -> Bool {
    guard g_type_check_instance_is_a(cast(gpointer(root)), gtk_window_get_type()) != 0 else { return false }
    let toplevels = gtk_window_get_toplevels()
    for index in 0..<g_list_model_get_n_items(toplevels) {
        guard let window = g_list_model_get_item(toplevels, index) else { continue }
        g_object_unref(window)
        if window == gpointer(root) { return false }
    }
    return true
}

/// The destroyed window has gone: the list it held is disposed unless something took it in.
private let disposeIfLeftOut: GWeakNotify = { data, _ in
    guard let data else { return }
    if gtk_widget_get_parent(data.assumingMemoryBound(to: GtkWidget.self)) == nil {
        g_object_run_dispose(cast(data))
    }
    g_object_unref(data)
}

private let widgetFinalize: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
    let address = UInt(bitPattern: object)
    MainActor.assumeIsolated { RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: address))?.release() }
    RefreshListType.parentClass.withMemoryRebound(to: GObjectClass.self, capacity: 1) { $0.pointee.finalize?(object) }
}

private let getProperty:
    @convention(c) (
        UnsafeMutablePointer<GObject>?, guint, UnsafeMutablePointer<GValue>?, UnsafeMutablePointer<GParamSpec>?
    ) -> Void = {
        object, id, value, _ in
        let (objectAddress, valueAddress) = (UInt(bitPattern: object), UInt(bitPattern: value))
        MainActor.assumeIsolated {
            guard let property = Property(rawValue: id),
                let core = RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: objectAddress))
            else { return }
            core.read(property, into: UnsafeMutablePointer<GValue>(bitPattern: valueAddress))
        }
    }

private let setProperty:
    @convention(c) (UnsafeMutablePointer<GObject>?, guint, UnsafePointer<GValue>?, UnsafeMutablePointer<GParamSpec>?) ->
        Void = {
            object, id, value, _ in
            let (objectAddress, valueAddress) = (UInt(bitPattern: object), UInt(bitPattern: value))
            MainActor.assumeIsolated {
                let object = UnsafeMutablePointer<GObject>(bitPattern: objectAddress)
                guard let property = Property(rawValue: id), let core = RefreshListType.core(of: object) else {
                    return
                }
                core.write(property, from: UnsafePointer<GValue>(bitPattern: valueAddress), on: object)
            }
        }

/// As tall and wide as the list needs; the header opens over the list's place, never beyond it.
private let measure:
    @convention(c) (
        UnsafeMutablePointer<GtkWidget>?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?,
        UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
    ) -> Void = { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
        let address = UInt(bitPattern: widget)
        let size = MainActor.assumeIsolated { () -> Measured in
            var size = Measured()
            guard let core = RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: address)) else { return size }
            if let content = core.content {
                gtk_widget_measure(content, orientation, forSize, &size.minimum, &size.natural, nil, nil)
            }
            if orientation == GTK_ORIENTATION_HORIZONTAL, let header = core.header {
                var headerSize = Measured()
                gtk_widget_measure(header, orientation, -1, &headerSize.minimum, &headerSize.natural, nil, nil)
                size.minimum = max(size.minimum, headerSize.minimum)
                size.natural = max(size.natural, headerSize.natural)
            }
            return size
        }
        minimum?.pointee = size.minimum
        natural?.pointee = size.natural
        minimumBaseline?.pointee = -1
        naturalBaseline?.pointee = -1
    }

/// The header at the top at the height it opened to; the list below it at its constant size
/// (less the header's height only while the header rests open), moved by a translation.
///
/// While the header rests revealed, its height is the visible height held in the instance,
/// which a pull step changes with no more than an allocation of this widget: the revealer's
/// measurement (cached, never queued again for a step) is not read for it. While the revealer
/// slides, its measurement is the height: the visible height scaled by how far it has slid.
private let sizeAllocate: @convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32, Int32, Int32) -> Void = {
    widget, width, height, _ in
    let address = UInt(bitPattern: widget)
    MainActor.assumeIsolated {
        let raw = UnsafeMutableRawPointer(bitPattern: address)
        guard let core = RefreshListType.core(of: raw) else { return }
        var headerHeight: Int32 = 0
        if let header = core.header {
            // Measured before it is allocated, as GTK asks, whichever height it takes.
            var low: Int32 = 0
            gtk_widget_measure(header, GTK_ORIENTATION_VERTICAL, width, &low, &headerHeight, nil, nil)
            let revealer = header.opaque
            if gtk_revealer_get_reveal_child(revealer) != 0, gtk_revealer_get_child_revealed(revealer) != 0 {
                headerHeight = RefreshListType.visibleHeaderHeight(of: raw)
            }
            headerHeight = min(max(low, headerHeight), height)
            var allocation = GtkAllocation(x: 0, y: 0, width: width, height: headerHeight)
            gtk_widget_size_allocate(header, &allocation, -1)
        }
        guard let content = core.content else { return }
        var contentLow: Int32 = 0
        gtk_widget_measure(content, GTK_ORIENTATION_VERTICAL, width, &contentLow, nil, nil, nil)
        let room = core.driver?.headerTakesRoom == true ? headerHeight : 0
        let contentHeight = max(contentLow, height - room)
        let previousHeight = gtk_widget_get_height(content)
        var offset = graphene_point_t(x: 0, y: Float(headerHeight))
        let transform = gsk_transform_translate(nil, &offset)
        // Takes the transform's reference.
        gtk_widget_allocate(content, width, contentHeight, -1, transform)
        core.driver?.listAllocated(heightChanged: contentHeight != previousHeight)
        core.allocatePill(width: width, top: headerHeight)
    }
}

/// Expands as its children do, as a box would.
private let computeExpand:
    @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<gboolean>?, UnsafeMutablePointer<gboolean>?)
        -> Void = { widget, horizontal, vertical in
            var expandsHorizontally = false
            var expandsVertically = false
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                expandsHorizontally =
                    expandsHorizontally || gtk_widget_compute_expand(current, GTK_ORIENTATION_HORIZONTAL) != 0
                expandsVertically =
                    expandsVertically || gtk_widget_compute_expand(current, GTK_ORIENTATION_VERTICAL) != 0
                child = gtk_widget_get_next_sibling(current)
            }
            horizontal?.pointee = expandsHorizontally.gboolean
            vertical?.pointee = expandsVertically.gboolean
        }

/// Tab from the rows goes to the "N new" pill while it shows (ListDriver+Pill.swift); every
/// other move is GtkWidget's, through the children in order: header, rows, pill.
private let moveFocus: @convention(c) (UnsafeMutablePointer<GtkWidget>?, GtkDirectionType) -> gboolean = {
    widget, direction in
    let address = UInt(bitPattern: widget)
    let movedToPill = MainActor.assumeIsolated {
        RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: address))?.tabToPill(direction) ?? false
    }
    if movedToPill { return 1 }
    return RefreshListType.parentClass.pointee.focus?(widget, direction) ?? 0
}

/// The focus goes to the rows, or to what shows in their place while there are none (the scrolled
/// window itself would take it and keep it from both).
private let grabFocus: @convention(c) (UnsafeMutablePointer<GtkWidget>?) -> gboolean = { widget in
    let address = UInt(bitPattern: widget)
    return MainActor.assumeIsolated {
        guard let content = RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: address))?.content,
            let inner = gtk_scrolled_window_get_child(content.opaque)
        else { return 0 }
        return gtk_widget_grab_focus(inner)
    }
}
