// The two mappings from pull distance to what the header shows. Kept apart from the state
// machine so their shape (monotonic, continuous, capped) can be tested on its own.

/// How a pull distance becomes a visible header height and an arrow angle.
public enum PullCurve {
    /// Visible header height (px) for a pull of `pull` px.
    ///
    /// The header follows the pull one to one up to the threshold, so it is fully open exactly
    /// when the pull arms; past the threshold, resistance grows and the height approaches
    /// `maximum` without reaching it. The slope is 1 on both sides of the threshold, so the
    /// motion has no visible kink.
    public static func visibleHeight(pull: Double, threshold: Double, maximum: Double) -> Double {
        guard pull > 0 else { return 0 }
        guard pull > threshold else { return pull }
        let room = maximum - threshold
        guard room > 0 else { return threshold }
        let beyond = pull - threshold
        return threshold + room * beyond / (beyond + room)
    }

    /// Pull progress: pull ÷ threshold, clamped to 0...1.
    public static func progress(pull: Double, threshold: Double) -> Double {
        min(max(pull / threshold, 0), 1)
    }

    /// Arrow rotation (degrees) for a progress: 0 until 60 %, then linear to 180 at 100 %, the
    /// mapping of the iOS component this interaction comes from.
    public static func arrowDegrees(progress: Double) -> Double {
        // (progress − 0.6) ÷ 0.4 × 180, written so that exact progress values give exact angles.
        guard progress > 0.6 else { return 0 }
        return min(progress * 5 - 3, 2) * 90
    }
}
