"""Finding executable markup in a rendered page, with the standard library's html.parser.

A page is inert for a payload when the payload adds nothing executable to
what the same page shows for a harmless text: no script, no event handler
(``on*``), no ``javascript:``/``vbscript:``/``data:`` URL, no style
expression, no frame, object, embed, base or meta refresh. The comparison
with the harmless rendering lets the site's own scripts (Bootstrap, htmx)
stay, while anything the payload brought in is caught.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

PAYLOADS = [
    line
    for line in (Path(__file__).with_name("xss_payloads.txt").read_text(encoding="utf-8").splitlines())
    if line.strip()
]
HARMLESS = "Une soirée tranquille"
MARKER = "xss"

URL_ATTRIBUTES = {
    "href",
    "src",
    "action",
    "formaction",
    "data",
    "xlink:href",
    "background",
    "poster",
    "srcset",
    "lowsrc",
    "dynsrc",
    "codebase",
}
DANGEROUS_TAGS = {"iframe", "frame", "frameset", "object", "embed", "applet", "base", "style"}
DATA_SCRIPT_TYPES = {"application/json", "application/ld+json"}
BAD_SCHEME = re.compile(r"^(javascript|vbscript|data|livescript):", re.IGNORECASE)
CONTROL = re.compile(r"[\x00-\x20]+")


class _Features(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: set[tuple] = set()
        self._script: list[str] | None = None
        self._script_attrs: tuple = ()

    def handle_starttag(self, tag, attrs):
        self._tag(tag, attrs)

    def handle_startendtag(self, tag, attrs):
        self._tag(tag, attrs)
        if tag == "script":
            self.handle_endtag("script")

    def _tag(self, tag, attrs):
        attrs = [(name.lower(), value or "") for name, value in attrs]
        if tag == "script":
            self._script = []
            self._script_attrs = tuple(sorted(attrs))
        if tag in DANGEROUS_TAGS:
            self.found.add(("tag", tag, tuple(sorted(attrs))))
        if tag == "meta" and any(n == "http-equiv" and v.lower() == "refresh" for n, v in attrs):
            self.found.add(("meta refresh", tuple(sorted(attrs))))
        for name, value in attrs:
            if name.startswith("on"):
                self.found.add(("event handler", tag, name, value))
            if name in URL_ATTRIBUTES and BAD_SCHEME.match(CONTROL.sub("", value)):
                self.found.add(("url", tag, name, value))
            if name == "style" and re.search(r"expression\s*\(|javascript:|url\s*\(", value, re.IGNORECASE):
                self.found.add(("style", tag, value))
            if name == "srcdoc":
                self.found.add(("srcdoc", tag, value))

    def handle_data(self, data):
        if self._script is not None:
            self._script.append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            content = "".join(self._script)
            kind = dict(self._script_attrs).get("type", "").lower()
            # Data for scripts (json_script) does not run: it only must not close its tag.
            if kind not in DATA_SCRIPT_TYPES or "<" in content:
                self.found.add(("script", self._script_attrs, content))
            self._script = None


def executable_features(html: str) -> set[tuple]:
    parser = _Features()
    parser.feed(html)
    parser.close()
    return parser.found


def injected(payload_html: str, harmless_html: str) -> list[tuple]:
    """What the payload's rendering can execute that the harmless one cannot, plus anything naming the marker."""
    with_payload = executable_features(payload_html)
    extra = with_payload - executable_features(harmless_html)
    marked = {feature for feature in with_payload if MARKER in repr(feature).lower()}
    return sorted(extra | marked, key=repr)
