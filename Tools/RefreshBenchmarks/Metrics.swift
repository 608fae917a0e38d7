// One JSON object per metric, printed on stdout by each benchmark and collected by the
// orchestrator, which adds ratios against the baselines measured in the same run.

import Foundation

/// One measured figure.
struct Metric: Codable {
    var benchmark: Int
    var name: String
    var value: Double
    var unit: String
    var baseline: Double?
    var ratio: Double?
    var goal: String?
    var met: Bool?
    var detail: String?

    init(
        _ benchmark: Int, _ name: String, _ value: Double, _ unit: String, baseline: Double? = nil,
        ratio: Double? = nil, goal: String? = nil, met: Bool? = nil, detail: String? = nil
    ) {
        self.benchmark = benchmark
        self.name = name
        self.value = value
        self.unit = unit
        self.baseline = baseline
        self.ratio = ratio
        self.goal = goal
        self.met = met
        self.detail = detail
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}

/// Prints a metric as one JSON line (for the orchestrator to collect).
func emit(_ metric: Metric) {
    FileHandle.standardOutput.write(Data((metric.json + "\n").utf8))
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let index = min(sorted.count - 1, max(0, Int((p / 100 * Double(sorted.count - 1)).rounded())))
    return sorted[index]
}

/// Resident set size of this process in KiB (VmRSS).
func residentKiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let digits = line.split(separator: " ").compactMap { Double($0) }
        if let kib = digits.first { return kib }
    }
    return .nan
}

/// Microseconds on CLOCK_MONOTONIC (the clock g_get_monotonic_time reads).
func monotonicMicroseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
}

/// Microseconds of processor time the whole process (every thread, the renderer's too) has used:
/// a frame's cost that a loaded machine's waiting for a processor does not inflate.
func processCPUMicroseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
}
