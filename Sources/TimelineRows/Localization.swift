// The demo's own words, the timeline rows' among them, go through gettext's `refresh-demo`
// domain (the widget's through `refresh-list`; the demo binds both at start-up).

import GtkInterop
import GtkRefreshList

public let demoTextDomain = "refresh-demo"

/// `text` translated in the demo's domain.
public func localized(_ text: String) -> String {
    translate(text, domain: demoTextDomain)
}

/// A count text in the demo's domain (a function xgettext extracts from, as
/// `--keyword=demoPlural:1,2`).
public func demoPlural(_ singular: String, _ plural: String) -> PluralText {
    PluralText(singular: singular, plural: plural, domain: demoTextDomain)
}
