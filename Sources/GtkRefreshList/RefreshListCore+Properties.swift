// The `RefreshList` GObject's properties: read from the list that drives the widget, or, before
// one does, from what was set on the widget (a `.ui` file, a Python app's keyword arguments).
// The settings a list is made with (paging, keys, sizes, words) are taken when it starts driving
// the widget; set afterwards they are refused with a critical and change nothing. Each property
// also has the C getter and setter GNOME libraries give (`refresh_list_get_place_key` …), below.

import CGtk
internal import GtkInterop
import RefreshEngine

extension RefreshListCore {
    /// The value of `property` now.
    func read(_ property: Property, into value: UnsafeMutablePointer<GValue>?) {
        switch property {
        case .headerState:
            g_value_set_enum(value, gint(HeaderState.allCases.firstIndex(of: driver?.headerStateForProperty ?? .idle)!))
        case .footerState:
            g_value_set_enum(
                value, gint(FooterState.allCases.firstIndex(of: driver?.footerStateForProperty ?? .hidden)!))
        case .refreshing: g_value_set_boolean(value, (driver?.isRefreshingForProperty ?? false).gboolean)
        case .headerHidden: g_value_set_boolean(value, (driver?.isHeaderHidden ?? settings.headerHidden).gboolean)
        case .footerHidden: g_value_set_boolean(value, (driver?.isFooterHidden ?? settings.footerHidden).gboolean)
        case .preparesRows: g_value_set_boolean(value, (driver?.preparesRows ?? settings.preparesRows).gboolean)
        case .singleClickActivate: g_value_set_boolean(value, singleClickActivate.gboolean)
        case .pullThreshold: g_value_set_double(value, driver?.pullThresholdForProperty ?? settings.pullThreshold)
        case .model: g_value_set_object(value, gpointer(model))
        case .factory: g_value_set_object(value, factory.map { gpointer($0) })
        case .itemType: g_value_set_gtype(value, itemType)
        case .keyProperty: g_value_set_string(value, keyProperty)
        case .refreshMerge:
            let merge = driver?.configuration.engine.refreshMerge ?? refreshMerge
            g_value_set_enum(value, gint(RefreshMerge.allCases.firstIndex(of: merge)!))
        case .maxRows:
            let count =
                driver?.maximumRowsForProperty ?? settings.maximumRows ?? RefreshConfiguration.standard.maximumRows
            g_value_set_int(value, gint(clamping: count))
        case .paging:
            let paging = driver.map { $0.pagesByCursor ? RefreshPaging.cursor : .pages } ?? settings.paging
            g_value_set_enum(value, gint(RefreshPaging.allCases.firstIndex(of: paging)!))
        case .placeKey: g_value_set_string(value, driver.map { $0.configuration.placeKey } ?? settings.placeKey)
        case .lastUpdatedKey:
            g_value_set_string(value, driver.map { $0.configuration.lastUpdatedKey } ?? settings.lastUpdatedKey)
        case .startsWhenShown:
            g_value_set_boolean(value, (driver?.configuration.startsWhenShown ?? settings.startsWhenShown).gboolean)
        case .pageSize:
            g_value_set_int(value, gint(clamping: driver?.configuration.engine.pageSize ?? settings.pageSize))
        case .loadMoreDistance:
            let distance = driver.map { $0.configuration.engine.loadMoreDistance ?? -1 } ?? settings.loadMoreDistance
            g_value_set_double(value, distance)
        case .shortcutScope:
            let scope = driver?.configuration.shortcutScope ?? settings.shortcutScope
            g_value_set_enum(value, gint(ShortcutScope.allCases.firstIndex(of: scope)!))
        case .newAbove: g_value_set_int(value, gint(clamping: driver?.newAboveForProperty ?? 0))
        case .newerState:
            g_value_set_enum(value, gint(NewerRows.allCases.firstIndex(of: driver?.newerRowsForProperty ?? .none)!))
        case .started: g_value_set_boolean(value, (driver?.hasStartedForProperty ?? false).gboolean)
        }
    }

    /// Sets `property` from `value`, notifying it when it changed.
    func write(_ property: Property, from value: UnsafePointer<GValue>?, on object: UnsafeMutablePointer<GObject>?) {
        switch property {
        case .headerHidden:
            let flag = g_value_get_boolean(value) != 0
            set(flag, .headerHidden, of: object, kept: \.headerHidden) { $0.isHeaderHidden = flag }
        case .footerHidden:
            let flag = g_value_get_boolean(value) != 0
            set(flag, .footerHidden, of: object, kept: \.footerHidden) { $0.isFooterHidden = flag }
        case .preparesRows:
            // Takes effect at once, on a list that drives the widget too.
            let flag = g_value_get_boolean(value) != 0
            if let driver {
                guard driver.preparesRows != flag else { return }
                driver.preparesRows = flag
            } else {
                guard settings.preparesRows != flag else { return }
                settings.preparesRows = flag
            }
            g_object_notify(object, property.name)
        case .singleClickActivate:
            setSingleClickActivate(g_value_get_boolean(value) != 0, on: object)
        case .factory:
            setFactory(g_value_get_object(value), on: object)
        case .maxRows:
            let count = Int(g_value_get_int(value))
            if let driver {
                driver.maximumRowsForProperty = count
            } else if count != settings.maximumRows ?? RefreshConfiguration.standard.maximumRows {
                settings.maximumRows = count
                g_object_notify(object, Property.maxRows.name)
            }
        case .itemType:
            setting(property, on: object, to: g_value_get_gtype(value), \.itemType)
        case .keyProperty:
            setting(property, on: object, to: g_value_get_string(value).map { String(cString: $0) }, \.keyProperty)
        case .refreshMerge:
            setting(property, on: object, to: RefreshMerge.allCases[Int(g_value_get_enum(value))], \.refreshMerge)
        case .pullThreshold:
            setting(property, on: object, to: g_value_get_double(value), \.settings.pullThreshold)
        case .paging:
            setting(property, on: object, to: RefreshPaging.allCases[Int(g_value_get_enum(value))], \.settings.paging)
        case .placeKey:
            setting(
                property, on: object, to: g_value_get_string(value).map { String(cString: $0) }, \.settings.placeKey)
        case .lastUpdatedKey:
            let key = g_value_get_string(value).map { String(cString: $0) }
            setting(property, on: object, to: key, \.settings.lastUpdatedKey)
        case .startsWhenShown:
            setting(property, on: object, to: g_value_get_boolean(value) != 0, \.settings.startsWhenShown)
        case .pageSize:
            setting(property, on: object, to: Int(g_value_get_int(value)), \.settings.pageSize)
        case .loadMoreDistance:
            // Any negative distance is the default's one view.
            setting(property, on: object, to: max(g_value_get_double(value), -1), \.settings.loadMoreDistance)
        case .shortcutScope:
            let scope = ShortcutScope.allCases[Int(g_value_get_enum(value))]
            setting(property, on: object, to: scope, \.settings.shortcutScope)
        case .headerState, .footerState, .refreshing, .model, .newAbove, .newerState, .started:
            // Read-only: GObject refuses a write before it reaches here.
            break
        }
    }

    /// Sets a setting a list is made with: kept for the list the widget starts, notified when
    /// it changed; once a list drives the widget, refused with a critical.
    private func setting<Value: Equatable>(
        _ property: Property, on object: UnsafeMutablePointer<GObject>?, to value: Value,
        _ path: ReferenceWritableKeyPath<RefreshListCore, Value>
    ) {
        guard self[keyPath: path] != value else { return }
        guard refuseOnceDriven(property.name) else { return }
        self[keyPath: path] = value
        g_object_notify(object, property.name)
    }

    /// Whether a setting may still change; a critical naming `setting` when it may not.
    func refuseOnceDriven(_ setting: String) -> Bool {
        guard driver != nil || isDisposed else { return true }
        cgtk_log_critical(
            "RefreshList",
            "\(setting) must be set before the list is shown or started (a Swift list takes it from its configuration); ignored"
        )
        return false
    }

    /// Words a counted text, before a list drives the widget.
    func setCountedText(_ text: CountedText, _ words: PluralText) {
        guard refuseOnceDriven("the counted text \(text.nick)") else { return }
        settings.texts[keyPath: text.path] = words
    }

    /// The words `text` shows for `count`: the driving list's, or those set for the list to come.
    func countedText(_ text: CountedText, count: Int) -> String {
        (driver?.configuration.texts ?? settings.texts)[keyPath: text.path](count)
    }
}

// The C accessors. Each reads or writes through GObject's own property machinery, so the
// checks, the critical for a setting set too late and the notification are the property's.

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
private func writeString(_ widget: UnsafeMutableRawPointer?, _ name: String, _ text: UnsafePointer<CChar>?) {
    writeProperty(widget, name, cgtk_type_string()) { g_value_set_string($0, text) }
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

/// `refresh_list_set_item_type`: sets the `item-type` property.
@_cdecl("refresh_list_set_item_type")
public func refreshListSetItemType(_ widget: UnsafeMutableRawPointer?, _ type: GType) {
    writeProperty(widget, "item-type", cgtk_type_gtype()) { g_value_set_gtype($0, type) }
}

/// `refresh_list_get_key_property`: reads the `key-property` property.
@_cdecl("refresh_list_get_key_property")
public func refreshListGetKeyProperty(_ widget: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    readString(widget, "key-property")
}

/// `refresh_list_set_key_property`: sets the `key-property` property.
@_cdecl("refresh_list_set_key_property")
public func refreshListSetKeyProperty(_ widget: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?) {
    writeString(widget, "key-property", name)
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

/// `refresh_list_set_paging`: sets the `paging` property.
@_cdecl("refresh_list_set_paging")
public func refreshListSetPaging(_ widget: UnsafeMutableRawPointer?, _ paging: gint) {
    writeEnum(widget, "paging", RefreshListType.pagingType, paging)
}

/// `refresh_list_get_place_key`: reads the `place-key` property.
@_cdecl("refresh_list_get_place_key")
public func refreshListGetPlaceKey(_ widget: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    readString(widget, "place-key")
}

/// `refresh_list_set_place_key`: sets the `place-key` property.
@_cdecl("refresh_list_set_place_key")
public func refreshListSetPlaceKey(_ widget: UnsafeMutableRawPointer?, _ key: UnsafePointer<CChar>?) {
    writeString(widget, "place-key", key)
}

/// `refresh_list_get_last_updated_key`: reads the `last-updated-key` property.
@_cdecl("refresh_list_get_last_updated_key")
public func refreshListGetLastUpdatedKey(_ widget: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    readString(widget, "last-updated-key")
}

/// `refresh_list_set_last_updated_key`: sets the `last-updated-key` property.
@_cdecl("refresh_list_set_last_updated_key")
public func refreshListSetLastUpdatedKey(_ widget: UnsafeMutableRawPointer?, _ key: UnsafePointer<CChar>?) {
    writeString(widget, "last-updated-key", key)
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
