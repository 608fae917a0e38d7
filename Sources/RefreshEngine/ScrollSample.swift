// Which device a scroll event came from decides how it pulls: a wheel notch is a fixed step
// with no release, a finger is continuous and (usually) ends with a stop. Toolkits report the
// same device differently on each display server, so the host hands over what it was told and
// the engine decides, in one table:
//
// | display server, flavour              | sample                          | pull               |
// |--------------------------------------|---------------------------------|--------------------|
// | X11 core buttons 4/5 (Xvfb, xdotool) | notches ±1, mouse               | wheel              |
// | Wayland `axis_discrete`              | notches ±1, mouse               | wheel              |
// | X11 XI2 smooth, mouse wheel          | wheel units (±1 or fractional)  | wheel (fractional) |
// | X11 XI2 smooth, touchpad/trackpoint  | wheel units (fractional)        | touchpad, in px    |
// | Wayland `axis`, source finger        | px, touchpad                    | touchpad           |
// | Wayland `axis`, source continuous    | px, trackpoint                  | touchpad           |
// | Wayland `axis`, source wheel         | px, mouse                       | wheel, 10 px/notch |

/// What a toolkit reported about one vertical scroll event, in the toolkit's own terms and
/// sign (positive moves the content up, toward the end of the list, as GTK's `dy` does).
public struct ScrollSample: Hashable, Sendable {
    /// How the movement was measured.
    public enum Motion: Hashable, Sendable {
        /// Discrete steps (a scroll *direction* event): one per wheel notch.
        case notches(Double)
        /// Smooth scrolling measured in wheel notches, possibly fractional (X11 XI2 valuators).
        case wheelUnits(Double)
        /// Smooth scrolling measured in surface pixels (Wayland `wl_pointer.axis`).
        case pixels(Double)
    }

    /// The physical device class the toolkit named as the source.
    public enum Source: String, Hashable, Sendable, CaseIterable {
        /// A mouse wheel (Wayland axis source `wheel`, X11 mice).
        case mouse
        /// A touchpad (Wayland axis source `finger`, X11 touchpads).
        case touchpad
        /// A trackpoint or other continuous scroller (Wayland axis source `continuous`).
        case trackpoint
        /// Anything else, or not reported.
        case unknown
    }

    /// The movement.
    public var motion: Motion
    /// The device class behind it.
    public var source: Source

    /// Creates a sample.
    public init(_ motion: Motion, source: Source) {
        self.motion = motion
        self.source = source
    }

    /// Surface pixels per wheel notch for a wheel that reports pixels instead of steps: the
    /// step mutter and libinput-based compositors use for one detent.
    public static let pixelsPerWheelNotch = 10.0
}

extension RefreshEngine {
    /// The pull a scroll event makes, decided from how and by what it was measured (see the
    /// table at the top of `ScrollSample.swift`). `.scroll(sample)` pulls with it.
    public func pullInput(for sample: ScrollSample) -> PullInput {
        switch (sample.motion, sample.source) {
        case (.notches(let steps), _):
            // A discrete step is a wheel notch whatever device claims it.
            return .wheel(notches: -steps)
        case (.wheelUnits(let units), .touchpad), (.wheelUnits(let units), .trackpoint):
            // X11 touchpads report fractions of a notch; they follow the fingers like pixels.
            return .touchpad(distance: -units * configuration.wheelNotchDistance)
        case (.wheelUnits(let units), .mouse), (.wheelUnits(let units), .unknown):
            // A high-resolution or XI2 wheel: fractional notches pull a fraction of a notch.
            return .wheel(notches: -units)
        case (.pixels(let pixels), .mouse):
            // A wheel whose compositor reports pixels: still a wheel (no release, must rest).
            return .wheel(notches: -pixels / ScrollSample.pixelsPerWheelNotch)
        case (.pixels(let pixels), .touchpad), (.pixels(let pixels), .trackpoint), (.pixels(let pixels), .unknown):
            // Fingers and continuous scrollers: pixels, ended by a stop or by idling.
            return .touchpad(distance: -pixels)
        }
    }
}
