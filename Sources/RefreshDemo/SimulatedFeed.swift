// A deterministic feed that needs nothing: it starts with `total` posts; every refresh after
// the first finds a few new ones "arrived" since the last, and pages walk back through older
// posts. Latency and failures come from the controls, drawn from a seeded generator so a run
// can be repeated.

import FoundationEssentials
import GtkInterop
import GtkRefreshList
import SeededRandom

/// One row of the demo.
struct FeedItem: Identifiable, Sendable, Equatable {
    let id: String
    let title: String
    let detail: String
}

/// A simulated failure, shown to the user.
struct SimulatedFailure: LocalizedError {
    var errorDescription: String? { localized("The server did not answer (simulated)") }
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
