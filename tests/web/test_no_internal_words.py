"""No internal word reaches a reader (issue 26): every page of every format, the check pages,
the new-match forms and a club's pages, in English, German and Russian, as a scorer sees them,
say nothing in the code's words: no ``snake_case=`` setting, no RULES.md or § reference in
the running text, no raw JSON, no format code where a name belongs, no English placeholder on
a German or Russian page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from tests.web.every_format import SAMPLES, play
from tests.web.helpers import open_edit_link
from tests.web.test_clubs import friday

FORMS = ["/", "/new", "/new/three", "/new/contract", "/gem/new", "/decks", "/check"]
FORMS += ["/check/analyze", "/check/contract", "/check/gem", "/rules", "/clubs/new", "/import"]
FORMS += ["/new/three?preset=rum_500", "/new/three?preset=basic_rummy", "/ratings"]
FORMS += ["/new/contract?preset=twelve_step", "/new?preset=straight_gin"]
PER_MATCH = ["", "/hands/1", "/hands/1/edit", "/hands/new", "/hands/new?entry=cards"]
PER_MATCH += ["/settlement", "/sheet", "/rules", "/link"]

INTERNAL = [
    (re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*="), "a setting's key"),
    (re.compile(r"RULES\.md"), "RULES.md"),
    (re.compile(r"§"), "a § reference"),
    (re.compile(r"[\[{]\s*\"\w+\"\s*:"), "raw JSON"),
    (re.compile(r"\b[a-z]+_[a-z0-9_]+\b"), "a snake_case word"),
]
# A format's code shown where its name belongs, in a list ("american · finished")
CODES = re.compile(
    r"(?:^|·)\s*(american|classic|hollywood|oklahoma|partnership|cutthroat|chouette"
    r"|battle[ _]royal|straight[ _]gin|contract[ _]7|twelve[ _]step|rum[ _]500|basic[ _]rummy"
    r"|gem)\s*(?:·|$)"
)
EXAMPLE = re.compile(r"^[\s\d:e.g,;|/+\-–=()AKQJTSHDCB♠♥♦♣]*$")
ENGLISH_HINT = re.compile(r"\b(e\.g\.|group|groups|sequence|sequences|run|runs|and|or)\b")


class _Text(HTMLParser):
    """A page's visible text and its placeholders (scripts, styles and JSON left out, and the
    rule tags, "§2.1", which link to the rules in plain words, and their glossary)."""

    SKIP = ("script", "style", "template", "noscript")

    def __init__(self) -> None:
        super().__init__()
        self.skipping = 0
        self.tag: str | None = None
        self.chunks: list[str] = []
        self.placeholders: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skipping += 1
        if {"rule", "glossary"} & set((dict(attrs).get("class") or "").split()):
            self.tag = tag
        for name, value in attrs:
            if value and name in ("placeholder", "aria-label", "title", "alt"):
                (self.placeholders if name == "placeholder" else self.chunks).append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP:
            self.skipping -= 1
        elif tag == self.tag:
            self.tag = None
        else:
            self.chunks.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping and self.tag is None:
            self.chunks.append(data)


def _read(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    return parser


def _paths(client: Any) -> list[str]:
    paths = list(FORMS)
    for name in SAMPLES:
        view_id, token = play(client, name)
        open_edit_link(client, f"/m/{view_id}/edit#{token}")
        paths += [f"/m/{view_id}{p}" for p in PER_MATCH]
    club, token, _ = friday(client)
    open_edit_link(client, f"/c/{club}/edit#{token}")
    paths += [f"/c/{club}", f"/c/{club}/stats", f"/c/{club}/ladder", f"/c/{club}/link"]
    return paths


def test_no_page_says_an_internal_word_in_any_language(client: Any) -> None:
    paths = _paths(client)
    found: list[str] = []
    for language in ("en", "de", "ru"):
        client.get(f"/?lang={language}")
        for path in paths:
            response = client.get(path)
            if response.status_code == 302:  # a settlement before a game ends
                continue
            assert response.status_code == 200, (language, path, response.status_code)
            page = _read(response.get_data(as_text=True))
            text = "".join(page.chunks)
            for line in text.splitlines():
                for pattern, what in INTERNAL:
                    if what == "a § reference" and path.endswith("/rules"):
                        continue  # the rules pages say what the tags mean
                    hit = pattern.search(line)
                    if hit:
                        said = f"{what} {hit.group(0)!r} in {line.strip()!r}"
                        found.append(f"{language} {path}: {said}")
                hit = CODES.search(line.strip())
                if hit:
                    found.append(f"{language} {path}: a format code in {line.strip()!r}")
            if language != "en":
                for hint in page.placeholders:
                    if not EXAMPLE.match(hint) and ENGLISH_HINT.search(hint):
                        found.append(f"{language} {path}: an English placeholder {hint!r}")
    unique = sorted(set(found))
    assert unique == [], f"{len(unique)} internal words:\n" + "\n".join(unique[:200])
