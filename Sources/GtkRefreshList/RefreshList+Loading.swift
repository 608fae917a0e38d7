// Running the app's loaders and carrying out the engine's effects. Events are queued while
// effects run, so a loader that answers synchronously (or twice) never re-enters the engine
// mid-effect; every answer goes back to the engine tagged with its token, and only answers
// the engine accepts ever touch the rows.

import CGtk
internal import GtkInterop
import Foundation
import RefreshEngine

/// The error a refresh or page fails with when no loader was given.
public struct MissingLoaderError: Error, CustomStringConvertible {
    /// Which loader is missing.
    public let description: String
}

extension RefreshList {
    /// Sends one event to the engine, carries out its effects, then renders.
    func send(_ event: Event) {
        guard !isDisposed else { return }
        pendingEvents.append(event)
        guard !isDraining else { return }
        drain { }
    }

    /// Carries out `effects` (the engine's answer to `begin`), then every queued event, then renders.
    func drain(_ effects: Effects) {
        drain { perform(effects) }
    }

    /// Runs `first` (which may perform effects), then every queued event, then renders once.
    private func drain(_ first: () -> Void) {
        isDraining = true
        first()
        while !pendingEvents.isEmpty, !isDisposed {
            let event = pendingEvents.removeFirst()
            let effects = engine.handle(event, at: Self.monotonicNow())
            if case .pull = event { lastInputTaken = effects.tookInput }
            eventObserver?(event, engine)
            perform(effects)
        }
        isDraining = false
        // Answers the engine did not take (late, duplicate, crossed) are dropped here.
        answers.removeAll()
        render()
    }

    private func perform(_ effects: Effects) {
        for effect in effects {
            guard !isDisposed else { return }
            effectObserver?(effect)
            switch effect {
            case .startRefresh(let token, _):
                startRefreshLoader(token)
            case .startLoadMore(let token, let page):
                startPageLoader(token, page: page)
            case .cancel(let token):
                tasks.removeValue(forKey: token)?.cancel()
                requests.removeValue(forKey: token)?.cancel()
            case .applyRefresh(let token):
                guard let page = answers.removeValue(forKey: token) else { break }
                applyRefresh(page)
                pendingEvents.append(.itemsShown(items.count))
            case .applyPage(let token, _):
                guard let page = answers.removeValue(forKey: token) else { break }
                applyPage(page)
                pendingEvents.append(.itemsShown(items.count))
            case .scheduleWakeUp(let instant):
                let delay = max(0, min(instant - Self.monotonicNow(), Int64(UInt32.max)))
                wakeUpTimer.schedule(after: UInt32(delay)) { [weak self] in
                    guard let self else { return }
                    self.wakeUpTimer.fired()
                    self.send(.tick)
                }
            case .persistLastUpdated(let instant):
                if let key = configuration.lastUpdatedKey { lastUpdatedStore?.save(instant, key: key) }
            case .announce(let announcement):
                announce(announcement)
            }
        }
    }

    private func startRefreshLoader(_ token: OperationToken) {
        switch refreshLoader {
        case .none:
            deliver(token, .failure(MissingLoaderError(description: "no refresh loader")), isRefresh: true)
        case .async(let load):
            tasks[token] = Task { @MainActor [weak self] in
                let result: Result<Page<Item>, any Error>
                do { result = .success(try await load()) } catch { result = .failure(error) }
                self?.deliver(token, result, isRefresh: true)
            }
        case .callback(let load):
            load(request(token, isRefresh: true))
        }
    }

    private func startPageLoader(_ token: OperationToken, page: Int) {
        switch pageLoader {
        case .none:
            deliver(token, .failure(MissingLoaderError(description: "no page loader")), isRefresh: false)
        case .async(let load):
            tasks[token] = Task { @MainActor [weak self] in
                let result: Result<Page<Item>, any Error>
                do { result = .success(try await load(page)) } catch { result = .failure(error) }
                self?.deliver(token, result, isRefresh: false)
            }
        case .callback(let load):
            load(page, request(token, isRefresh: false))
        }
    }

    /// The answer channel for a callback-style loader of `token`, kept until it answers or is
    /// cancelled.
    private func request(_ token: OperationToken, isRefresh: Bool) -> Completion {
        let request = Completion { [weak self] result in self?.deliver(token, result, isRefresh: isRefresh) }
        requests[token] = request
        return request
    }

    /// Hands a loader's answer to the engine; the rows change only if it emits an apply effect.
    func deliver(_ token: OperationToken, _ result: Result<Page<Item>, any Error>, isRefresh: Bool) {
        guard !isDisposed else { return }
        tasks[token] = nil
        requests[token] = nil
        let outcome: Outcome
        switch result {
        case .success(let page):
            answers[token] = page
            outcome = .success(received: page.items.count, hasMore: page.hasMore)
        case .failure(let error):
            outcome = .failure(message: Self.message(for: error))
        }
        send(isRefresh
            ? .refreshCompleted(token, outcome, wallClock: Self.wallClockNow())
            : .loadMoreCompleted(token, outcome))
    }

    static func message(for error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }

    private func announce(_ announcement: Announcement) {
        let text: String
        let region: WidgetPointer
        switch announcement {
        case .refreshStarted:
            text = configuration.texts.refreshing
            region = parts.header
        case .refreshed:
            let count = newRowsInLastRefresh
            text = String(format: translatePlural(
                "Refreshed, %d new item", "Refreshed, %d new items", count: count, domain: refreshListTextDomain), count)
            region = parts.header
        case .refreshFailed:
            text = configuration.texts.refreshFailed + (engine.failureMessage.map { ": " + $0 } ?? "")
            region = parts.header
        case .loadFailed:
            text = configuration.texts.loadFailed + (engine.footerFailureMessage.map { ": " + $0 } ?? "")
            region = parts.footer
        case .noMoreItems:
            text = configuration.texts.noMoreItems
            region = parts.footer
        }
        lastAnnouncement = text
        cgtk_accessible_set_string(region, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
    }
}
