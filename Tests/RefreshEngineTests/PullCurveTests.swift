// The resistance curve and the arrow mapping.

import RefreshEngine
import XCTest

final class PullCurveTests: XCTestCase {
    func testHeightIsMonotonicContinuousAndCapped() {
        var previous = 0.0
        var pull = 0.0
        while pull <= 10_000 {
            let height = PullCurve.visibleHeight(pull: pull, threshold: 64, maximum: 128)
            XCTAssertGreaterThanOrEqual(height, previous, "monotonic at \(pull)")
            XCTAssertLessThanOrEqual(height - previous, 0.25 + 1e-9, "continuous (slope ≤ 1) at \(pull)")
            XCTAssertLessThan(height, 128, "capped at \(pull)")
            previous = height
            pull += 0.25
        }
        XCTAssertEqual(
            PullCurve.visibleHeight(pull: 32, threshold: 64, maximum: 128), 32, "one to one below the threshold")
        XCTAssertEqual(PullCurve.visibleHeight(pull: 64, threshold: 64, maximum: 128), 64, "fully open when armed")
        XCTAssertEqual(PullCurve.visibleHeight(pull: 128, threshold: 64, maximum: 128), 96, "resistance past it")
        XCTAssertEqual(PullCurve.visibleHeight(pull: -5, threshold: 64, maximum: 128), 0)
        XCTAssertEqual(PullCurve.visibleHeight(pull: 500, threshold: 64, maximum: 64), 64, "no room: held at threshold")
    }

    func testArrowIsFlatUntilSixtyPercentThenLinearToHalfATurn() {
        let cases: [(Double, Double)] = [
            (0, 0), (0.3, 0), (0.6, 0), (0.7, 45), (0.8, 90), (0.9, 135), (1, 180), (2, 180),
        ]
        for (progress, degrees) in cases {
            XCTAssertEqual(PullCurve.arrowDegrees(progress: progress), degrees, accuracy: 1e-9, "at \(progress)")
        }
        XCTAssertEqual(PullCurve.progress(pull: 32, threshold: 64), 0.5)
        XCTAssertEqual(PullCurve.progress(pull: 640, threshold: 64), 1)
        XCTAssertEqual(PullCurve.progress(pull: -1, threshold: 64), 0)
    }
}
