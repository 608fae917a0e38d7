// The widget's GObject properties, answered from the engine's state, and their `notify`: sent
// after each batch of events for each property whose value changed, so a binding or a `.ui`
// file sees the same states the header and footer show.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The property values last notified.
struct NotifiedProperties: Equatable {
    var headerState = HeaderState.idle
    var footerState = FooterState.hidden
    var isRefreshing = false
    var isHeaderHidden = false
    var isFooterHidden = false
    var preparesRows = true
    var maximumRows = RefreshConfiguration.standard.maximumRows
    var newAbove = 0
    var newerRows = NewerRows.none
    var hasStarted = false
}

extension ListDriver: RefreshListDriver {
    var headerStateForProperty: HeaderState { engine.header.state }
    var footerStateForProperty: FooterState { engine.footer }
    var isRefreshingForProperty: Bool {
        if case .refresh = engine.inFlight { return true }
        return false
    }
    var pullThresholdForProperty: Double { engine.configuration.pullThreshold }
    var presentation: ListPresentation {
        get {
            ListPresentation(
                headerHidden: isHeaderHidden, footerHidden: isFooterHidden, preparesRows: preparesRows,
                maximumRows: maximumRows)
        }
        set {
            if newValue.headerHidden != isHeaderHidden { isHeaderHidden = newValue.headerHidden }
            if newValue.footerHidden != isFooterHidden { isFooterHidden = newValue.footerHidden }
            if newValue.preparesRows != preparesRows { preparesRows = newValue.preparesRows }
            if let rows = newValue.maximumRows, rows != maximumRows { maximumRows = rows }
        }
    }
    var headerTakesRoom: Bool { rendered.headerTakesRoom }
    func listAllocated(heightChanged: Bool) {
        // Only the allocation a resize waits for is a fact the placement uses.
        if engine.placement.awaitsAllocation { place(.listAllocated(heightChanged: heightChanged)) }
    }
    var rowStoreForProperty: OpaquePointer { parts.rowStore }
    var pagesByCursor: Bool { loading.cursor != nil }
    var newAboveForProperty: Int { engine.newAbove }
    var newerRowsForProperty: NewerRows { engine.newerRows }
    var hasStartedForProperty: Bool { hasStarted }

    func refreshFromHost() { refresh() }

    func widgetDisposed() { dispose() }

    /// The properties' values now.
    private var propertyValues: NotifiedProperties {
        NotifiedProperties(
            headerState: headerStateForProperty, footerState: footerStateForProperty,
            isRefreshing: isRefreshingForProperty, isHeaderHidden: isHeaderHidden, isFooterHidden: isFooterHidden,
            preparesRows: preparesRows, maximumRows: maximumRows, newAbove: newAboveForProperty,
            newerRows: newerRowsForProperty,
            hasStarted: hasStarted)
    }

    /// Sends `notify` for every property whose value changed since the last call.
    func notifyProperties() {
        guard !isDisposed else { return }
        let now = propertyValues
        let before = notified
        guard now != before else { return }
        notified = now
        let object: UnsafeMutablePointer<GObject> = cast(widget.raw)
        g_object_freeze_notify(object)
        if now.headerState != before.headerState { g_object_notify(object, "header-state") }
        if now.footerState != before.footerState { g_object_notify(object, "footer-state") }
        if now.isRefreshing != before.isRefreshing { g_object_notify(object, "refreshing") }
        if now.isHeaderHidden != before.isHeaderHidden { g_object_notify(object, "header-hidden") }
        if now.isFooterHidden != before.isFooterHidden { g_object_notify(object, "footer-hidden") }
        if now.preparesRows != before.preparesRows { g_object_notify(object, "prepares-rows") }
        if now.maximumRows != before.maximumRows { g_object_notify(object, "max-rows") }
        if now.newAbove != before.newAbove { g_object_notify(object, "new-above") }
        if now.newerRows != before.newerRows { g_object_notify(object, "newer-state") }
        if now.hasStarted != before.hasStarted { g_object_notify(object, "started") }
        g_object_thaw_notify(object)
    }
}
