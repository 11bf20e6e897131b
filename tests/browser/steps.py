"""What a scorer does on the pages, as steps the browser tests share."""

from __future__ import annotations

from typing import Any


def pick_cards(page: Any, knocker: str, codes: list[str]) -> None:
    """Open the hand form with cards, say who knocked, and tap the knocker's cards in the
    picker (as a scorer does)."""
    page.click("text=Enter with cards")
    page.wait_for_load_state()
    page.locator(f"#knocker_seat label:has-text('{knocker}')").click()
    for code in codes:
        page.click(f'#picker .pc[data-card="{code}"]')


def type_instead(scope: Any) -> None:
    """Unfold the typed card fields under the picker ("Type the cards instead"), as a scorer
    does who would rather type than tap."""
    for summary in scope.locator("details.typed:not([open]) > summary").all():
        summary.click()


def totals(page: Any, players: int) -> tuple[int, ...]:
    """The scoreboard's running total of each seat, in seat order."""
    return tuple(
        int(page.locator(f'[data-testid="total-{seat}"]').inner_text()) for seat in range(players)
    )


def start_from_home(page: Any, base: str, start: str, preset: str, names: list[str]) -> None:
    """Open the home page, tap the start button ``start`` (its test id), check the new-match
    form offers ``preset``, and type the players' names (as a table does before it deals)."""
    page.goto(base + "/")
    page.click(f"[data-testid={start}]")
    page.wait_for_load_state()
    page.locator("#preset").wait_for()
    assert page.locator("#preset").input_value() == preset
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)


def scorer_of(page: Any, base: str, players: list[str], **body: Any) -> dict[str, Any]:
    """Start a match through the API (``body``: its preset, deck, rules) and open its edit
    link on this phone, as a scorer handed the link does; returns the API's answer."""
    made = page.request.post(base + "/api/v1/matches", data={"players": players, **body})
    assert made.status == 201, made.text()
    match: dict[str, Any] = made.json()
    page.goto(match["edit_url"])
    page.wait_for_url(f"{base}/m/{match['id']}")
    return match


class Taps:
    """A scorer's taps on a hand form, counted: every click, tap and key pressed. What the form
    already shows costs nothing (a choice already made, the picker already on the hand the
    next card goes to), as it costs a scorer nothing. ``log`` says what each tap was."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0
        self.cards = 0
        self.log: list[str] = []

    def tap(self, selector: str) -> None:
        self.count += 1
        self.log.append(selector)
        self.page.click(selector)

    def choose(self, field: str, label: str | None) -> None:
        """Choose ``label`` (None: the first) among the pills of ``field``, unless chosen."""
        pill = self.page.locator(f"#{field} label.pill:visible")
        pill = pill.filter(has_text=label).first if label else pill.first
        if not pill.locator("input").is_checked():
            self.count += 1
            self.log.append(f"{field}: {label}")
            pill.click()

    def choose_button(self, group: str, label: str) -> None:
        """Tap the button ``label`` in ``group`` where the form has one, else type it into
        ``group``'s field: a quick choice such as the dice's sum."""
        button = self.page.locator(f"{group} button:visible", has_text=label)
        if button.count():
            self.count += 1
            self.log.append(f"{group}: {label}")
            button.first.click()
        else:
            self.type(group, label)

    def check(self, field: str) -> None:
        """Tick the box ``field`` unless it is ticked."""
        if not self.page.is_checked(f"#{field}"):
            self.tap(f"#{field}")

    def type(self, field: str, text: str) -> None:
        """Tap the field ``field`` and type ``text``: a key a character."""
        self.tap(f"#{field}")
        self.page.keyboard.type(text)
        self.count += len(text)
        self.log.append(f"typed {text}")

    def hand(
        self, target: str, codes: list[str], picker: str = "#picker", melds: tuple[int, ...] = ()
    ) -> None:
        """Tap ``codes`` into the picker's ``target`` (its button tapped first unless the picker
        is on it). ``melds``: where in ``codes`` a new meld starts; where the picker did not
        start it by itself, the scorer takes the card out, taps Next meld and taps it again."""
        if not self.page.locator(f'{picker} .target.active[data-target="{target}"]').count():
            self.tap(f'{picker} .target[data-target="{target}"]')
        for i, code in enumerate(codes):
            card = f'{picker} .pc[data-card="{code}"]'
            self.cards += 1
            self.tap(card)
            if i in melds and not _broken_before(self.page.input_value(f"#{target}"), code):
                self.tap(card)
                self.tap(f"{picker} .target[data-sep]")
                self.tap(card)

    def cut(self, field: str, code: str, picker: str = "#picker") -> None:
        """One card of its own (a cut card): by the picker where it has a target for it, else
        typed."""
        self.cards += 1
        if self.page.locator(f'{picker} .target[data-target="{field}"]').count():
            self.cards -= 1
            self.hand(field, [code], picker)
        else:
            self.type(field, code)


def _broken_before(value: str, code: str) -> bool:
    """Whether a meld break ("/" or "|") comes just before ``code`` in a melds field."""
    before = value.upper().split(code.upper())[0].strip()
    return before == "" or before[-1] in "/|"
