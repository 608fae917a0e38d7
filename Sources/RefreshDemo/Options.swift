// The command line: every flag, its validation, and the usage text. Bad input exits 2 with a
// message naming the problem, then the usage.

/// Where the rows come from.
enum SourceKind: String, CaseIterable {
    case sim, folder, mastodon
}

/// The look the app asks libadwaita for.
enum StyleChoice: String, CaseIterable {
    /// The desktop's own settings (dark style, high contrast).
    case system
    /// Adwaita, light.
    case light
    /// Adwaita, dark.
    case dark
    /// Adwaita's high contrast, light.
    case highContrast = "high-contrast"
}

/// Which way the app's text and widgets run.
enum DirectionChoice: String, CaseIterable {
    /// The locale's (GTK's default: right to left for a language written so, once translated).
    case system
    /// Left to right.
    case ltr
    /// Right to left, as for Arabic or Hebrew: to see the layout mirrored in any language.
    case rtl
}

/// Parsed command-line options.
struct Options: Equatable {
    var source: SourceKind = .sim
    var folder: String?
    var server: String?
    /// Whether --source mastodon follows the timeline's stream (on by default).
    var stream = true
    /// The most statuses --source mastodon keeps on disk to start from and read offline
    /// (0: no cache).
    var cacheLimit = TimelineCache.defaultLimit
    var latencyMilliseconds = 600
    var failRate = 0.0
    var pageSize = 20
    var total = 200
    var threshold = 64.0
    var trace = false
    var screenshotsDirectory: String?
    var seed: UInt64 = 42
    var triggerOnCross = false
    var style: StyleChoice = .system
    var direction: DirectionChoice = .system
    var width: Int32 = 960
    var height: Int32 = 680

    static let usage = """
        Usage: refresh-demo [OPTION…]

        A list with pull-to-refresh and automatic load-more.

          --source sim|folder|mastodon
                                where rows come from (default: sim, a simulated feed)
          --folder PATH         the folder to list with --source folder
          --server URL          the http or https address of a Mastodon-compatible server,
                                whose public timeline --source mastodon reads
          --stream on|off       follow the timeline live with --source mastodon (default: on)
          --cache-limit N       statuses --source mastodon keeps on disk to start from and
                                read offline, 0…1000000, 0 for none (default: 5000)
          --latency-ms N        simulated answer time in ms, 0…60000 (default: 600)
          --fail-rate F         share of simulated answers that fail, 0…1 (default: 0)
          --page-size N         rows per page, 1…1000 (default: 20)
          --total N             rows the simulated feed holds, 0…10000000 (default: 200)
          --threshold PX        pull distance that arms a refresh, 8…1000 (default: 64)
          --trigger release|cross
                                refresh on release (default) or when the pull crosses the threshold
          --style system|light|dark|high-contrast
                                the look (default: system, the desktop's settings)
          --direction system|ltr|rtl
                                which way text and widgets run (default: system, the locale's)
          --size WxH            the window's size in px, 360…4096 × 300…4096 (default: 960x680)
          --seed N              seed of the simulated feed (default: 42)
          --trace               print one JSON line per engine event and effect on stdout
          --screenshots DIR     render every header and footer state to PNG files in DIR, then exit
          --help                show this help and exit

        Environment:
          MASTODON_ACCESS_TOKEN an access token sent with every request to --server (most
                                servers' streams need one: Preferences, Development, New
                                application, with the read scope)
        """

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(OptionsError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(_ flag: String) throws(OptionsError) -> String {
            guard let next = remaining.popFirst() else { throw OptionsError("\(flag) needs a value") }
            return next
        }
        func integer(_ flag: String, _ text: String, _ range: ClosedRange<Int>) throws(OptionsError) -> Int {
            guard let number = Int(text), range.contains(number) else {
                throw OptionsError(
                    "\(flag) must be a whole number in \(range.lowerBound)…\(range.upperBound), not '\(text)'")
            }
            return number
        }
        func decimal(_ flag: String, _ text: String, _ range: ClosedRange<Double>) throws(OptionsError) -> Double {
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw OptionsError("\(flag) must be a number in \(range.lowerBound)…\(range.upperBound), not '\(text)'")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            // Accept --flag=value as well as --flag value.
            var flag = argument
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                remaining.insert(String(argument[argument.index(after: equals)...]), at: remaining.startIndex)
            }
            switch flag {
            case "--help", "-h": throw OptionsError.help
            case "--source":
                let text = try value(flag)
                guard let kind = SourceKind(rawValue: text) else {
                    throw OptionsError("--source must be sim, folder or mastodon, not '\(text)'")
                }
                options.source = kind
            case "--folder": options.folder = try value(flag)
            case "--server": options.server = try serverAddress(try value(flag))
            case "--stream":
                switch try value(flag) {
                case "on": options.stream = true
                case "off": options.stream = false
                case let other: throw OptionsError("--stream must be on or off, not '\(other)'")
                }
            case "--cache-limit": options.cacheLimit = try integer(flag, try value(flag), 0...1_000_000)
            case "--latency-ms": options.latencyMilliseconds = try integer(flag, try value(flag), 0...60_000)
            case "--fail-rate": options.failRate = try decimal(flag, try value(flag), 0...1)
            case "--page-size": options.pageSize = try integer(flag, try value(flag), 1...1_000)
            case "--total": options.total = try integer(flag, try value(flag), 0...10_000_000)
            case "--threshold": options.threshold = try decimal(flag, try value(flag), 8...1_000)
            case "--seed":
                let text = try value(flag)
                guard let seed = UInt64(text) else {
                    throw OptionsError("--seed must be a whole number ≥ 0, not '\(text)'")
                }
                options.seed = seed
            case "--trigger":
                switch try value(flag) {
                case "release": options.triggerOnCross = false
                case "cross": options.triggerOnCross = true
                case let other: throw OptionsError("--trigger must be release or cross, not '\(other)'")
                }
            case "--style":
                let text = try value(flag)
                guard let style = StyleChoice(rawValue: text) else {
                    throw OptionsError("--style must be system, light, dark or high-contrast, not '\(text)'")
                }
                options.style = style
            case "--direction":
                let text = try value(flag)
                guard let direction = DirectionChoice(rawValue: text) else {
                    throw OptionsError("--direction must be system, ltr or rtl, not '\(text)'")
                }
                options.direction = direction
            case "--size":
                let text = try value(flag)
                let parts = text.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let width = Int32(parts[0]), let height = Int32(parts[1]),
                    (360...4_096).contains(width), (300...4_096).contains(height)
                else {
                    throw OptionsError("--size must be WIDTHxHEIGHT within 360…4096 × 300…4096, not '\(text)'")
                }
                (options.width, options.height) = (width, height)
            case "--trace": options.trace = true
            case "--screenshots": options.screenshotsDirectory = try value(flag)
            default:
                throw OptionsError(
                    argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
            }
        }
        if options.source == .folder, options.folder == nil {
            throw OptionsError("--source folder needs --folder PATH")
        }
        if options.folder != nil, options.source == .sim { options.source = .folder }
        try checkServer(options)
        return options
    }
}

/// Why the command line was refused (or that help was asked for).
struct OptionsError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
    static let help = OptionsError("")
}
