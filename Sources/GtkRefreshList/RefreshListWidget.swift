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
// The Swift `RefreshList<Item>` drives an instance: it puts the parts in, answers the
// properties and is told of dispose. The instance owns it (a strong reference in the instance
// memory) until dispose; no object data, no idle.

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
    /// `header-hidden`.
    var isHeaderHidden: Bool { get set }
    /// `footer-hidden`.
    var isFooterHidden: Bool { get set }
    /// Whether the header rests open and takes its height from the list (see the file's top).
    var headerTakesRoom: Bool { get }
    /// The widget is being disposed (may be called more than once, as GObject allows).
    func widgetDisposed()
}

/// The Swift side of one `RefreshList` instance: its children and the list driving it.
@MainActor
final class RefreshListCore {
    /// The header (a revealer), the first child.
    var header: WidgetPointer?
    /// The scrolled list, the second child.
    var content: WidgetPointer?
    /// The list that drives this widget; released on dispose.
    var driver: (any RefreshListDriver)?
    /// `header-hidden` and `footer-hidden` while no list drives the widget (set by a `.ui` file).
    var headerHidden = false
    var footerHidden = false
    /// Whether dispose ran: a disposed widget takes no list.
    var isDisposed = false

    /// Makes `header` and `content` the children of `widget`, in that order.
    func adopt(header: WidgetPointer, content: WidgetPointer, in widget: WidgetPointer) {
        self.header = header
        self.content = content
        gtk_widget_set_parent(header, widget)
        gtk_widget_set_parent(content, widget)
    }

    fileprivate func dispose() {
        isDisposed = true
        let driver = self.driver
        self.driver = nil
        driver?.widgetDisposed()
        header = nil
        content = nil
    }

    /// Sets a writable property: on the list that drives the widget (which notifies), or, before
    /// one does, on the value kept here for it, notified when it changes.
    fileprivate func set(
        _ flag: Bool, _ property: Property, of object: UnsafeMutablePointer<GObject>?,
        kept: ReferenceWritableKeyPath<RefreshListCore, Bool>, onDriver apply: (any RefreshListDriver) -> Void
    ) {
        if let driver {
            apply(driver)
        } else if flag != self[keyPath: kept] {
            self[keyPath: kept] = flag
            g_object_notify(object, property.name)
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

/// The `RefreshHeaderState` enum GType of the `header-state` property.
@_cdecl("refresh_header_state_get_type")
public func refreshHeaderStateGetType() -> GType { RefreshListType.headerStateType }

/// The `RefreshFooterState` enum GType of the `footer-state` property.
@_cdecl("refresh_footer_state_get_type")
public func refreshFooterStateGetType() -> GType { RefreshListType.footerStateType }

/// The widget's properties, by GObject property id.
private enum Property: guint, CaseIterable {
    case headerState = 1
    case footerState
    case refreshing
    case headerHidden
    case footerHidden
    case pullThreshold

    var name: String {
        switch self {
        case .headerState: "header-state"
        case .footerState: "footer-state"
        case .refreshing: "refreshing"
        case .headerHidden: "header-hidden"
        case .footerHidden: "footer-hidden"
        case .pullThreshold: "pull-threshold"
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

    /// Instance memory: the GtkWidget, then one pointer to the `RefreshListCore`.
    static let coreOffset = (MemoryLayout<GtkWidget>.size + 7) & ~7

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

    /// The Swift side of `widget`, if it is a `RefreshList`.
    @MainActor
    static func core(of widget: UnsafeMutableRawPointer?) -> RefreshListCore? {
        guard let widget, g_type_check_instance_is_a(cast(widget), type) != 0,
            let slot = widget.load(fromByteOffset: coreOffset, as: UnsafeMutableRawPointer?.self)
        else { return nil }
        return Unmanaged<RefreshListCore>.fromOpaque(slot).takeUnretainedValue()
    }

    private static func registerWidget() -> GType {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
        info.class_init = classInit
        info.instance_size = guint16(coreOffset + MemoryLayout<UnsafeMutableRawPointer>.size)
        info.instance_init = instanceInit
        // The enums first: class_init's property specs need them.
        _ = headerStateType
        _ = footerStateType
        return g_type_register_static(gtk_widget_get_type(), "RefreshList", &info, GTypeFlags(rawValue: 0))
    }

    /// An enum GType whose nicks are the words the trace and the README use. Its values live as
    /// long as the process, as GObject requires.
    private static func registerEnum(_ name: String, prefix: String, _ words: [String]) -> GType {
        let values = UnsafeMutablePointer<GEnumValue>.allocate(capacity: words.count + 1)
        for (index, word) in words.enumerated() {
            let constant = prefix + "_" + word.uppercased()
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
    gtk_widget_class_set_css_name(widgetClass, "refreshlist")
    gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_GENERIC)
    let readable = GParamFlags(rawValue: G_PARAM_READABLE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
    let readWrite = GParamFlags(rawValue: G_PARAM_READWRITE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
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
        case .pullThreshold:
            spec = g_param_spec_double(
                property.name, "Pull threshold", "The pull distance that arms a refresh, in pixels", 0,
                Double.greatestFiniteMagnitude,
                64, readable)
        }
        g_object_class_install_property(objectClass, property.rawValue, spec)
    }
}

private let instanceInit: GInstanceInitFunc = { instance, _ in
    guard let instance else { return }
    let raw = UnsafeMutableRawPointer(instance)
    let core = MainActor.assumeIsolated { RefreshListCore() }
    raw.storeBytes(
        of: Unmanaged.passRetained(core).toOpaque(), toByteOffset: RefreshListType.coreOffset,
        as: UnsafeMutableRawPointer?.self)
    let widget = raw.assumingMemoryBound(to: GtkWidget.self)
    // The list moves under the header by a translation; what moves past the bottom is not drawn.
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
}

/// Unparents the children and lets the driving list go (it may keep the widget alive, disposed,
/// for as long as an app holds the list). Runs again harmlessly if GObject disposes twice.
private let widgetDispose: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
    let address = UInt(bitPattern: object)
    MainActor.assumeIsolated {
        let widget = UnsafeMutableRawPointer(bitPattern: address)
        RefreshListType.core(of: widget)?.dispose()
        RefreshListCore.unparentChildren(of: widget?.assumingMemoryBound(to: GtkWidget.self))
    }
    RefreshListType.parentClass.withMemoryRebound(to: GObjectClass.self, capacity: 1) { $0.pointee.dispose?(object) }
}

private let widgetFinalize: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
    if let raw = UnsafeMutableRawPointer(object),
        let slot = raw.load(fromByteOffset: RefreshListType.coreOffset, as: UnsafeMutableRawPointer?.self)
    {
        raw.storeBytes(of: nil, toByteOffset: RefreshListType.coreOffset, as: UnsafeMutableRawPointer?.self)
        Unmanaged<RefreshListCore>.fromOpaque(slot).release()
    }
    RefreshListType.parentClass.withMemoryRebound(to: GObjectClass.self, capacity: 1) { $0.pointee.finalize?(object) }
}

private let getProperty:
    @convention(c) (
        UnsafeMutablePointer<GObject>?, guint, UnsafeMutablePointer<GValue>?, UnsafeMutablePointer<GParamSpec>?
    ) -> Void = {
        object, id, value, _ in
        let (objectAddress, valueAddress) = (UInt(bitPattern: object), UInt(bitPattern: value))
        MainActor.assumeIsolated {
            let value = UnsafeMutablePointer<GValue>(bitPattern: valueAddress)
            let core = RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: objectAddress))
            let driver = core?.driver
            switch Property(rawValue: id) {
            case .headerState:
                g_value_set_enum(
                    value, gint(HeaderState.allCases.firstIndex(of: driver?.headerStateForProperty ?? .idle)!))
            case .footerState:
                g_value_set_enum(
                    value, gint(FooterState.allCases.firstIndex(of: driver?.footerStateForProperty ?? .hidden)!))
            case .refreshing: g_value_set_boolean(value, (driver?.isRefreshingForProperty ?? false).gboolean)
            case .headerHidden:
                g_value_set_boolean(value, (driver?.isHeaderHidden ?? core?.headerHidden ?? false).gboolean)
            case .footerHidden:
                g_value_set_boolean(value, (driver?.isFooterHidden ?? core?.footerHidden ?? false).gboolean)
            case .pullThreshold: g_value_set_double(value, driver?.pullThresholdForProperty ?? 64)
            case nil: break
            }
        }
    }

private let setProperty:
    @convention(c) (UnsafeMutablePointer<GObject>?, guint, UnsafePointer<GValue>?, UnsafeMutablePointer<GParamSpec>?) ->
        Void = {
            object, id, value, _ in
            let (objectAddress, valueAddress) = (UInt(bitPattern: object), UInt(bitPattern: value))
            MainActor.assumeIsolated {
                let object = UnsafeMutablePointer<GObject>(bitPattern: objectAddress)
                let value = UnsafePointer<GValue>(bitPattern: valueAddress)
                guard let core = RefreshListType.core(of: object) else { return }
                let flag = g_value_get_boolean(value) != 0
                switch Property(rawValue: id) {
                case .headerHidden:
                    core.set(flag, .headerHidden, of: object, kept: \.headerHidden) { $0.isHeaderHidden = flag }
                case .footerHidden:
                    core.set(flag, .footerHidden, of: object, kept: \.footerHidden) { $0.isFooterHidden = flag }
                default: break
                }
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
private let sizeAllocate: @convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32, Int32, Int32) -> Void = {
    widget, width, height, _ in
    let address = UInt(bitPattern: widget)
    MainActor.assumeIsolated {
        guard let core = RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: address)) else { return }
        var headerHeight: Int32 = 0
        if let header = core.header {
            var low: Int32 = 0
            gtk_widget_measure(header, GTK_ORIENTATION_VERTICAL, width, &low, &headerHeight, nil, nil)
            headerHeight = min(max(low, headerHeight), height)
            var allocation = GtkAllocation(x: 0, y: 0, width: width, height: headerHeight)
            gtk_widget_size_allocate(header, &allocation, -1)
        }
        guard let content = core.content else { return }
        var contentLow: Int32 = 0
        gtk_widget_measure(content, GTK_ORIENTATION_VERTICAL, width, &contentLow, nil, nil, nil)
        let room = core.driver?.headerTakesRoom == true ? headerHeight : 0
        let contentHeight = max(contentLow, height - room)
        var offset = graphene_point_t(x: 0, y: Float(headerHeight))
        let transform = gsk_transform_translate(nil, &offset)
        // Takes the transform's reference.
        gtk_widget_allocate(content, width, contentHeight, -1, transform)
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
