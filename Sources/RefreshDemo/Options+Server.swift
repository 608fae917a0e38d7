// The command line of the network feed: --server's address and the rules that tie it to
// --source mastodon, and how that source's refreshes merge.

import RefreshEngine

extension Options {
    /// `text` if it is an http or https URL with a host, else the error saying why not.
    static func serverAddress(_ text: String) throws(OptionsError) -> String {
        let lowered = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
            throw OptionsError("--server must be an http:// or https:// address, not '\(text)'")
        }
        let host = text.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty, !host.hasPrefix(":"), !text.contains(where: \.isWhitespace) else {
            throw OptionsError("--server needs a host name, as in https://mastodon.social, not '\(text)'")
        }
        return text
    }

    /// Refuses --server without --source mastodon, and --source mastodon without --server.
    static func checkServer(_ options: Options) throws(OptionsError) {
        if options.server != nil, options.source != .mastodon {
            throw OptionsError("--server is for --source mastodon")
        }
        if options.source == .mastodon, options.server == nil {
            throw OptionsError("--source mastodon needs --server URL (data/run-demo.sh starts a local one)")
        }
    }
}

extension SourceKind {
    /// A timeline's refresh brings only what is newer than the rows shown, so it goes on top of
    /// them; the other sources answer a refresh with their whole first page.
    var refreshMerge: RefreshMerge { self == .mastodon ? .prependNew : .replace }
}
