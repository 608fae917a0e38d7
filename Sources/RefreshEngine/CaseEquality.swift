// The state words are String raw-value enums so traces can print them, but equality must not
// compare strings: Swift's default `==` for raw-value enums goes through `rawValue`, which
// showed up as string comparisons on every pull event in the engine benchmark. Each enum
// compares its cases instead.

extension PullKind {
    public static func == (lhs: PullKind, rhs: PullKind) -> Bool {
        switch (lhs, rhs) {
        case (.wheel, .wheel), (.touchpad, .touchpad), (.drag, .drag): true
        default: false
        }
    }
}

extension Edge {
    public static func == (lhs: Edge, rhs: Edge) -> Bool {
        switch (lhs, rhs) {
        case (.top, .top), (.bottom, .bottom): true
        default: false
        }
    }
}

extension TriggerMode {
    public static func == (lhs: TriggerMode, rhs: TriggerMode) -> Bool {
        switch (lhs, rhs) {
        case (.onRelease, .onRelease), (.onThresholdCross, .onThresholdCross): true
        default: false
        }
    }
}

extension RefreshOrigin {
    public static func == (lhs: RefreshOrigin, rhs: RefreshOrigin) -> Bool {
        switch (lhs, rhs) {
        case (.initial, .initial), (.pull, .pull), (.request, .request): true
        default: false
        }
    }
}

extension HeaderState {
    public static func == (lhs: HeaderState, rhs: HeaderState) -> Bool {
        switch (lhs, rhs) {
        case (.idle, .idle), (.pulling, .pulling), (.armed, .armed), (.refreshing, .refreshing),
            (.succeeded, .succeeded), (.failed, .failed):
            true
        default: false
        }
    }
}

extension FooterState {
    public static func == (lhs: FooterState, rhs: FooterState) -> Bool {
        switch (lhs, rhs) {
        case (.hidden, .hidden), (.idle, .idle), (.loading, .loading), (.failed, .failed), (.exhausted, .exhausted):
            true
        default: false
        }
    }
}

extension HeaderTitle {
    public static func == (lhs: HeaderTitle, rhs: HeaderTitle) -> Bool {
        switch (lhs, rhs) {
        case (.pullToRefresh, .pullToRefresh), (.releaseToRefresh, .releaseToRefresh), (.refreshing, .refreshing),
            (.refreshed, .refreshed), (.refreshFailed, .refreshFailed):
            true
        default: false
        }
    }
}
