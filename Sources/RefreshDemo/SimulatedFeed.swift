// A deterministic feed that needs nothing: it starts with `total` posts; every refresh after
// the first finds a few new ones "arrived" since the last, and pages walk back through older
// posts. Latency and failures come from the controls, drawn from a seeded generator so a run
// can be repeated.

import FoundationEssentials
import GtkInterop
import GtkRefreshList
import SeededRandom
import TimelineRows

/// A simulated failure, shown to the user.
struct SimulatedFailure: Error, CustomStringConvertible {
    var description: String { localized("The server did not answer (simulated)") }
}

@MainActor
final class SimulatedFeed {
    var latencyMilliseconds: Int
    var failRate: Double
    var pageSize: Int
    private(set) var newest: Int
    private var random: SplitMix64
    private var refreshes = 0
    private static let topics = [
        "Swift on Linux", "GTK 4 list views", "Pull to refresh", "Wheel notches", "Touchpad scrolling",
        "Kinetic scrolling", "Accessibility", "Paging", "Watchdog timers", "Deduplication",
    ]

    init(total: Int, pageSize: Int, latencyMilliseconds: Int, failRate: Double, seed: UInt64) {
        newest = total
        self.pageSize = pageSize
        self.latencyMilliseconds = latencyMilliseconds
        self.failRate = failRate
        random = SplitMix64(seed: seed)
    }

    /// Resets the feed to hold `total` posts.
    func reset(total: Int) {
        newest = total
        refreshes = 0
    }

    /// The newest page; after the first refresh, 0…3 new posts arrive each time.
    func refresh() async throws -> Page<FeedItem> {
        try await simulateNetwork()
        if refreshes > 0 { newest += Int(random.next() % 4) }
        refreshes += 1
        return page(1)
    }

    /// Page `number` (1-based), walking back from the newest post.
    func load(page number: Int) async throws -> Page<FeedItem> {
        try await simulateNetwork()
        return page(number)
    }

    /// The cursor form: rows placed by the ids of rows shown, so the list can open where it
    /// was left (`.at`) and load the posts above it (`.newer`).
    func load(_ request: PageRequest<String>) async throws -> Page<FeedItem> {
        switch request {
        case .newest:
            return try await refresh()
        case .at(let id):
            try await simulateNetwork()
            // A post the feed no longer holds (it began anew): nothing there.
            guard let number = Self.number(id), number <= newest else { return Page([], hasMore: false) }
            return posts(from: number)
        case .older(let id):
            try await simulateNetwork()
            return posts(from: (Self.number(id) ?? 1) - 1)
        case .newer(let id):
            try await simulateNetwork()
            let above = Self.number(id) ?? newest
            let top = min(newest, above + pageSize)
            return Page(stride(from: top, to: above, by: -1).map(item), hasMore: top < newest)
        }
    }

    /// Up to a page of posts from `number` down.
    private func posts(from number: Int) -> Page<FeedItem> {
        let end = max(0, number - pageSize)
        guard number > 0 else { return Page([], hasMore: false) }
        return Page(stride(from: number, to: end, by: -1).map(item), hasMore: end > 0)
    }

    /// The post number in an id ("post-57").
    private static func number(_ id: String) -> Int? {
        id.hasPrefix("post-") ? Int(id.dropFirst(5)) : nil
    }

    private func page(_ number: Int) -> Page<FeedItem> {
        let start = newest - (number - 1) * pageSize
        let end = max(0, start - pageSize)
        guard start > 0 else { return Page([], hasMore: false) }
        let items = stride(from: start, to: end, by: -1).map(item)
        return Page(items, hasMore: end > 0)
    }

    private func item(_ number: Int) -> FeedItem {
        let topic = Self.topics[number % Self.topics.count]
        return FeedItem(
            id: "post-\(number)", title: "#\(number) \(topic)",
            detail: fill(localized("Post %d of the simulated feed"), String(number)))
    }

    private func simulateNetwork() async throws {
        let fails = Double(random.next() % 10_000) / 10_000 < failRate
        if latencyMilliseconds > 0 { try await Task.sleep(for: .milliseconds(latencyMilliseconds)) }
        if fails { throw SimulatedFailure() }
    }
}
