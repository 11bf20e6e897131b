"""Playing at the table: each player sends their own cards from their own phone, and the
referee rules as soon as every seat has sent.

A seat's phone holds a **seat link** (``/m/<id>/seat/<n>#<token>``): the token rides in the
URL's fragment, which no server or proxy log sees, and the phone keeps it in its own storage,
never in a cookie. The token is derived from the match, the seat, the match's edit token and
``Match.seat_links`` (an HMAC under the app's secret key): nothing is stored, the scorer's
page can show the links again at any time, and bumping ``seat_links`` (or replacing the edit
link) replaces them all. A seat link sends that seat's cards for the hand in play and says
whether the seat agrees with the ruling; it cannot edit, delete or undo anything.

The hand in play is a :class:`~referee.models.TableHand`: who called it (the knocker and the
kind, and the upcard where the table plays one) and each playing seat's cards. Nothing is
scored here: the ruling is the match folded with the hand the cards make, exactly as the
scorer's form by cards would enter it (:meth:`Format.table_play_body` says that hand as the
API's JSON), and storing it adds an ordinary hand through :func:`matches.add_hand`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from flask import current_app, url_for
from sqlalchemy import select

from referee.games.base import Board, Line, SeatCards, SeatChoice, SentHand, TableCall
from referee.models import Hand, Match, TableCards, TableHand, TableHandStatus, db
from referee.rules.cards import Card, CardError, Deck, parse_cards
from referee.rules.errors import InputError
from referee.rules.messages import Message, msg
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.services.matches import Actor

TOKEN_CHARS = 22  # 132 bits of the HMAC, URL-safe


class TableConflict(Exception):
    """The table's hand is not where the request thought (one is already open, none is, it
    was stored): ``message`` says what, for a 409."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


# -- seat links ---------------------------------------------------------------------------


def _secrets() -> list[str | bytes]:
    config = current_app.config
    return [config["SECRET_KEY"], *(config.get("SECRET_KEY_FALLBACKS") or [])]


def _token(secret: str | bytes, match: Match, seat: int) -> str:
    key = secret.encode() if isinstance(secret, str) else secret
    text = f"seat|{match.view_id}|{seat}|{match.seat_links}|{match.edit_token_hash}"
    digest = hmac.new(key, text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:TOKEN_CHARS]


def seat_token(match: Match, seat: int) -> str:
    """The seat's token under the present secret key (shown to the scorer only)."""
    return _token(_secrets()[0], match, seat)


def seat_of(match: Match, token: str | None) -> int | None:
    """The seat ``token`` opens at this match (None: no seat's, or a replaced link)."""
    if not token:
        return None
    for secret in _secrets():
        for seat in range(len(match.names)):
            if hmac.compare_digest(token, _token(secret, match, seat)):
                return seat
    return None


def seat_url(match: Match, seat: int) -> str:
    """The seat link, its token in the fragment (never sent to the server by a browser)."""
    page = url_for("table_play.seat_page", view_id=match.view_id, seat=seat + 1, _external=True)
    return f"{page}#{seat_token(match, seat)}"


JOIN = -1  # the token of the whole table's link, derived as a seat's is


def join_url(match: Match) -> str:
    """One link (and QR code) for the whole table: each phone that opens it picks its seat
    and is given that seat's link. Replaced with the seat links."""
    page = url_for("table_play.join_page", view_id=match.view_id, _external=True)
    return f"{page}#{seat_token(match, JOIN)}"


def seat_by_join(match: Match, token: str | None, seat: int) -> str:
    """The seat link's token for a phone holding the table's link that picked ``seat``."""
    if not token or not any(
        hmac.compare_digest(token, _token(secret, match, JOIN)) for secret in _secrets()
    ):
        raise InputError(
            "token", msg("this table link was replaced: ask the scorer for the new one")
        )
    if not 0 <= seat < len(match.names):
        raise InputError("seat", msg("not a seat at this table"))
    return seat_token(match, seat)


def replace_seat_links(match: Match) -> None:
    """Make every seat link of the match worthless at once (a phone left the table)."""
    locked = match_service.lock(match)
    locked.seat_links = (locked.seat_links or 0) + 1
    db.session.commit()


# -- the hand in play ---------------------------------------------------------------------


def latest(match: Match) -> TableHand | None:
    """The match's newest table hand, whatever became of it."""
    return db.session.scalar(
        select(TableHand).where(TableHand.match_id == match.id).order_by(TableHand.id.desc())
    )


def in_play(match: Match) -> TableHand | None:
    """The table hand whose cards are being sent, if any."""
    found = latest(match)
    return found if found is not None and found.status == TableHandStatus.OPEN else None


def _open_or_conflict(match: Match) -> TableHand:
    found = in_play(match)
    if found is None:
        raise TableConflict(msg("No hand is being entered at the table."))
    return found


def calls_of(hand: TableHand) -> list[TableCall | None]:
    """Each group's call (None: not called yet)."""
    return [
        TableCall(str(c["kind"]), int(c["knocker"]), c.get("upcard"))
        if isinstance(c, dict)
        else None
        for c in hand.calls
    ]


def group_of(hand: TableHand, seat: int) -> int | None:
    """The group ``seat`` plays in (None: it sits this hand out)."""
    return next((i for i, group in enumerate(hand.groups) if seat in group), None)


def players_of(hand: TableHand) -> list[int]:
    return [seat for group in hand.groups for seat in group]


def start(
    match: Match, kind: str, knocker: int | None, named: str | None, seat: int | None
) -> TableHand:
    """Call the knocker's group's hand at the table (by the scorer, or by ``seat``'s phone, a
    player of that group): it opens the next hand, or calls the other table of a deal whose
    first table was called already."""
    match = match_service.lock(match)
    board = board_service.build(match)
    if not board.format.table_play:
        raise InputError(None, msg("This game is not entered at the table yet."))
    kinds = [value for value, _label in board.format.table_play_kinds(board.rules)]
    if kind not in kinds:
        raise InputError("kind", msg("must be one of {kinds}", kinds=", ".join(kinds)))
    names = match.names
    hand = in_play(match)
    if hand is None:
        groups = [list(g) for g in board.format.table_play_groups(board)]
    else:
        groups = hand.groups
    players = [s for g in groups for s in g]
    if knocker is None or knocker not in players:
        who = ", ".join(names[s] for s in players)
        raise InputError("knocker", msg("must be one of the players of this hand: {who}", who=who))
    group = next(i for i, g in enumerate(groups) if knocker in g)
    if seat is not None and seat not in groups[group]:
        raise InputError(
            None, msg("{name} does not play this hand at that table", name=names[seat])
        )
    call = TableCall(kind, knocker, _named(board, named)).as_json()
    if hand is not None:
        if hand.calls[group] is not None:
            raise TableConflict(msg("A hand is already being entered at the table."))
        hand.calls = [call if i == group else c for i, c in enumerate(hand.calls)]
        hand.revision += 1
        db.session.commit()
        return hand
    hand = TableHand(
        match_id=match.id,
        number=len(match.live_hands) + 1,
        groups=groups,
        calls=[call if i == group else None for i in range(len(groups))],
        status=TableHandStatus.OPEN,
        revision=1,
    )
    db.session.add(hand)
    db.session.commit()
    return hand


def _named(board: Board, text: str | None) -> str | None:
    """What the call names (the first upcard; the cut for a wild joker; the dice), read by
    the format; required where the format says its cards cannot be ruled without it."""
    text = " ".join((text or "").split())
    asked = board.format.table_play_call_field(board.rules)
    if not text:
        if asked is not None and asked.missing is not None:
            raise InputError(asked.field, msg(asked.missing))
        return None
    return board.format.table_play_call_value(board.rules, text)


def send(
    match: Match, seat: int, text: str, melds: str = "", layoffs: str = "", choice: str = ""
) -> TableHand:
    """Take ``seat``'s cards for the hand in play (replacing what it sent before), in a rummy
    game with its melds and layoffs, and its answer where the game asks one
    (:meth:`Format.table_play_choice`); a card another seat of its group (its pack) already
    sent is refused, naming whose it is."""
    match = match_service.lock(match)
    hand = _open_or_conflict(match)
    names = match.names
    group = group_of(hand, seat)
    if group is None:
        raise InputError(None, msg("{name} sits out this hand", name=names[seat]))
    call = calls_of(hand)[group]
    if call is None:
        raise TableConflict(msg("Call this table's hand first: who knocked or went gin."))
    fmt = board_service.format_of(match)
    rules = board_service.rules_of(match)
    need = fmt.table_play_cards_needed(rules, call, seat)
    answer = _choice(fmt.table_play_choice(rules), choice, seat == call.knocker)
    try:
        what = msg("{name}'s hand", name=names[seat])
        cards = parse_cards(text, rules.deck, expected=need, what=what)
        if need is None and len(cards) > rules.hand_size:
            raise InputError("cards", msg("more cards than the {size} dealt", size=rules.hand_size))
        laid = _melds(melds, rules.deck) if fmt.table_play_melds else []
    except CardError as e:
        raise InputError("cards", e.message) from None
    mine_all = [*cards, *(c for meld in laid for c in meld), *_layoff_cards(layoffs, rules.deck)]
    _no_card_twice(hand, group, seat, mine_all, names, rules.deck)
    codes = " ".join(card.code for card in cards)
    meld_text = " / ".join(" ".join(c.code for c in meld) for meld in laid)
    layoff_text = " ".join(layoffs.split()) if fmt.table_play_melds else ""
    mine = next((c for c in hand.sent if c.seat == seat), None)
    if mine is None:
        hand.sent.append(
            TableCards(seat=seat, cards=codes, melds=meld_text, layoffs=layoff_text, choice=answer)
        )
    else:
        mine.cards, mine.melds, mine.layoffs = codes, meld_text, layoff_text
        mine.choice = answer
    for other in hand.sent:  # new cards, a new ruling: every seat says again
        other.agrees = None
    hand.revision += 1
    db.session.commit()
    return hand


def _choice(asked: SeatChoice | None, answer: str, called: bool) -> str:
    """The seat's answer, one of the game's (its default when it gave none; the seat that
    called the hand need not answer: the game reads its part from the call)."""
    if asked is None:
        return ""
    answer = answer.strip()
    if not answer:
        if asked.default or called:
            return asked.default
        raise InputError(asked.field, msg("answer this for your seat"))
    if answer not in asked.values:
        allowed = ", ".join(asked.values)
        raise InputError(asked.field, msg("must be one of {kinds}", kinds=allowed))
    return answer


def _melds(text: str, deck: Deck) -> list[tuple[Card, ...]]:
    """Melds laid down as typed: card codes, "/" between melds."""
    try:
        return [parse_cards(part, deck) for part in text.split("/") if part.strip()]
    except CardError as e:
        raise InputError("melds", e.message) from None


def _layoff_cards(text: str, deck: Deck) -> list[Card]:
    """The cards a seat laid off ("9H 10H > Ann 1; 5S > Ben 2"): each layoff's cards (the
    referee reads the rest, where each went, when it rules)."""
    out: list[Card] = []
    for part in text.replace(";", ",").split(","):
        cards = part.split(">")[0]
        if not cards.strip():
            continue
        try:
            out.extend(parse_cards(cards, deck))
        except CardError as e:
            raise InputError("layoffs", e.message) from None
    return out


def _no_card_twice(
    hand: TableHand, group: int, seat: int, cards: list[Card], names: list[str], deck: Deck
) -> None:
    """A card another seat of the group already sent (held, melded or laid off) is refused,
    naming whose it is (a pack of two decks holds each card twice)."""
    held: dict[Card, list[int]] = {}
    for other in hand.sent:
        if other.seat == seat or other.seat not in hand.groups[group]:
            continue
        melded = (c for meld in _melds(other.melds, deck) for c in meld)
        theirs = [*parse_cards(other.cards, deck), *melded, *_layoff_cards(other.layoffs, deck)]
        for card in theirs:
            held.setdefault(card, []).append(other.seat)
    mine: dict[Card, int] = {}
    for card in cards:
        mine[card] = mine.get(card, 0) + 1
        owners = held.get(card, [])
        if owners and len(owners) + mine[card] > deck.copies(card):
            raise InputError(
                "cards", msg("{card} is in {name}'s hand", card=card.label, name=names[owners[0]])
            )


def say(match: Match, seat: int, agrees: bool, by: Actor) -> TableHand:
    """``seat`` agrees with the ruling, or disputes it (the steps and the check page are its
    answer); only once every seat has sent. At a table whose house rule is that a hand every
    player agrees with is stored without the scorer, the last agreement stores it."""
    match = match_service.lock(match)
    hand = _open_or_conflict(match)
    mine = next((c for c in hand.sent if c.seat == seat), None)
    if mine is None or not everyone_sent(hand):
        raise TableConflict(msg("The ruling comes when every player has sent their cards."))
    mine.agrees = agrees
    hand.revision += 1
    db.session.commit()
    if match.table_stores_agreed and all(c.agrees for c in hand.sent):
        result = ruled(match, hand)
        if result.line is not None:
            store(match, by)
    return hand


def set_stores_agreed(match: Match, stores: bool) -> None:
    """The table's house rule: store a hand every player agrees with, without the scorer."""
    locked = match_service.lock(match)
    locked.table_stores_agreed = stores
    db.session.commit()


def drop(match: Match) -> TableHand:
    """The scorer calls the hand in play off (it is entered some other way, or not at all)."""
    match = match_service.lock(match)
    hand = _open_or_conflict(match)
    hand.status = TableHandStatus.DROPPED
    hand.revision += 1
    db.session.commit()
    return hand


def everyone_sent(hand: TableHand) -> bool:
    """Every group called and every seat playing sent its cards: the ruling can be made."""
    called = all(c is not None for c in hand.calls)
    return called and {c.seat for c in hand.sent} >= set(players_of(hand))


# -- the ruling ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Ruled:
    """What the cards of a table hand come to: the line the match would get (None while a
    seat has not sent, or when it cannot be taken), or the problem, naming the field."""

    line: Line | None
    board: Board | None
    problem: InputError | None


_RULED: OrderedDict[tuple[str, int, int, int], Ruled] = OrderedDict()
_KEPT = 256  # rulings kept per worker: every phone of a table polls the same one


def ruled(match: Match, hand: TableHand) -> Ruled:
    """The ruling of ``hand`` as the match stands, worked out once per change of either."""
    if not everyone_sent(hand):
        return Ruled(None, None, None)
    key = (match.view_id, hand.id, hand.revision, match.revision or 0)
    if key not in _RULED:
        _RULED[key] = _rule(match, hand)
        while len(_RULED) > _KEPT:
            _RULED.popitem(last=False)
    return _RULED[key]


def body_of(match: Match, hand: TableHand, board: Board) -> dict[str, object]:
    """The hand as the API's JSON, as the format says a table hand."""
    cards: Mapping[int, SeatCards] = {
        c.seat: SeatCards(c.cards, c.melds or "", c.layoffs or "", c.choice or "")
        for c in hand.sent
    }
    calls = [c for c in calls_of(hand) if c is not None]
    groups = [tuple(g) for g in hand.groups]
    return board.format.table_play_body(SentHand(calls, groups, cards, board.names, board.next))


def _rule(match: Match, hand: TableHand) -> Ruled:
    board = board_service.build(match)
    position = len(match.live_hands)
    if hand.number != position + 1:
        moved = msg(
            "The match has moved on: hand {number} was entered another way meanwhile.",
            number=hand.number,
        )
        return Ruled(None, board, InputError(None, moved))
    try:
        fields = board.format.hand_from_json(body_of(match, hand, board), board.names, board.next)
        values = match_service.prepare(match, fields, position)
        line = board_service.preview(match, values, None, position)
    except InputError as e:
        return Ruled(None, board, e)
    return Ruled(line, board, None)


def store(match: Match, by: Actor) -> Hand:
    """Keep the hand in play as the match's next hand, exactly as entered by cards (once: a
    second tap finds the hand the first stored)."""
    hand = in_play(match)
    if hand is None:
        done = latest(match)
        if done is not None and done.status == TableHandStatus.STORED and done.hand_id:
            stored = db.session.get(Hand, done.hand_id)
            if stored is not None:
                return stored
        raise TableConflict(msg("No hand is being entered at the table."))
    result = ruled(match, hand)
    if result.problem is not None:
        raise result.problem
    if result.line is None or result.board is None:
        raise TableConflict(msg("The ruling comes when every player has sent their cards."))
    board = result.board
    fields = board.format.hand_from_json(body_of(match, hand, board), board.names, board.next)
    stored, _created = match_service.add_hand(
        match, fields, by, idempotency_key=f"table-{hand.id}", expected_number=hand.number
    )
    hand = db.session.get(TableHand, hand.id, populate_existing=True) or hand
    hand.status = TableHandStatus.STORED
    hand.hand_id = stored.id
    hand.revision += 1
    db.session.commit()
    return stored
