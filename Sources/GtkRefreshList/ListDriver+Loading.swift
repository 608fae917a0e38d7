// Running the app's loaders. Every loader, async or callback, by page number or by cursor,
// from Swift or from a GObject signal (ObjectRows.swift), is run in one shape: asked with what
// to load and answering through a `Completion`, which also carries the list's cancellation (an
// async loader's task is cancelled through it). Every answer goes back to the engine tagged
// with its token, and only answers the engine accepts ever touch the rows.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The error a refresh or page fails with when no loader was given.
public struct MissingLoaderError: Error, CustomStringConvertible {
    /// Which loader is missing.
    public let description: String
}

extension ListDriver {
    /// The one shape every loader runs in: asked for `ask`, it answers through `done`.
    typealias Run<Ask> = @MainActor (_ ask: Ask, _ done: Completion) -> Void

    /// The loaders, and what runs for them now.
    struct Loading {
        /// The page-number form: a refresh, and the pages after the first.
        var refresh: Run<Void>?
        var page: Run<Int>?
        /// The cursor form, which takes over from both when given (ListDriver+Place.swift).
        var cursor: Cursor?
        /// The answer channels of the loads still running, to cancel them.
        var requests: [OperationToken: Completion] = [:]
        /// Answers the engine accepted, until their effect puts them in the rows.
        var answers: [OperationToken: Page<Item>] = [:]
        /// The texts of loader failures, by the id the engine carries; only those the engine
        /// still refers to are kept once the event queue is empty.
        var failureTexts: [FailureID: String] = [:]
        var nextFailureID: UInt32 = 1
    }

    /// An async loader in the one shape: its task answers through `done` and is cancelled
    /// when the list stops waiting.
    static func run<Ask: Sendable>(_ load: @escaping @MainActor (Ask) async throws -> Page<Item>) -> Run<Ask> {
        { ask, done in
            let task = Task { @MainActor in
                let result: Result<Page<Item>, any Error>
                do { result = .success(try await load(ask)) } catch { result = .failure(error) }
                done(result)
            }
            done.onCancel { task.cancel() }
        }
    }

    /// Runs `loader` for `ask` under `token`, its channel kept until it answers or is
    /// cancelled; `answer` gets its result unless the widget went away. With no loader, the
    /// load fails at once saying which is missing.
    func run<Ask>(
        _ token: OperationToken, _ loader: Run<Ask>?, _ ask: Ask, missing: String,
        answer: @escaping @MainActor (ListDriver, Result<Page<Item>, any Error>) -> Void
    ) {
        guard let loader else {
            answer(self, .failure(MissingLoaderError(description: missing)))
            return
        }
        let done = Completion { [weak self] result in
            guard let self, !self.isDisposed else { return }
            self.loading.requests[token] = nil
            answer(self, result)
        }
        loading.requests[token] = done
        loader(ask, done)
    }

    func startRefreshLoader(_ token: OperationToken) {
        if let cursor = loading.cursor {
            run(token, cursor.loader, .newest, missing: "no loader") { $0.deliver(token, $1, isRefresh: true) }
        } else {
            run(token, loading.refresh, (), missing: "no refresh loader") { $0.deliver(token, $1, isRefresh: true) }
        }
    }

    func startPageLoader(_ token: OperationToken, page: Int) {
        if let cursor = loading.cursor, let last = model.items.last {
            run(token, cursor.loader, .older(than: last.id), missing: "no loader") {
                $0.deliver(token, $1, isRefresh: false)
            }
        } else {
            run(token, loading.page, page, missing: "no page loader") { $0.deliver(token, $1, isRefresh: false) }
        }
    }

    /// Hands a loader's answer to the engine; the rows change only if it emits an apply effect.
    func deliver(_ token: OperationToken, _ result: Result<Page<Item>, any Error>, isRefresh: Bool) {
        guard !isDisposed else { return }
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
    func failureText(_ failure: FailureID?) -> String? {
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
