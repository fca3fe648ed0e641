#!/usr/bin/env python3
"""Writes mosaic's man page (roff, section 1) from the argument parser's own description.

Reads the JSON that `mosaic --experimental-dump-help` prints (swift-argument-parser's tool
info) on standard input and writes the page on standard output, so the page lists exactly
the options of the binary it came from. `make install` runs it; to read the result:

    .build/release/mosaic help keys --json > keys.json
    .build/release/mosaic --experimental-dump-help \
        | python3 scripts/make-man-page.py --keys keys.json > mosaic.1
    man ./mosaic.1

The default subcommand's arguments and options are the program's own (`mosaic [FILE]`), as
in `mosaic --help`; every other subcommand gets a section of its own. With --keys, the KEYS
section lists the browser's keys from the binary's own key table (`mosaic help keys --json`,
the table the browser dispatches through and the README's key table is made from).
"""
import argparse
import datetime
import json
import re
import sys

# Sections written by hand: what the parser cannot know.
EXIT_STATUS = [
    ("0", "success, and every help or version request"),
    ("1", "no terminal to draw on, or standard output could not be written"),
    ("2", "a command-line error or bad input: one line on standard error names the file, "
          "line or key and says what is wrong"),
]
ENVIRONMENT = [
    ("MOSAIC_LAYOUT", "the layout to open in (table, grid or cards, list, horizontal), "
                      "over the configuration file and under --layout"),
    ("MOSAIC_SMOOTH_SCROLL", "set to 1, paging and jumps glide, as with --smooth-scroll; "
                             "0 turns the configuration file's smooth-scroll off"),
    ("MOSAIC_REDUCED_MOTION", "set to 1, every change happens at once, as with --no-animation"),
    ("XDG_CONFIG_HOME", "where the configuration file is: $XDG_CONFIG_HOME/mosaic/config "
                        "(~/.config/mosaic/config when unset)"),
    ("LANG, LC_ALL, LC_CTYPE", "a UTF-8 locale is needed to draw box lines and wide characters"),
]
FILES = [
    ("~/.config/mosaic/config", "settings, a line each as key = value, # starting a comment: "
     "layout = table (or grid, cards, list, horizontal), smooth-scroll = true or false, "
     "animation = true or false (false is --no-animation). The command line, then the "
     "environment, override it. A bad line stops mosaic with one line naming the file, the "
     "line and the key, and exit status 2."),
]
EXAMPLES = [
    ("mosaic", "browse the bundled periodic table; press ? for every key"),
    ("mosaic countries.csv --group-by region --sort population",
     "a table in sections by region, each sorted by population (v for cards)"),
    ("mosaic demo", "list the demos; mosaic demo NAME runs one"),
    ("mosaic layout spec.json", "a flow layout's frames as JSON, without a terminal"),
]


def roff(text):
    """Text with roff's special characters escaped; a leading dot or quote made literal."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line[:1] in (".", "'") else line
                     for line in text.split("\n"))


def paragraphs(text):
    """The parser's text as roff paragraphs: blank lines separate them."""
    parts = [re.sub(r"\s*\n\s*", " ", part).strip() for part in re.split(r"\n\s*\n", text or "")]
    return "\n.PP\n".join(roff(part) for part in parts if part)


def name_of(argument):
    """`--group-by`, `-h, --help`, or `<file>`."""
    if argument["kind"] == "positional":
        return "<" + argument.get("valueName", "value") + ">"
    names = []
    for name in argument.get("names", []):
        dash = "--" if name["kind"] == "long" else "-"
        names.append(dash + name["name"])
    return ", ".join(names)


def synopsis_part(argument):
    """How one argument shows in the synopsis: `[--group-by <group-by>]`."""
    if argument["kind"] == "positional":
        part = "<" + argument.get("valueName", "value") + ">"
    else:
        preferred = argument.get("preferredName") or argument["names"][0]
        dash = "--" if preferred["kind"] == "long" else "-"
        part = dash + preferred["name"]
        if argument["kind"] == "option":
            part += " <" + argument.get("valueName", "value") + ">"
    if argument.get("isRepeating"):
        part += " ..."
    return "[" + part + "]" if argument.get("isOptional") else part


def shown(arguments):
    """The arguments a reader needs: not --help and --version, which every command has."""
    return [a for a in arguments or [] if a.get("shouldDisplay", True)
            and name_of(a) not in ("-h, --help", "--help", "--version")]


def option_list(arguments):
    lines = []
    for argument in shown(arguments):
        label = name_of(argument)
        if argument["kind"] == "option":
            label += " <" + argument.get("valueName", "value") + ">"
        lines.append(".TP\n\\fB" + roff(label) + "\\fR")
        text = argument.get("abstract", "")
        if argument.get("discussion"):
            text += " " + argument["discussion"]
        values = argument.get("allValues")
        if values and not all(value in text for value in values):
            text += " One of: " + ", ".join(values) + "."
        if argument.get("defaultValue"):
            text += " Default: " + argument["defaultValue"] + "."
        lines.append(roff(text.strip()))
    return "\n".join(lines)


def synopsis(name, arguments):
    parts = [synopsis_part(a) for a in shown(arguments)]
    return ".SY \"" + roff(name) + "\"\n" + "\n".join(roff(p) for p in parts) + "\n.YS"


def plain(markdown):
    """A description's markdown as roff: links as their text, code spans in bold."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", markdown)
    parts = text.split("`")
    return "".join("\\fB" + roff(part) + "\\fR" if index % 2 else roff(part)
                   for index, part in enumerate(parts))


def keys_section(bindings):
    """The KEYS section: each screen's keys under its heading, in the table's order."""
    out = [".SH KEYS", "Press \\fB?\\fR on any screen for the keys of that screen."]
    heading = None
    for binding in bindings:
        if binding["heading"] != heading:
            heading = binding["heading"]
            out.append(".SS " + plain(heading).replace("\\fB", "").replace("\\fR", ""))
        out.append(".TP\n\\fB" + roff("  ".join(binding["keys"])) + "\\fR\n"
                   + plain(binding["description"]))
    return out


def page(tool, version, keys=None):
    root = tool["command"]
    name = root["commandName"]
    subcommands = [c for c in root.get("subcommands", []) if c.get("shouldDisplay", True)
                   and c["commandName"] != "help"]
    default = next((c for c in subcommands if c["commandName"] == root.get("defaultSubcommand")),
                   None)
    out = [
        ".\\\" Generated by scripts/make-man-page.py from `" + name
        + " --experimental-dump-help`; do not edit.",
        ".TH " + name.upper() + " 1 \"" + datetime.date.today().strftime("%B %Y") + "\" \""
        + roff(version) + "\" \"User Commands\"",
        ".SH NAME",
        roff(name) + " \\- " + roff(root.get("abstract", "")),
        ".SH SYNOPSIS",
    ]
    if default:
        out.append(synopsis(name, default.get("arguments")))
    for command in subcommands:
        if command is not default:
            out.append(synopsis(name + " " + command["commandName"], command.get("arguments")))
    out.append(".SY " + roff(name) + "\n\\-\\-version\n.YS")
    out += [".SH DESCRIPTION", paragraphs(root.get("discussion", ""))]
    if default:
        out += [".PP", paragraphs((default.get("abstract", "") + "\n\n"
                                   + default.get("discussion", "")).strip())]
        out += [".SH OPTIONS", option_list(default.get("arguments"))]
    out += [".TP\n\\fB\\-\\-version\\fR\nShow the version.",
            ".TP\n\\fB\\-h, \\-\\-help\\fR\nShow help information."]
    out.append(".SH COMMANDS")
    for command in subcommands:
        title = name + " " + command["commandName"]
        if command is default:
            title += " (the default)"
        out += [".SS " + roff(title), paragraphs(command.get("abstract", ""))]
        if command.get("discussion"):
            out += [".PP", paragraphs(command["discussion"])]
        if command is not default and shown(command.get("arguments")):
            out.append(option_list(command.get("arguments")))
    if keys:
        out += keys_section(keys)
    out += [".SH EXIT STATUS"]
    out += [".TP\n" + roff(code) + "\n" + roff(meaning) for code, meaning in EXIT_STATUS]
    out += [".SH ENVIRONMENT"]
    out += [".TP\n\\fB" + roff(var) + "\\fR\n" + roff(meaning) for var, meaning in ENVIRONMENT]
    out += [".SH FILES"]
    out += [".TP\n\\fB" + roff(path) + "\\fR\n" + roff(meaning) for path, meaning in FILES]
    out += [".SH EXAMPLES"]
    out += [".TP\n\\fB" + roff(command) + "\\fR\n" + roff(meaning) for command, meaning in EXAMPLES]
    out += [".SH SEE ALSO", "\\fBless\\fR(1), \\fBvd\\fR(1)"]
    return "\n".join(part for part in out if part) + "\n"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version-text", metavar="TEXT",
                        help="the version shown in the page's footer (default: from the JSON "
                             "when it has one, else \"mosaic\")")
    parser.add_argument("--keys", metavar="FILE",
                        help="the JSON of `mosaic help keys --json`: adds the KEYS section")
    arguments = parser.parse_args()
    keys = None
    if arguments.keys:
        try:
            with open(arguments.keys, encoding="utf-8") as file:
                keys = json.load(file)
            [(b["heading"], b["keys"], b["description"]) for b in keys]
        except (OSError, ValueError, KeyError, TypeError) as error:
            parser.exit(2, f"make-man-page.py: {arguments.keys} is not `mosaic help keys "
                           f"--json` output: {error}\n")
    try:
        tool = json.load(sys.stdin)
        tool["command"]["commandName"]
    except (ValueError, KeyError, TypeError) as error:
        parser.exit(2, f"make-man-page.py: standard input is not `--experimental-dump-help` "
                       f"JSON: {error}\n")
    version = arguments.version_text or tool["command"].get("version") or "mosaic"
    sys.stdout.write(page(tool, version, keys))


if __name__ == "__main__":
    main()
