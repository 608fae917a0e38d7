// The words the README, the trace and the tests use for each state and kind. They are a
// property rather than String raw values: the enums then compare by case, as cheaply as an
// integer, with the `==` Swift writes for them, and a new case cannot compile without a word.

extension PullKind {
    /// `wheel`, `touchpad` or `drag`.
    public var name: String {
        switch self {
        case .wheel: "wheel"
        case .touchpad: "touchpad"
        case .drag: "drag"
        }
    }
}

extension Edge {
    /// `top` or `bottom`.
    public var name: String {
        switch self {
        case .top: "top"
        case .bottom: "bottom"
        }
    }
}

extension RefreshOrigin {
    /// `initial`, `pull`, `request` or `restore`.
    public var name: String {
        switch self {
        case .initial: "initial"
        case .pull: "pull"
        case .request: "request"
        case .restore: "restore"
        }
    }
}

extension TriggerMode {
    /// `onRelease` or `onThresholdCross`.
    public var name: String {
        switch self {
        case .onRelease: "onRelease"
        case .onThresholdCross: "onThresholdCross"
        }
    }
}

extension HeaderState {
    /// `idle`, `pulling`, `armed`, `refreshing`, `succeeded` or `failed`.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .pulling: "pulling"
        case .armed: "armed"
        case .refreshing: "refreshing"
        case .succeeded: "succeeded"
        case .failed: "failed"
        }
    }
}

extension FooterState {
    /// `hidden`, `idle`, `loading`, `failed` or `exhausted`.
    public var name: String {
        switch self {
        case .hidden: "hidden"
        case .idle: "idle"
        case .loading: "loading"
        case .failed: "failed"
        case .exhausted: "exhausted"
        }
    }
}

extension HeaderTitle {
    /// `pullToRefresh`, `releaseToRefresh`, `refreshing`, `refreshed` or `refreshFailed`.
    public var name: String {
        switch self {
        case .pullToRefresh: "pullToRefresh"
        case .releaseToRefresh: "releaseToRefresh"
        case .refreshing: "refreshing"
        case .refreshed: "refreshed"
        case .refreshFailed: "refreshFailed"
        }
    }
}

extension NewerRows {
    /// `none`, `more`, `loading` or `failed`.
    public var name: String {
        switch self {
        case .none: "none"
        case .more: "more"
        case .loading: "loading"
        case .failed: "failed"
        }
    }
}

extension Pill {
    /// `hidden`, `newAbove` or `retryNewer`.
    public var name: String {
        switch self {
        case .hidden: "hidden"
        case .newAbove: "newAbove"
        case .retryNewer: "retryNewer"
        }
    }
}
