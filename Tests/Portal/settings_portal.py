"""The desktop's settings portal, as a GNOME session has it, for a test's session bus: owns
org.freedesktop.portal.Desktop and answers org.freedesktop.portal.Settings (version 2: Read,
ReadOne, ReadAll, SettingChanged) from the desktop's GSettings, the way xdg-desktop-portal-gnome
relays them: org.gnome.desktop.interface and org.gnome.desktop.a11y.interface as they are, and
org.freedesktop.appearance's color-scheme (0 no preference, 1 prefer dark, 2 prefer light) and
contrast (1 high) from them. libadwaita reads the colour scheme only from here since 1.4 (it
reads GSettings' color-scheme only with ADW_DISABLE_PORTAL=1, which xdg-desktop-portal-gnome
itself uses); 1.2 reads here first too. GSettings is the environment's (GSETTINGS_BACKEND=keyfile
and XDG_CONFIG_HOME in the tests).

Prints {"event": "ready"} once the name is owned, and {"event": "read", ...} for each setting
read; runs until SIGTERM (or until the bus goes); exits with 1 if the name is someone else's.
Usage: settings_portal.py"""
import json
import signal
import sys

from gi.repository import Gio, GLib

NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="ReadAll">
      <arg type="as" name="namespaces" direction="in"/>
      <arg type="a{sa{sv}}" name="value" direction="out"/>
    </method>
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <method name="ReadOne">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""
RELAYED = ["org.gnome.desktop.interface", "org.gnome.desktop.a11y.interface"]
APPEARANCE = "org.freedesktop.appearance"
SCHEMES = {"default": 0, "prefer-dark": 1, "prefer-light": 2}


def say(event, **fields):
    print(json.dumps({"event": event, **fields}), flush=True)


class Portal:
    def __init__(self):
        source = Gio.SettingsSchemaSource.get_default()
        self.settings = {}
        for schema in RELAYED:
            if source.lookup(schema, True):
                self.settings[schema] = Gio.Settings.new(schema)
                self.settings[schema].connect("changed", self.changed)
        self.connection = None

    def namespace(self, namespace):
        """Every key of `namespace` and its value, as GVariants."""
        if namespace in self.settings:
            settings = self.settings[namespace]
            return {key: settings.get_value(key) for key in settings.props.settings_schema.list_keys()}
        if namespace == APPEARANCE:
            values = {}
            interface = self.settings.get("org.gnome.desktop.interface")
            if interface and interface.props.settings_schema.has_key("color-scheme"):
                values["color-scheme"] = GLib.Variant("u", SCHEMES.get(interface.get_string("color-scheme"), 0))
            a11y = self.settings.get("org.gnome.desktop.a11y.interface")
            if a11y and a11y.props.settings_schema.has_key("high-contrast"):
                values["contrast"] = GLib.Variant("u", 1 if a11y.get_boolean("high-contrast") else 0)
            return values
        return {}

    def changed(self, settings, key):
        if not self.connection:
            return
        schema = settings.props.schema_id
        signals = [(schema, key, settings.get_value(key))]
        appearance = self.namespace(APPEARANCE)
        if (schema, key) == ("org.gnome.desktop.interface", "color-scheme") and "color-scheme" in appearance:
            signals.append((APPEARANCE, "color-scheme", appearance["color-scheme"]))
        if (schema, key) == ("org.gnome.desktop.a11y.interface", "high-contrast") and "contrast" in appearance:
            signals.append((APPEARANCE, "contrast", appearance["contrast"]))
        for namespace, name, value in signals:
            self.connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                                        GLib.Variant("(ssv)", (namespace, name, value)))

    def call(self, connection, sender, path, interface, method, parameters, invocation):
        # Every call is answered, a failure too: libadwaita waits for the answer without a deadline.
        try:
            self.answer(method, parameters, invocation)
        except Exception as error:
            print(f"settings_portal.py: {method}{parameters}: {error!r}", file=sys.stderr, flush=True)
            invocation.return_dbus_error("org.freedesktop.DBus.Error.Failed", repr(error))

    def answer(self, method, parameters, invocation):
        if method == "ReadAll":
            (patterns,) = parameters.unpack()
            wanted = [n for n in RELAYED + [APPEARANCE]
                      if not patterns or any(p == "" or p == n or (p.endswith("*") and n.startswith(p[:-1]))
                                             for p in patterns)]
            invocation.return_value(GLib.Variant("(a{sa{sv}})", ({n: self.namespace(n) for n in wanted},)))
            return
        namespace, key = parameters.unpack()
        value = self.namespace(namespace).get(key)
        say("read", method=method, namespace=namespace, key=key, value=None if value is None else value.print_(False))
        if value is None:
            invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
        elif method == "Read":
            # The deprecated Read wraps the value in one more variant, as xdg-desktop-portal does.
            invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", value),)))
        else:
            invocation.return_value(GLib.Variant("(v)", (value,)))

    def get_property(self, connection, sender, path, interface, name):
        return GLib.Variant("u", 2) if name == "version" else None


def main():
    loop = GLib.MainLoop()
    portal = Portal()
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)

    def acquired(connection, name):
        say("ready", name=name)

    failed = []

    def lost(connection, name):
        say("lost", name=name)
        print(f"settings_portal.py: {NAME} is another's on this session bus (or there is none)", file=sys.stderr)
        failed.append(name)
        loop.quit()

    def bus(connection, name):
        portal.connection = connection
        connection.register_object(PATH, node.interfaces[0], portal.call, portal.get_property, None)

    Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.DO_NOT_QUEUE, bus, acquired, lost)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
    loop.run()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
