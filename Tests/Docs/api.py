#!/usr/bin/env python3
"""The public surface of the package's two libraries, read from their symbol graphs
(`swift package dump-symbol-graph`): every public symbol declared in Sources/ must have a doc
comment, and the API list of doc/swift-api.md (between the api markers) must list exactly these
symbols with the first line of their documentation. `--write` rewrites that section.

Usage: api.py SYMBOLGRAPH_DIR API_MARKDOWN [--write]"""
import json, os, sys

MODULES = ["GtkRefreshList", "RefreshEngine"]
BEGIN, END = "<!-- api:begin -->", "<!-- api:end -->"


def own_symbols(directory, module):
    """Public symbols declared in this package's sources (not inherited from the standard
    library's protocols, not synthesized)."""
    graph = json.load(open(os.path.join(directory, module + ".symbols.json")))
    symbols = []
    for symbol in graph["symbols"]:
        if symbol["accessLevel"] != "public":
            continue
        location = symbol.get("location", {}).get("uri", "")
        if "/Sources/" not in location:
            continue
        symbols.append(symbol)
    return symbols


def summary(symbol):
    lines = symbol.get("docComment", {}).get("lines", [])
    text = " ".join(line["text"].strip() for line in lines).strip()
    # The first sentence.
    for end in (". ", ".\n"):
        if end in text + "\n":
            text = (text + "\n").split(end)[0] + "."
            break
    return text.replace("|", "\\|")


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or symbol["names"].get("subHeading") or []
    return "".join(fragment["spelling"] for fragment in fragments).replace("\n", " ")


def section(directory):
    out = []
    missing = []
    for module in MODULES:
        symbols = own_symbols(directory, module)
        out.append(f"\n#### {module}\n\n| symbol | what it is for |\n|---|---|")
        for symbol in sorted(symbols, key=lambda s: ".".join(s["pathComponents"])):
            path = ".".join(symbol["pathComponents"])
            text = summary(symbol)
            if not text:
                missing.append(f"{module}: {path} ({symbol['location']['uri'].split('/Sources/')[1]})")
            out.append(f"| `{declaration(symbol)}` | {text} |")
    return "\n".join(out) + "\n", missing


def main():
    directory, readme = sys.argv[1], sys.argv[2]
    write = "--write" in sys.argv[3:]
    generated, missing = section(directory)
    if missing:
        print("public symbols without documentation:", *missing, sep="\n  ")
    text = open(readme).read()
    if BEGIN not in text or END not in text:
        sys.exit(f"{readme} has no {BEGIN} … {END} section")
    before, rest = text.split(BEGIN, 1)
    current, after = rest.split(END, 1)
    if write:
        open(readme, "w").write(before + BEGIN + generated + END + after)
    elif current != generated:
        print(f"{readme}'s API section is not the compiled public surface; run Tests/Docs/docs.sh --write")
        sys.exit(1)
    sys.exit(1 if missing else 0)


main()
