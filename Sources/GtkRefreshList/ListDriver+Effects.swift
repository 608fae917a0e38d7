// Carrying out what the engine decided: loaders started and cancelled, answers applied to the
// rows, the last-updated instant stored, announcements made. Nothing here
// decides; each effect is done as the engine said.

import CGtk
internal import GtkInterop
import RefreshEngine

extension ListDriver {
    func perform(_ effects: Effects) {
        for effect in effects {
            guard !isDisposed else { return }
            effectObserver?(effect)
            switch effect {
            case .startRefresh(let token, .restore):
                startRestoreLoader(token)
            case .startRefresh(let token, _):
                startRefreshLoader(token)
            case .startLoadNewer(let token):
                startNewerLoader(token)
            case .applyNewer(let token):
                guard let page = loading.answers.removeValue(forKey: token) else { break }
                let added = applyNewer(page)
                queue.enqueue(.newerApplied(shown: model.items.count, added: added), at: Self.monotonicNow())
            case .applyRestore(let token):
                guard let page = loading.answers.removeValue(forKey: token) else { break }
                applyRestore(page)
                queue.enqueue(.itemsShown(model.items.count), at: Self.monotonicNow())
            case .dropRows(let above, let below):
                dropRows(above: above, below: below)
            case .insertArrivals:
                insertArrivals()
            case .persistPlace:
                savePlace()
            case .startLoadMore(let token, let page):
                startPageLoader(token, page: page)
            case .cancel(let token):
                loading.requests.removeValue(forKey: token)?.cancel()
            case .applyRefresh(let token):
                guard let page = loading.answers.removeValue(forKey: token) else { break }
                // Only a replacing answer takes rows away; which were in view is measured before.
                let inView = configuration.engine.refreshMerge == .replace ? idsInView() : []
                let (new, above) = applyRefresh(page)
                let viewKept = inView.isEmpty || inView.contains { isShown($0, nearTop: true) }
                queue.enqueue(
                    .refreshApplied(shown: model.items.count, new: new, insertedAbove: above, viewKept: viewKept),
                    at: Self.monotonicNow())
            case .applyPage(let token, _):
                guard let page = loading.answers.removeValue(forKey: token) else { break }
                applyPage(page)
                queue.enqueue(.itemsShown(model.items.count), at: Self.monotonicNow())
            case .scrollToTop, .keepPlace:
                placeAtNextLayout()
            case .persistLastUpdated(let instant):
                if let key = configuration.lastUpdatedKey { lastUpdatedStore?.save(instant, key: key) }
            case .announce(let announcement):
                announce(announcement)
            case .scrollView(let offset):
                scrollView(to: offset)
            case .viewSettled(let focusesNewestRow):
                if focusesNewestRow { focusNewestRow() }
                viewSettled()
            }
        }
    }
}
