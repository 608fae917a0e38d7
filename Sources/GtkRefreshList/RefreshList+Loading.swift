// Running the app's loaders: async ones as tasks, callback ones with an answer channel that
// can be cancelled. Every answer goes back to the engine tagged with its token, and only
// answers the engine accepts ever touch the rows.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The error a refresh or page fails with when no loader was given.
public struct MissingLoaderError: Error, CustomStringConvertible {
    /// Which loader is missing.
    public let description: String
}

extension RefreshList {
    /// The loaders, and what runs for them now.
    struct Loading {
        var refreshLoader: Loader<RefreshLoader, RefreshCallback> = .none
        var pageLoader: Loader<PageLoader, PageCallback> = .none
        /// The cursor form, which takes over from both when given (RefreshList+Place.swift).
        var cursor: Cursor?
        /// The async loaders' tasks still running, to cancel them.
        var tasks: [OperationToken: Task<Void, Never>] = [:]
        /// The answer channels of callback-style loaders still running, to cancel them.
        var requests: [OperationToken: Completion] = [:]
        /// Answers the engine accepted, until their effect puts them in the rows.
        var answers: [OperationToken: Page<Item>] = [:]
        /// The texts of loader failures, by the id the engine carries; only those the engine
        /// still refers to are kept once the event queue is empty.
        var failureTexts: [FailureID: String] = [:]
        var nextFailureID: UInt32 = 1
    }

    func startRefreshLoader(_ token: OperationToken) {
        if loading.cursor != nil {
            runCursorLoader(token, .newest) { list, result in list.deliver(token, result, isRefresh: true) }
            return
        }
        switch loading.refreshLoader {
        case .none:
            deliver(token, .failure(MissingLoaderError(description: "no refresh loader")), isRefresh: true)
        case .async(let load):
            loading.tasks[token] = Task { @MainActor [weak self] in
                let result: Result<Page<Item>, any Error>
                do { result = .success(try await load()) } catch { result = .failure(error) }
                self?.deliver(token, result, isRefresh: true)
            }
        case .callback(let load):
            load(request(token, isRefresh: true))
        }
    }

    func startPageLoader(_ token: OperationToken, page: Int) {
        if loading.cursor != nil, let last = model.items.last {
            runCursorLoader(token, .older(than: last.id)) { list, result in
                list.deliver(token, result, isRefresh: false)
            }
            return
        }
        switch loading.pageLoader {
        case .none:
            deliver(token, .failure(MissingLoaderError(description: "no page loader")), isRefresh: false)
        case .async(let load):
            loading.tasks[token] = Task { @MainActor [weak self] in
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
        loading.requests[token] = request
        return request
    }

    /// Hands a loader's answer to the engine; the rows change only if it emits an apply effect.
    func deliver(_ token: OperationToken, _ result: Result<Page<Item>, any Error>, isRefresh: Bool) {
        guard !isDisposed else { return }
        loading.tasks[token] = nil
        loading.requests[token] = nil
        let outcome = outcome(token, result)
        send(
            isRefresh
                ? .refreshCompleted(token, outcome, wallClock: Self.wallClockNow())
                : .loadMoreCompleted(token, outcome))
    }

    /// The engine's word for a loader's result; a page is kept for the effect that applies it.
    func outcome(_ token: OperationToken, _ result: Result<Page<Item>, any Error>) -> Outcome {
        switch result {
        case .success(let page):
            loading.answers[token] = page
            return .success(received: page.items.count, hasMore: page.hasMore)
        case .failure(let error):
            return .failure(keepFailureText(Self.message(for: error)))
        }
    }

    /// Keeps a loader's failure text under a new id for the engine to carry.
    private func keepFailureText(_ text: String) -> FailureID {
        let id = FailureID(rawValue: loading.nextFailureID)
        loading.nextFailureID = loading.nextFailureID == .max ? 1 : loading.nextFailureID + 1
        loading.failureTexts[id] = text
        return id
    }

    /// The text of a failure the engine reports: the loader's own words, or the engine's
    /// timeout in the user's language.
    package func failureText(_ failure: FailureID?) -> String? {
        guard let failure else { return nil }
        // Translators: why a refresh or a page failed, when the loader did not answer in time.
        if failure == .timedOut { return localized("timed out") }
        return loading.failureTexts[failure]
    }

    /// What a loader's error says to the user: its description (an error that is
    /// `CustomStringConvertible` words it itself). The widget uses no Foundation, so a library
    /// that carries its Swift runtime stays small.
    static func message(for error: any Error) -> String { String(describing: error) }
}
