// The timeline cache's own thread: a serial dispatch queue that is the cache actor's executor.
// The main thread hands it jobs and goes on drawing; each job runs after every job handed
// before it (writes land in the order they were asked, a read sees every earlier write) and its
// answer comes back on the main loop, in the same order (libdispatch's main queue, which the
// demo drains from GLib: MainLoopBridge). Plain `Task`s sent to the actor would not keep that
// order; `await`, as the tests use it, runs on the same queue.

import Dispatch

/// A serial queue as an actor's executor: the actor's jobs, and the cache's own, run on it one
/// at a time, in order, off the main thread.
final class CacheQueue: SerialExecutor {
    let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func checkIsolated() { dispatchPrecondition(condition: .onQueue(queue)) }
}

extension TimelineCache {
    /// Runs `work` on the cache's queue after every job queued before it, then gives its result
    /// to `deliver` on the main loop, after the results of those jobs. Never waits.
    nonisolated func run<Value: Sendable>(
        _ work: @escaping @Sendable (isolated TimelineCache) throws(TimelineCacheError) -> Value,
        then deliver: @escaping @Sendable @MainActor (Result<Value, TimelineCacheError>) -> Void
    ) {
        queue.queue.async {
            let result = self.assumeIsolated { cache in
                Result { () throws(TimelineCacheError) -> Value in try work(cache) }
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { deliver(result) } }
        }
    }

    /// Waits until every job queued so far is done: their writes are on disk. For quitting
    /// only, where the last statuses and warnings must not be lost; it waits as long as those
    /// writes do (another program's lock: up to the busy timeout).
    nonisolated func flush() {
        queue.queue.sync {}
    }
}
