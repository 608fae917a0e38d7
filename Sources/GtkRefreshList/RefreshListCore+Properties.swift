// The `RefreshList` GObject's properties: read from the list that drives the widget, or, before
// one does, from what was set on the widget (a `.ui` file, a Python app's keyword arguments).
// Each setting has one home at a time: the widget's until a list drives it, then that list's
// (its engine's configuration for the numbers). What identifies the list (its rows' type and
// key, its paging, the names it keeps its place and time under) is construct-only: given when
// the widget is made, refused by GObject afterwards. What tunes its behaviour (pull threshold,
// page size, load-more distance, merge, shortcut scope, starts-when-shown, the counted texts)
// takes effect at once, on a running list too. Each property also has the C getter (and, where
// it may change, the setter) GNOME libraries give (`refresh_list_get_place_key` …), below.

import CGtk
internal import GtkInterop
import RefreshEngine

extension RefreshListCore {
    /// The settings now: the driving list's, or, before one drives the widget, those kept here
    /// for it.
    var configuration: RefreshListConfiguration { self.driver?.configuration ?? self.settings.list }

    /// What the list shows and keeps now: the driving list's, or, before one drives the widget,
    /// what was set here for it.
    var presentation: ListPresentation { self.driver?.presentation ?? self.settings.presentation }

    /// How the list asks for rows now: as the driving list does (a Swift list by the loaders it
    /// was given), or as given when the widget was made.
    var paging: RefreshPaging {
        guard let driver = self.driver else { return self.settings.paging }
        return driver.pagesByCursor ? .cursor : .pages
    }

    /// The value of `property` now.
    func read(_ property: Property, into value: UnsafeMutablePointer<GValue>?) {
        let configuration = configuration
        let driver = self.driver
        switch property {
        case .headerState:
            g_value_set_enum(value, gint(HeaderState.allCases.firstIndex(of: driver?.headerStateForProperty ?? .idle)!))
        case .footerState:
            g_value_set_enum(
                value, gint(FooterState.allCases.firstIndex(of: driver?.footerStateForProperty ?? .hidden)!))
        case .refreshing: g_value_set_boolean(value, (driver?.isRefreshingForProperty ?? false).gboolean)
        case .headerHidden: g_value_set_boolean(value, presentation.headerHidden.gboolean)
        case .footerHidden: g_value_set_boolean(value, presentation.footerHidden.gboolean)
        case .preparesRows: g_value_set_boolean(value, presentation.preparesRows.gboolean)
        case .singleClickActivate: g_value_set_boolean(value, self.singleClickActivate.gboolean)
        case .pullThreshold: g_value_set_double(value, configuration.engine.pullThreshold)
        case .model: g_value_set_object(value, gpointer(model))
        case .factory: g_value_set_object(value, self.factory.map { gpointer($0) })
        case .itemType: g_value_set_gtype(value, self.itemType)
        case .keyProperty: g_value_set_string(value, self.keyProperty)
        case .refreshMerge:
            g_value_set_enum(value, gint(RefreshMerge.allCases.firstIndex(of: configuration.engine.refreshMerge)!))
        case .maxRows:
            let count = presentation.maximumRows ?? RefreshConfiguration.standard.maximumRows
            g_value_set_int(value, gint(clamping: count))
        case .paging: g_value_set_enum(value, gint(RefreshPaging.allCases.firstIndex(of: paging)!))
        case .placeKey: g_value_set_string(value, configuration.placeKey)
        case .lastUpdatedKey: g_value_set_string(value, configuration.lastUpdatedKey)
        case .startsWhenShown: g_value_set_boolean(value, configuration.startsWhenShown.gboolean)
        case .pageSize: g_value_set_int(value, gint(clamping: configuration.engine.pageSize))
        case .loadMoreDistance: g_value_set_double(value, configuration.engine.loadMoreDistance ?? -1)
        case .shortcutScope:
            g_value_set_enum(value, gint(ShortcutScope.allCases.firstIndex(of: configuration.shortcutScope)!))
        case .newAbove: g_value_set_int(value, gint(clamping: driver?.newAboveForProperty ?? 0))
        case .newerState:
            g_value_set_enum(value, gint(NewerRows.allCases.firstIndex(of: driver?.newerRowsForProperty ?? .none)!))
        case .started: g_value_set_boolean(value, (driver?.hasStartedForProperty ?? false).gboolean)
        }
    }

    /// Sets `property` from `value`, notifying it when it changed.
    func write(_ property: Property, from value: UnsafePointer<GValue>?, on object: UnsafeMutablePointer<GObject>?) {
        switch property {
        // Live: on the driving list, at once, or kept for the list to come.
        case .headerHidden:
            present(property, on: object, \.headerHidden, as: g_value_get_boolean(value) != 0)
        case .footerHidden:
            present(property, on: object, \.footerHidden, as: g_value_get_boolean(value) != 0)
        case .preparesRows:
            present(property, on: object, \.preparesRows, as: g_value_get_boolean(value) != 0)
        case .maxRows:
            let count = Int(g_value_get_int(value))
            // Unset before a list drives the widget, it reads as the default.
            guard count != presentation.maximumRows ?? RefreshConfiguration.standard.maximumRows else { return }
            present(property, on: object, \.maximumRows, as: count)
        case .singleClickActivate:
            setSingleClickActivate(g_value_get_boolean(value) != 0, on: object)
        case .factory:
            setFactory(g_value_get_object(value), on: object)
        // Construct-only: set once, while the widget is made (GObject refuses them afterwards),
        // before any list drives it.
        case .itemType:
            self.itemType = g_value_get_gtype(value)
        case .keyProperty:
            self.keyProperty = g_value_get_string(value).map { String(cString: $0) }
        case .paging:
            self.settings.paging = RefreshPaging.allCases[Int(g_value_get_enum(value))]
        case .placeKey:
            self.settings.list.placeKey = g_value_get_string(value).map { String(cString: $0) }
        case .lastUpdatedKey:
            self.settings.list.lastUpdatedKey = g_value_get_string(value).map { String(cString: $0) }
        // Live: on the driving list (its engine), or kept for the list to come.
        case .refreshMerge:
            let merge = RefreshMerge.allCases[Int(g_value_get_enum(value))]
            change(property, on: object, \.engine.refreshMerge, to: merge)
        case .pullThreshold:
            let threshold = g_value_get_double(value)
            change(property, on: object, \.engine.pullThreshold, to: threshold) {
                $0.engine = $0.engine.withPullThreshold(threshold)
            }
        case .startsWhenShown:
            change(property, on: object, \.startsWhenShown, to: g_value_get_boolean(value) != 0)
        case .pageSize:
            change(property, on: object, \.engine.pageSize, to: Int(g_value_get_int(value)))
        case .loadMoreDistance:
            let distance = RefreshConfiguration.loadMoreDistance(setting: g_value_get_double(value))
            change(property, on: object, \.engine.loadMoreDistance, to: distance)
        case .shortcutScope:
            let scope = ShortcutScope.allCases[Int(g_value_get_enum(value))]
            change(property, on: object, \.shortcutScope, to: scope)
        case .headerState, .footerState, .refreshing, .model, .newAbove, .newerState, .started:
            // Read-only: GObject refuses a write before it reaches here.
            break
        }
    }

    /// Sets what the list shows or keeps (the value at `path`) to `value`: on the driving list,
    /// which notifies what changed, or on what is kept for the list to come, notified here.
    private func present<Value: Equatable>(
        _ property: Property, on object: UnsafeMutablePointer<GObject>?,
        _ path: WritableKeyPath<ListPresentation, Value>, as value: Value
    ) {
        var changed = presentation
        guard changed[keyPath: path] != value else { return }
        changed[keyPath: path] = value
        if let driver = self.driver {
            driver.presentation = changed
        } else {
            self.settings.presentation = changed
            g_object_notify(object, property.name)
        }
    }

    /// Sets a live setting (the value at `path`) to `value`: on the driving list, or on the
    /// settings kept for the list to come; `apply` makes the change when it is more than that
    /// one value (a threshold takes the header heights that followed it). Notified when it
    /// changed; an unchanged value, or one the engine cannot work with (a critical), is not.
    private func change<Value: Equatable>(
        _ property: Property, on object: UnsafeMutablePointer<GObject>?,
        _ path: WritableKeyPath<RefreshListConfiguration, Value>, to value: Value,
        apply: ((inout RefreshListConfiguration) -> Void)? = nil
    ) {
        var changed = configuration
        guard changed[keyPath: path] != value else { return }
        if let apply { apply(&changed) } else { changed[keyPath: path] = value }
        guard reconfigure(changed) else { return }
        g_object_notify(object, property.name)
    }

    /// Takes `changed` as the settings from now on: the driving list's, or those kept for the
    /// list to come. False, with a critical, when the engine could not work with them.
    private func reconfigure(_ changed: RefreshListConfiguration) -> Bool {
        if let driver = self.driver { return driver.reconfigure(changed) }
        do {
            try changed.engine.validate()
        } catch {
            cgtk_log_critical("RefreshList", "\(error); ignored")
            return false
        }
        self.settings.list = changed
        return true
    }

    /// Words a counted text: at once on the driving list, or for the list to come.
    func setCountedText(_ text: CountedText, _ words: PluralText) {
        var changed = configuration
        changed.texts[keyPath: text.path] = words
        _ = reconfigure(changed)
    }

    /// The words `text` shows for `count` now.
    func countedText(_ text: CountedText, count: Int) -> String {
        configuration.texts[keyPath: text.path](count)
    }

    /// A list took over the widget: the settings it reads from now on are its own (a Swift
    /// list's configuration), so those that differ from what the widget said are notified.
    func notifyTakenOver(from before: RefreshListConfiguration, on object: UnsafeMutablePointer<GObject>?) {
        let now = configuration
        let changed: [(Property, Bool)] = [
            (.pullThreshold, now.engine.pullThreshold != before.engine.pullThreshold),
            (.refreshMerge, now.engine.refreshMerge != before.engine.refreshMerge),
            (.pageSize, now.engine.pageSize != before.engine.pageSize),
            (.loadMoreDistance, now.engine.loadMoreDistance != before.engine.loadMoreDistance),
            (.placeKey, now.placeKey != before.placeKey),
            (.lastUpdatedKey, now.lastUpdatedKey != before.lastUpdatedKey),
            (.startsWhenShown, now.startsWhenShown != before.startsWhenShown),
            (.shortcutScope, now.shortcutScope != before.shortcutScope),
        ]
        for (property, differs) in changed where differs { g_object_notify(object, property.name) }
    }
}

// The C accessors. Each reads or writes through GObject's own property machinery, so the
// checks and the notification are the property's. The construct-only properties have getters
// only: they are given to `g_object_new` (or a `.ui` file, or Python's keyword arguments).

/// Reads `name` from `widget` into a GValue of `type`, hands it to `read`, and unsets it.
private func readProperty<Result>(
    _ widget: UnsafeMutableRawPointer?, _ name: String, _ type: GType,
    _ read: (UnsafeMutablePointer<GValue>) -> Result
) -> Result {
    var value = GValue()
    g_value_init(&value, type)
    defer { g_value_unset(&value) }
    if let widget, g_type_check_instance_is_a(cast(widget), RefreshListType.type) != 0 {
        g_object_get_property(cast(widget), name, &value)
    } else {
        cgtk_log_critical("RefreshList", "refresh_list_get_\(name.replacingDashes): not a RefreshList")
    }
    return read(&value)
}

/// Sets `name` on `widget` from a GValue of `type` that `fill` fills.
private func writeProperty(
    _ widget: UnsafeMutableRawPointer?, _ name: String, _ type: GType, _ fill: (UnsafeMutablePointer<GValue>) -> Void
) {
    guard let widget, g_type_check_instance_is_a(cast(widget), RefreshListType.type) != 0 else {
        cgtk_log_critical("RefreshList", "refresh_list_set_\(name.replacingDashes): not a RefreshList")
        return
    }
    var value = GValue()
    g_value_init(&value, type)
    fill(&value)
    g_object_set_property(cast(widget), name, &value)
    g_value_unset(&value)
}

extension String {
    fileprivate var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}

private func readBool(_ widget: UnsafeMutableRawPointer?, _ name: String) -> gboolean {
    readProperty(widget, name, cgtk_type_boolean()) { g_value_get_boolean($0) }
}
private func writeBool(_ widget: UnsafeMutableRawPointer?, _ name: String, _ flag: gboolean) {
    writeProperty(widget, name, cgtk_type_boolean()) { g_value_set_boolean($0, flag) }
}
private func readInt(_ widget: UnsafeMutableRawPointer?, _ name: String) -> gint {
    readProperty(widget, name, cgtk_type_int()) { g_value_get_int($0) }
}
private func writeInt(_ widget: UnsafeMutableRawPointer?, _ name: String, _ number: gint) {
    writeProperty(widget, name, cgtk_type_int()) { g_value_set_int($0, number) }
}
private func readDouble(_ widget: UnsafeMutableRawPointer?, _ name: String) -> Double {
    readProperty(widget, name, cgtk_type_double()) { g_value_get_double($0) }
}
private func writeDouble(_ widget: UnsafeMutableRawPointer?, _ name: String, _ number: Double) {
    writeProperty(widget, name, cgtk_type_double()) { g_value_set_double($0, number) }
}
private func readEnum(_ widget: UnsafeMutableRawPointer?, _ name: String, _ type: GType) -> gint {
    readProperty(widget, name, type) { g_value_get_enum($0) }
}
private func writeEnum(_ widget: UnsafeMutableRawPointer?, _ name: String, _ type: GType, _ number: gint) {
    writeProperty(widget, name, type) { g_value_set_enum($0, number) }
}

/// A text property's value as a C string the widget owns (transfer none), valid until the
/// property changes or the widget goes.
private func readString(_ widget: UnsafeMutableRawPointer?, _ name: String) -> UnsafePointer<CChar>? {
    let widgetAddress = UInt(bitPattern: widget)
    let textAddress = readProperty(widget, name, cgtk_type_string()) { value in
        let valueAddress = UInt(bitPattern: g_value_get_string(value))
        return MainActor.assumeIsolated {
            guard let core = RefreshListType.core(of: UnsafeMutableRawPointer(bitPattern: widgetAddress)) else {
                return UInt(0)
            }
            return UInt(bitPattern: core.handOut(name, UnsafePointer<CChar>(bitPattern: valueAddress)))
        }
    }
    return UnsafePointer(bitPattern: textAddress)
}

/// `refresh_list_get_header_state`: reads the `header-state` property.
@_cdecl("refresh_list_get_header_state")
public func refreshListGetHeaderState(_ widget: UnsafeMutableRawPointer?) -> gint {
    readEnum(widget, "header-state", RefreshListType.headerStateType)
}

/// `refresh_list_get_footer_state`: reads the `footer-state` property.
@_cdecl("refresh_list_get_footer_state")
public func refreshListGetFooterState(_ widget: UnsafeMutableRawPointer?) -> gint {
    readEnum(widget, "footer-state", RefreshListType.footerStateType)
}

/// `refresh_list_get_refreshing`: reads the `refreshing` property.
@_cdecl("refresh_list_get_refreshing")
public func refreshListGetRefreshing(_ widget: UnsafeMutableRawPointer?) -> gboolean {
    readBool(widget, "refreshing")
}

/// `refresh_list_get_header_hidden`: reads the `header-hidden` property.
@_cdecl("refresh_list_get_header_hidden")
public func refreshListGetHeaderHidden(_ widget: UnsafeMutableRawPointer?) -> gboolean {
    readBool(widget, "header-hidden")
}

/// `refresh_list_set_header_hidden`: sets the `header-hidden` property.
@_cdecl("refresh_list_set_header_hidden")
public func refreshListSetHeaderHidden(_ widget: UnsafeMutableRawPointer?, _ hidden: gboolean) {
    writeBool(widget, "header-hidden", hidden)
}

/// `refresh_list_get_prepares_rows`: reads the `prepares-rows` property.
@_cdecl("refresh_list_get_prepares_rows")
public func refreshListGetPreparesRows(_ widget: gpointer?) -> gboolean {
    readBool(widget, "prepares-rows")
}

/// `refresh_list_set_prepares_rows`: sets the `prepares-rows` property.
@_cdecl("refresh_list_set_prepares_rows")
public func refreshListSetPreparesRows(_ widget: gpointer?, _ prepares: gboolean) {
    writeBool(widget, "prepares-rows", prepares)
}

/// `refresh_list_get_single_click_activate`: reads the `single-click-activate` property.
@_cdecl("refresh_list_get_single_click_activate")
public func refreshListGetSingleClickActivate(_ widget: gpointer?) -> gboolean {
    readBool(widget, "single-click-activate")
}

/// `refresh_list_set_single_click_activate`: sets the `single-click-activate` property.
@_cdecl("refresh_list_set_single_click_activate")
public func refreshListSetSingleClickActivate(_ widget: gpointer?, _ singleClick: gboolean) {
    writeBool(widget, "single-click-activate", singleClick)
}

/// `refresh_list_get_footer_hidden`: reads the `footer-hidden` property.
@_cdecl("refresh_list_get_footer_hidden")
public func refreshListGetFooterHidden(_ widget: UnsafeMutableRawPointer?) -> gboolean {
    readBool(widget, "footer-hidden")
}

/// `refresh_list_set_footer_hidden`: sets the `footer-hidden` property.
@_cdecl("refresh_list_set_footer_hidden")
public func refreshListSetFooterHidden(_ widget: UnsafeMutableRawPointer?, _ hidden: gboolean) {
    writeBool(widget, "footer-hidden", hidden)
}

/// `refresh_list_get_pull_threshold`: reads the `pull-threshold` property.
@_cdecl("refresh_list_get_pull_threshold")
public func refreshListGetPullThreshold(_ widget: UnsafeMutableRawPointer?) -> Double {
    readDouble(widget, "pull-threshold")
}

/// `refresh_list_set_pull_threshold`: sets the `pull-threshold` property.
@_cdecl("refresh_list_set_pull_threshold")
public func refreshListSetPullThreshold(_ widget: UnsafeMutableRawPointer?, _ threshold: Double) {
    writeDouble(widget, "pull-threshold", threshold)
}

/// `model` (transfer none: the widget keeps it for its whole life).
@_cdecl("refresh_list_get_model")
public func refreshListGetModel(_ widget: UnsafeMutableRawPointer?) -> gpointer? {
    readProperty(widget, "model", g_list_model_get_type()) { g_value_get_object($0) }
}

/// `factory` (transfer none).
@_cdecl("refresh_list_get_factory")
public func refreshListGetFactory(_ widget: UnsafeMutableRawPointer?) -> gpointer? {
    readProperty(widget, "factory", gtk_list_item_factory_get_type()) { g_value_get_object($0) }
}

/// `refresh_list_set_factory`: sets the `factory` property.
@_cdecl("refresh_list_set_factory")
public func refreshListSetFactory(_ widget: UnsafeMutableRawPointer?, _ factory: gpointer?) {
    if let factory, g_type_check_instance_is_a(cast(factory), gtk_list_item_factory_get_type()) == 0 {
        cgtk_log_critical("RefreshList", "refresh_list_set_factory: not a GtkListItemFactory; ignored")
        return
    }
    writeProperty(widget, "factory", gtk_list_item_factory_get_type()) { g_value_set_object($0, factory) }
}

/// `refresh_list_get_item_type`: reads the `item-type` property.
@_cdecl("refresh_list_get_item_type")
public func refreshListGetItemType(_ widget: UnsafeMutableRawPointer?) -> GType {
    readProperty(widget, "item-type", cgtk_type_gtype()) { g_value_get_gtype($0) }
}

/// `refresh_list_get_key_property`: reads the `key-property` property.
@_cdecl("refresh_list_get_key_property")
public func refreshListGetKeyProperty(_ widget: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    readString(widget, "key-property")
}

/// `refresh_list_get_refresh_merge`: reads the `refresh-merge` property.
@_cdecl("refresh_list_get_refresh_merge")
public func refreshListGetRefreshMerge(_ widget: UnsafeMutableRawPointer?) -> gint {
    readEnum(widget, "refresh-merge", RefreshListType.mergeType)
}

/// `refresh_list_set_refresh_merge`: sets the `refresh-merge` property.
@_cdecl("refresh_list_set_refresh_merge")
public func refreshListSetRefreshMerge(_ widget: UnsafeMutableRawPointer?, _ merge: gint) {
    writeEnum(widget, "refresh-merge", RefreshListType.mergeType, merge)
}

/// `refresh_list_get_max_rows`: reads the `max-rows` property.
@_cdecl("refresh_list_get_max_rows")
public func refreshListGetMaxRows(_ widget: UnsafeMutableRawPointer?) -> gint { readInt(widget, "max-rows") }

/// `refresh_list_set_max_rows`: sets the `max-rows` property.
@_cdecl("refresh_list_set_max_rows")
public func refreshListSetMaxRows(_ widget: UnsafeMutableRawPointer?, _ count: gint) {
    writeInt(widget, "max-rows", count)
}

/// `refresh_list_get_paging`: reads the `paging` property.
@_cdecl("refresh_list_get_paging")
public func refreshListGetPaging(_ widget: UnsafeMutableRawPointer?) -> gint {
    readEnum(widget, "paging", RefreshListType.pagingType)
}

/// `refresh_list_get_place_key`: reads the `place-key` property.
@_cdecl("refresh_list_get_place_key")
public func refreshListGetPlaceKey(_ widget: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    readString(widget, "place-key")
}

/// `refresh_list_get_last_updated_key`: reads the `last-updated-key` property.
@_cdecl("refresh_list_get_last_updated_key")
public func refreshListGetLastUpdatedKey(_ widget: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    readString(widget, "last-updated-key")
}

/// `refresh_list_get_starts_when_shown`: reads the `starts-when-shown` property.
@_cdecl("refresh_list_get_starts_when_shown")
public func refreshListGetStartsWhenShown(_ widget: UnsafeMutableRawPointer?) -> gboolean {
    readBool(widget, "starts-when-shown")
}

/// `refresh_list_set_starts_when_shown`: sets the `starts-when-shown` property.
@_cdecl("refresh_list_set_starts_when_shown")
public func refreshListSetStartsWhenShown(_ widget: UnsafeMutableRawPointer?, _ starts: gboolean) {
    writeBool(widget, "starts-when-shown", starts)
}

/// `refresh_list_get_page_size`: reads the `page-size` property.
@_cdecl("refresh_list_get_page_size")
public func refreshListGetPageSize(_ widget: UnsafeMutableRawPointer?) -> gint { readInt(widget, "page-size") }

/// `refresh_list_set_page_size`: sets the `page-size` property.
@_cdecl("refresh_list_set_page_size")
public func refreshListSetPageSize(_ widget: UnsafeMutableRawPointer?, _ size: gint) {
    writeInt(widget, "page-size", size)
}

/// `refresh_list_get_load_more_distance`: reads the `load-more-distance` property.
@_cdecl("refresh_list_get_load_more_distance")
public func refreshListGetLoadMoreDistance(_ widget: UnsafeMutableRawPointer?) -> Double {
    readDouble(widget, "load-more-distance")
}

/// `refresh_list_set_load_more_distance`: sets the `load-more-distance` property.
@_cdecl("refresh_list_set_load_more_distance")
public func refreshListSetLoadMoreDistance(_ widget: UnsafeMutableRawPointer?, _ distance: Double) {
    writeDouble(widget, "load-more-distance", distance)
}

/// `refresh_list_get_shortcut_scope`: reads the `shortcut-scope` property.
@_cdecl("refresh_list_get_shortcut_scope")
public func refreshListGetShortcutScope(_ widget: UnsafeMutableRawPointer?) -> gint {
    readEnum(widget, "shortcut-scope", RefreshListType.shortcutScopeType)
}

/// `refresh_list_set_shortcut_scope`: sets the `shortcut-scope` property.
@_cdecl("refresh_list_set_shortcut_scope")
public func refreshListSetShortcutScope(_ widget: UnsafeMutableRawPointer?, _ scope: gint) {
    writeEnum(widget, "shortcut-scope", RefreshListType.shortcutScopeType, scope)
}

/// `refresh_list_get_new_above`: reads the `new-above` property.
@_cdecl("refresh_list_get_new_above")
public func refreshListGetNewAbove(_ widget: UnsafeMutableRawPointer?) -> gint { readInt(widget, "new-above") }

/// `refresh_list_get_newer_state`: reads the `newer-state` property.
@_cdecl("refresh_list_get_newer_state")
public func refreshListGetNewerState(_ widget: UnsafeMutableRawPointer?) -> gint {
    readEnum(widget, "newer-state", RefreshListType.newerStateType)
}

/// `refresh_list_get_started`: reads the `started` property.
@_cdecl("refresh_list_get_started")
public func refreshListGetStarted(_ widget: UnsafeMutableRawPointer?) -> gboolean { readBool(widget, "started") }

/// `refresh_paging_get_type`: the `RefreshPaging` enum GType of the `paging` property.
@_cdecl("refresh_paging_get_type")
public func refreshPagingGetType() -> GType { RefreshListType.pagingType }

/// `refresh_shortcut_scope_get_type`: the `RefreshShortcutScope` enum GType.
@_cdecl("refresh_shortcut_scope_get_type")
public func refreshShortcutScopeGetType() -> GType { RefreshListType.shortcutScopeType }

/// `refresh_newer_state_get_type`: the `RefreshNewerState` enum GType.
@_cdecl("refresh_newer_state_get_type")
public func refreshNewerStateGetType() -> GType { RefreshListType.newerStateType }

/// `refresh_counted_text_get_type`: the `RefreshCountedText` enum GType.
@_cdecl("refresh_counted_text_get_type")
public func refreshCountedTextGetType() -> GType { RefreshListType.countedTextType }

/// `refresh_request_kind_get_type`: the `RefreshRequestKind` enum GType.
@_cdecl("refresh_request_kind_get_type")
public func refreshRequestKindGetType() -> GType { RefreshListType.requestKindType }
