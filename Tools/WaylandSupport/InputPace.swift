// The pace of the tests' synthesized input, on X11 (xdotool) and Wayland (the injectors) alike.
//
// These are not waits. A test never sleeps for the app: it waits for a condition (the input
// received, a state in the trace or the engine). These gaps are part of the gesture under test,
// the way a person's hand spaces it, as the engine sees it on its own clock: notches of a
// deliberate pull come closer together than the wheel's idle interval (250 ms), so they are one
// pull; notches of a spin come far closer still, so a spin that reaches the top is not a rest
// there. The list times input when it happened (the display server's timestamps), so a busy
// main loop that reads a gesture late does not change its pace; the waits that follow each
// gesture make no assumption about speed.

/// How far apart the tests' input steps are (ms).
public enum InputPace {
    /// Between the notches of a deliberate pull at the top: a user turning the wheel.
    public static let pullNotchMs = 60
    /// Between the notches of a fast spin through the list: well inside the wheel's idle
    /// interval, so notches that reach the top in a spin never count as a rest there.
    public static let spinNotchMs = 25
    /// Between the steps of a touchpad scroll or a drag: one frame at 60 Hz, how often a
    /// touchpad or a pointer reports.
    public static let frameMs = 16
    /// Between the two clicks of a double click: well inside GTK's double-click time (400 ms),
    /// as a person clicks twice.
    public static let doubleClickMs = 80
}
