// --trace: one JSON object per line on stdout, written unbuffered, for every engine event and
// every effect (and two milestones: launch and first frame). The README documents the format.

import CGtk
import GtkInterop
import Glibc
import GtkRefreshList
import RefreshEngine

@MainActor
final class Tracer {
    private let start = g_get_monotonic_time()

    /// Milliseconds since launch on the monotonic clock.
    var milliseconds: Int64 { Int64((g_get_monotonic_time() - start) / 1_000) }

    func milestone(_ name: String, _ extra: [(String, Any)] = []) {
        write([("ms", milliseconds), ("milestone", name), ("monotonicUs", Int64(g_get_monotonic_time()))] + extra)
    }

    /// Traces `event` and the state after it; `failureText` resolves a loader failure's message.
    func event(_ event: Event, engine: RefreshEngine, items: Int, failureText: (FailureID) -> String?) {
        let (name, detail) = Self.describe(event, engine, failureText)
        var fields: [(String, Any)] = [
            ("ms", milliseconds), ("atMs", engine.now.milliseconds - Int64(start / 1_000)), ("event", name),
            ("header", engine.header.state.name),
            ("footer", engine.footer.name), ("items", items), ("height", engine.header.height),
            ("page", engine.paging.currentPage as Any),
            ("wakeUpMonotonicMs", engine.nextWakeUp?.milliseconds as Any),
            ("placeholder", Self.name(engine.placeholder)), ("newAbove", engine.newAbove),
            ("newerRows", engine.newerRows.name), ("pill", engine.pill.name),
        ]
        if let inFlight = engine.inFlight {
            switch inFlight {
            case .refresh(let token): fields.append(("inFlight", "refresh#\(token.rawValue)"))
            case .loadMore(let token, let page): fields.append(("inFlight", "loadMore#\(token.rawValue) page \(page)"))
            }
        }
        fields += detail
        write(fields)
    }

    /// Writes `effect`; `place` is the place it saves or restores (the first row in view's id
    /// and its top, px from the top of the view), for `persistPlace` and `applyRestore`.
    func effect(_ effect: Effect, place: (id: String, top: Double)? = nil) {
        var fields: [(String, Any)] = [("ms", milliseconds)]
        defer {
            if let place { fields += [("id", place.id), ("top", place.top)] }
            write(fields)
        }
        switch effect {
        case .startRefresh(let token, let origin):
            fields += [("effect", "startRefresh"), ("token", token.rawValue), ("origin", origin.name)]
        case .startLoadMore(let token, let page):
            fields += [("effect", "startLoadMore"), ("token", token.rawValue), ("page", page)]
        case .cancel(let token): fields += [("effect", "cancel"), ("token", token.rawValue)]
        case .applyRefresh(let token): fields += [("effect", "applyRefresh"), ("token", token.rawValue)]
        case .applyPage(let token, let page):
            fields += [("effect", "applyPage"), ("token", token.rawValue), ("page", page)]
        case .persistLastUpdated(let instant):
            fields += [("effect", "persistLastUpdated"), ("wallClockMs", instant.millisecondsSince1970)]
        case .scrollToTop: fields += [("effect", "scrollToTop")]
        case .keepPlace: fields += [("effect", "keepPlace")]
        case .startLoadNewer(let token): fields += [("effect", "startLoadNewer"), ("token", token.rawValue)]
        case .applyNewer(let token): fields += [("effect", "applyNewer"), ("token", token.rawValue)]
        case .applyRestore(let token): fields += [("effect", "applyRestore"), ("token", token.rawValue)]
        case .persistPlace: fields += [("effect", "persistPlace")]
        case .insertArrivals: fields += [("effect", "insertArrivals")]
        case .dropRows(let above, let below): fields += [("effect", "dropRows"), ("above", above), ("below", below)]
        case .announce(let announcement): fields += [("effect", "announce"), ("announcement", "\(announcement)")]
        case .scrollView(let offset): fields += [("effect", "scrollView"), ("offset", offset)]
        case .viewSettled(let focusesNewestRow):
            fields += [("effect", "viewSettled"), ("focusesNewestRow", focusesNewestRow)]
        }
    }

    /// The trace's word for `placeholder`.
    static func name(_ placeholder: Placeholder) -> String {
        switch placeholder {
        case .none: "none"
        case .loading: "loading"
        case .empty: "empty"
        case .failed: "failed"
        }
    }

    private static func describe(_ input: PullInput) -> (String, [(String, Any)]) {
        switch input {
        case .wheel(let notches): ("pull", [("kind", "wheel"), ("delta", notches)])
        case .touchpad(let distance): ("pull", [("kind", "touchpad"), ("delta", distance)])
        case .drag(let distance, _): ("pull", [("kind", "drag"), ("delta", distance)])
        }
    }

    private static func describe(
        _ event: Event, _ engine: RefreshEngine, _ failureText: (FailureID) -> String?
    ) -> (String, [(String, Any)]) {
        switch event {
        case .geometry(let offset, let content, let viewport):
            ("geometry", [("offset", offset), ("contentHeight", content), ("viewportHeight", viewport)])
        case .gestureBegan(let kind): ("gestureBegan", [("kind", kind.name)])
        case .pull(let input): describe(input)
        // Traced as the pull the engine took it for (its classification depends only on its
        // configuration), so a trace reads the same whatever the display server reported.
        case .scroll(let sample): describe(engine.pullInput(for: sample))
        case .gestureEnded(let kind, let cancelled): ("gestureEnded", [("kind", kind.name), ("cancelled", cancelled)])
        case .edgeHint(let edge): ("edgeHint", [("edge", edge.name)])
        case .tick: ("tick", [])
        case .presented: ("presented", [])
        case .refreshRequested: ("refreshRequested", [])
        case .loadMoreRequested: ("loadMoreRequested", [])
        case .headerHidden(let hidden): ("headerHidden", [("hidden", hidden)])
        case .footerHidden(let hidden): ("footerHidden", [("hidden", hidden)])
        case .refreshCompleted(let token, let outcome, _):
            ("refreshCompleted", [("token", token.rawValue)] + describe(outcome, failureText))
        case .loadMoreCompleted(let token, let outcome):
            ("loadMoreCompleted", [("token", token.rawValue)] + describe(outcome, failureText))
        case .itemsShown(let count): ("itemsShown", [("count", count)])
        case .refreshApplied(let shown, let new, let above, let viewKept):
            ("refreshApplied", [("count", shown), ("new", new), ("insertedAbove", above), ("viewKept", viewKept)])
        case .rowsInsertedAbove(let count): ("rowsInsertedAbove", [("count", count)])
        case .rowsAboveView(let count): ("rowsAboveView", [("count", count)])
        case .pillActivated(let hadFocus): ("pillActivated", [("hadFocus", hadFocus)])
        case .restoreCompleted(let token, let outcome, let found):
            ("restoreCompleted", [("token", token.rawValue), ("found", found)] + describe(outcome, failureText))
        case .loadNewerCompleted(let token, let outcome):
            ("loadNewerCompleted", [("token", token.rawValue)] + describe(outcome, failureText))
        case .newerApplied(let shown, let added): ("newerApplied", [("count", shown), ("added", added)])
        case .rowsInView(let first, let last): ("rowsInView", [("first", first), ("last", last)])
        case .rowsArrivedAboveShown(let count): ("rowsArrivedAboveShown", [("count", count)])
        case .maximumRowsChanged(let count): ("maximumRowsChanged", [("count", count)])
        case .arrivalsWaiting(let count): ("arrivalsWaiting", [("count", count)])
        case .rowsGoingIn(let index, let count, let first):
            ("rowsGoingIn", [("index", index), ("count", count)] + describe(first, "firstInView"))
        case .rowsGoingInAbove(let top): ("rowsGoingInAbove", [("focusedRowTop", top as Any)])
        case .savedRowShown(let place): ("savedRowShown", describe(place, "row"))
        case .rowsDroppedAbove(let count, let first):
            ("rowsDroppedAbove", [("count", count)] + describe(first, "firstInView"))
        case .listResizing(let offset): ("listResizing", [("offset", offset)])
        case .listAllocated(let heightChanged): ("listAllocated", [("heightChanged", heightChanged)])
        case .newestRowFocused: ("newestRowFocused", [])
        case .layout(let facts):
            (
                "layout",
                [("offset", facts.offset), ("focusedRowTop", facts.focusedTop as Any)]
                    + describe(facts.measuredRow, "measuredRow")
            )
        case .listShown(let shown): ("listShown", [("shown", shown)])
        case .configurationChanged(let configuration):
            (
                "configurationChanged",
                [
                    ("pullThreshold", configuration.pullThreshold), ("pageSize", configuration.pageSize),
                    ("loadMoreDistance", configuration.loadMoreDistance ?? -1),
                    ("refreshMerge", "\(configuration.refreshMerge)"),
                ]
            )
        }
    }

    /// A row's place as two fields, `<name>Position` and `<name>Top` (null when there is none).
    private static func describe(_ place: RowPlace?, _ name: String) -> [(String, Any)] {
        [(name + "Position", place?.position as Any), (name + "Top", place?.top as Any)]
    }

    private static func describe(_ outcome: Outcome, _ failureText: (FailureID) -> String?) -> [(String, Any)] {
        switch outcome {
        case .success(let received, let hasMore):
            [("outcome", "success"), ("received", received), ("hasMore", hasMore as Any)]
        case .failure(let failure): [("outcome", "failure"), ("message", failureText(failure) ?? "\(failure)")]
        }
    }

    private func write(_ fields: [(String, Any)]) {
        let body = fields.map { "\(Self.quote($0.0)):\(Self.json($0.1))" }.joined(separator: ",")
        let line = "{\(body)}\n"
        _ = line.withCString { Glibc.write(STDOUT_FILENO, $0, strlen($0)) }
    }

    private static func json(_ value: Any) -> String {
        switch value {
        case let value as String: return quote(value)
        case let value as Bool: return value ? "true" : "false"
        case let value as Int: return String(value)
        case let value as Int64: return String(value)
        case let value as UInt64: return String(value)
        case let value as Double: return value.isFinite ? String(value) : "null"
        case let value as Optional<Any>:
            if case .some(let wrapped) = value { return json(wrapped) }
            return "null"
        default: return quote("\(value)")
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
