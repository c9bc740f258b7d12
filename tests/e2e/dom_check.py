#!/usr/bin/env python3
"""Checks a DOM that Chromium serialized (--dump-dom) for anything a driver
string could have smuggled in: an element that loads a resource or runs
code, an event-handler attribute, a link that leaves the page's folder, a
style sheet that fetches. Usage: dom_check.py DOM.html; exit 1 with the
offending items named."""
import sys
from html.parser import HTMLParser

LOADERS = {"script", "img", "link", "iframe", "object", "embed", "video", "audio",
           "source", "frame", "base", "svg", "math", "form"}


class Checker(HTMLParser):
    def __init__(self):
        super().__init__()
        self.bad = []

    def handle_starttag(self, tag, attrs):
        if tag in LOADERS:
            self.bad.append("<%s>" % tag)
        for k, v in attrs:
            v = (v or "").strip().lower()
            if k.startswith("on"):
                self.bad.append("%s=%s" % (k, v))
            if k in ("src", "srcset", "action", "poster", "data", "formaction") or \
               (k == "href" and ":" in v.split("#")[0]) or (k == "style" and "url(" in v):
                self.bad.append("%s=%s" % (k, v))


text = open(sys.argv[1], encoding="utf-8", errors="strict").read()
c = Checker()
c.feed(text)
low = text.lower()
if "url(" in low or "@import" in low:
    c.bad.append("a style sheet loads something")
if c.bad:
    print("resource-loading or active content in the DOM:", c.bad[:10])
    sys.exit(1)
