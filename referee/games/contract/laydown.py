"""The lay-down referee: did these groups and sequences meet the contract, and if not, why.

A lay-down is the combinations a player put on the table for the deal's contract, each a
group or a sequence (declared, or read from the cards), wilds naming what they stand for or
placed by the referee. It meets the contract when every combination is valid (seed 002's
wild placement), and the combinations match the contract's needs one for one, each at least
its minimum length. Given the player's hand, every laid card must come from it, and the hand
must keep a card to discard (unless the deal is played without a discard, when nothing may be
left).

Laid-down text: combinations separated by ``/``, cards by spaces, a wild naming its card with
``=`` (``4S 5S JK=6S 7S / 9H 9D 2C``); ``group:`` or ``sequence:`` in front declares a kind.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from referee.games.contract.combos import (
    Combination,
    CombinationError,
    Laid,
    Target,
    laid_text,
    meant_kind,
    read_as,
    readings,
)
from referee.games.contract.contracts import Deal, Kind, Need
from referee.games.contract.search import find_contract
from referee.games.contract.table import ContractTable, said_and
from referee.rules.cards import Card, CardError, format_cards, parse_card, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.messages import Message, msg, msg_n
from referee.rules.results import Step

__all__ = [
    "HandRuling",
    "LaidCombination",
    "LayDownRuling",
    "parse_laydown",
    "referee_hand",
    "referee_laydown",
]

RULE = "§8.5 contract"

_GROUP_NAMES = (
    msg("the first group"),
    msg("the second group"),
    msg("the third group"),
    msg("the fourth group"),
    msg("the fifth group"),
    msg("the sixth group"),
    msg("the seventh group"),
    msg("the eighth group"),
)
_SEQUENCE_NAMES = (
    msg("the first sequence"),
    msg("the second sequence"),
    msg("the third sequence"),
    msg("the fourth sequence"),
    msg("the fifth sequence"),
    msg("the sixth sequence"),
    msg("the seventh sequence"),
    msg("the eighth sequence"),
)


@dataclass(frozen=True)
class LaidCombination:
    """One combination as laid down: its cards (wilds perhaps named) and its declared kind."""

    cards: tuple[Laid, ...]
    kind: Kind | None = None

    @property
    def text(self) -> str:
        return laid_text(self.cards)


@dataclass(frozen=True)
class LayDownRuling:
    """Whether a lay-down met the contract; ``message`` says exactly why not (``reason``: its
    English); ``combinations`` are the laid combinations as read (in the order laid; None
    where one did not read)."""

    met: bool
    message: Message
    combinations: tuple[Combination | None, ...]
    steps: tuple[Step, ...]

    @property
    def reason(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class HandRuling:
    """Whether a whole hand can lay down the contract, and one way it can."""

    can: bool
    way: tuple[Combination, ...]
    left: tuple[Card, ...]
    steps: tuple[Step, ...]


_KIND_PREFIX = re.compile(r"^\s*(group|set|sequence|run)\s*:\s*", re.IGNORECASE)


def _target(text: str, token: str, field: str) -> Target:
    value = text.strip().upper()
    if (
        value[:-1] in {"A", "J", "Q", "K", "T"} | {str(n) for n in range(2, 11)}
        and value[-1] in "SHDC♠♥♦♣"
    ):
        card = parse_card(value)
        assert card.rank is not None
        return Target(int(card.rank), card.suit)
    try:
        card = parse_card(value + "S")
    except CardError:
        raise InputError(
            field,
            msg(
                "`{token}`: `{text}` is not a card or a rank for the wild to stand for",
                token=token,
                text=text,
            ),
        ) from None
    assert card.rank is not None
    return Target(int(card.rank))


def parse_laydown(
    text: str | Sequence[str], table: ContractTable, field: str = "laid"
) -> tuple[LaidCombination, ...]:
    """Combinations from text (``/`` between them) or a list of texts; the cards are checked
    against the pack (too many copies, a joker the table does not have) all together.
    Raises :class:`InputError` on ``field``."""
    parts = text.split("/") if isinstance(text, str) else list(text)
    parts = [p for p in parts if p.strip()]
    if not parts:
        raise InputError(field, msg("lay down at least one combination"))
    kinds: list[Kind | None] = []
    tokens: list[list[tuple[str, str | None]]] = []
    for part in parts:
        match = _KIND_PREFIX.match(part)
        kind = None
        if match:
            word = match.group(1).lower()
            kind = Kind.GROUP if word in ("group", "set") else Kind.SEQUENCE
            part = part[match.end() :]
        kinds.append(kind)
        row = []
        for token in re.split(r"[\s,;]+", part.strip()):
            if not token:
                continue
            card, _, named = token.partition("=")
            row.append((card, named or None))
        if not row:
            raise InputError(field, msg("a combination has no cards"))
        tokens.append(row)
    flat = [card for row in tokens for card, _ in row]
    try:
        cards = parse_cards(flat, table.deck, what="the lay-down")
    except CardError as e:
        reason = said_of(e)
        if "played without jokers" in str(e):
            reason = msg(
                "{problem}: this table has no jokers, so no wild joker", problem=said_of(e)
            )
        raise InputError(field, reason) from None
    out = []
    i = 0
    for kind, row in zip(kinds, tokens, strict=True):
        laid = []
        for token, named in row:
            card = cards[i]
            i += 1
            target = _target(named, f"{token}={named}", field) if named else None
            if target is not None and not table.is_wild(card):
                raise InputError(
                    field,
                    msg(
                        "`{token}`: {card} is not wild at this table (wild: {wilds})",
                        token=f"{token}={named}",
                        card=card.label,
                        wilds=table.wilds_said(),
                    ),
                )
            laid.append(Laid(card, target))
        out.append(LaidCombination(tuple(laid), kind))
    return tuple(out)


def check_in_hand(laid: Sequence[Card], hand: Sequence[Card], field: str = "laid") -> None:
    """Every laid card comes from ``hand`` (as often as laid); raises :class:`InputError`."""
    have = Counter(hand)
    for card, n in Counter(laid).items():
        if n > have[card]:
            if not have[card]:
                raise InputError(field, msg("{card} is not in the hand", card=card.label))
            raise InputError(
                field,
                msg_n(
                    "{card} is in the hand only {count} time(s), not {laid}",
                    "{card} is in the hand only {count} time(s), not {laid}",
                    have[card],
                    card=card.label,
                    laid=n,
                ),
            )


def _name(index: int, kinds: Sequence[Kind], i: int) -> Message:
    """``the second group``: a laid combination named by its place among those of its kind."""
    same = sum(1 for k in kinds[:i] if k is kinds[i])
    names = _GROUP_NAMES if kinds[i] is Kind.GROUP else _SEQUENCE_NAMES
    if same < len(names):
        return names[same]
    if kinds[i] is Kind.GROUP:
        return msg("the {number}th group", number=same + 1)
    return msg("the {number}th sequence", number=same + 1)


def _counts_text(groups: int, sequences: int) -> Message:
    parts = []
    if groups:
        parts.append(msg_n("{count} group", "{count} groups", groups))
    if sequences:
        parts.append(msg_n("{count} sequence", "{count} sequences", sequences))
    return said_and(parts) if parts else msg("nothing")


def _named(i: int, kinds: Sequence[Kind], combo: LaidCombination) -> dict[str, Message | str]:
    """The values naming a laid combination: its place and its cards."""
    return {
        "combination": _name(i, kinds, i),
        "cards": format_cards(x.card for x in combo.cards),
    }


def referee_laydown(
    deal: Deal,
    laid: Sequence[LaidCombination],
    table: ContractTable,
    hand: Sequence[Card] | None = None,
) -> LayDownRuling:
    """Rule a lay-down for ``deal``'s contract (see the module docstring). Input that cannot
    be taken (cards not in ``hand``) raises :class:`InputError`; a contract not met is a
    ruling with the reason."""
    all_cards = [x.card for combo in laid for x in combo.cards]
    if hand is not None:
        check_in_hand(all_cards, hand)
    steps: list[Step] = [Step(msg("The contract: {contract}.", contract=deal.said), RULE)]
    options: list[dict[Kind, Combination]] = []
    named_kinds: list[Kind] = []
    for combo in laid:
        if combo.kind is not None:
            try:
                options.append({combo.kind: read_as(combo.cards, combo.kind, table)})
            except CombinationError:
                options.append({})
            named_kinds.append(combo.kind)
        else:
            found = readings(combo.cards, table)
            options.append(found)
            named_kinds.append(
                next(iter(found)) if len(found) == 1 else meant_kind(combo.cards, table)
            )
    read: list[Combination | None] = [None] * len(laid)

    def refuse(reason: Message) -> LayDownRuling:
        steps.append(Step(msg("Not met: {reason}.", reason=reason), RULE))
        return LayDownRuling(False, reason, tuple(read), tuple(steps))

    for i, combo in enumerate(laid):
        if not options[i]:
            kind = named_kinds[i]
            try:
                read_as(combo.cards, kind, table)
            except CombinationError as e:
                return refuse(
                    msg(
                        "{combination} {cards} {problem}",
                        **_named(i, named_kinds, combo),
                        problem=e.message,
                    )
                )
    if len(laid) != len(deal.needs):
        groups = sum(1 for k in named_kinds if k is Kind.GROUP)
        return refuse(
            msg_n(
                "the contract asks for {asked} ({count} combinations); {laid} were laid down "
                "({laid_kinds})",
                "the contract asks for {asked} ({count} combinations); {laid} were laid down "
                "({laid_kinds})",
                len(deal.needs),
                asked=_counts_text(deal.groups, deal.sequences),
                laid=len(laid),
                laid_kinds=_counts_text(groups, len(laid) - groups),
            )
        )
    match = _match(options, deal.needs)
    if match is None:
        return refuse(_mismatch(options, named_kinds, laid, deal))
    for i, (reading, need) in enumerate(
        zip(match, _needs_in_order(match, options, deal), strict=True)
    ):
        read[i] = reading
        if reading.kind is Kind.GROUP:
            said = msg(
                "{combination}: a group of {count} for the group of {length}.",
                combination=reading.label,
                count=len(reading.placed),
                length=need.length,
            )
        else:
            said = msg(
                "{combination}: a sequence of {count} for the sequence of {length}.",
                combination=reading.label,
                count=len(reading.placed),
                length=need.length,
            )
        steps.append(Step(said, RULE))
    if hand is not None:
        left = list((Counter(hand) - Counter(all_cards)).elements())
        if deal.no_discard and left:
            return refuse(
                msg(
                    "this deal is played without a discard: all cards must be laid down, "
                    "{cards} are left",
                    cards=format_cards(sorted(left)),
                )
            )
        if not deal.no_discard and not left:
            return refuse(msg("every card was laid down: a card must be kept to discard"))
    reason = msg("every combination of the contract is laid down, each valid and long enough")
    steps.append(Step(msg("Met: {reason}.", reason=reason), RULE))
    return LayDownRuling(True, reason, tuple(read), tuple(steps))


def _match(
    options: Sequence[dict[Kind, Combination]], needs: Sequence[Need]
) -> list[Combination] | None:
    for order in permutations(range(len(needs))):
        chosen = []
        for i, j in enumerate(order):
            need = needs[j]
            combo = options[i].get(need.kind)
            if combo is None or len(combo.placed) < need.length:
                break
            chosen.append(combo)
        else:
            return chosen
    return None


def _needs_in_order(
    chosen: Sequence[Combination], options: Sequence[dict[Kind, Combination]], deal: Deal
) -> list[Need]:
    left = list(deal.needs)
    out = []
    for combo in chosen:
        fits = [n for n in left if n.kind is combo.kind and n.length <= len(combo.placed)]
        need = max(fits, key=lambda n: n.length)
        left.remove(need)
        out.append(need)
    return out


def _mismatch(
    options: Sequence[dict[Kind, Combination]],
    kinds: Sequence[Kind],
    laid: Sequence[LaidCombination],
    deal: Deal,
) -> Message:
    for i, combo in enumerate(laid):
        kind = kinds[i]
        lengths = [n.length for n in deal.needs if n.kind is kind]
        if lengths and len(combo.cards) < min(lengths):
            if kind is Kind.GROUP:
                return msg_n(
                    "{combination} {cards} has {count} cards: the contract's groups need at "
                    "least {least}",
                    "{combination} {cards} has {count} cards: the contract's groups need at "
                    "least {least}",
                    len(combo.cards),
                    **_named(i, kinds, combo),
                    least=min(lengths),
                )
            return msg_n(
                "{combination} {cards} has {count} cards: the contract's sequences need at "
                "least {least}",
                "{combination} {cards} has {count} cards: the contract's sequences need at "
                "least {least}",
                len(combo.cards),
                **_named(i, kinds, combo),
                least=min(lengths),
            )
    groups = sum(1 for k in kinds if k is Kind.GROUP)
    return msg(
        "the contract asks for {asked}; laid down: {laid}",
        asked=_counts_text(deal.groups, deal.sequences),
        laid=_counts_text(groups, len(kinds) - groups),
    )


def referee_hand(hand: Sequence[Card], deal: Deal, table: ContractTable) -> HandRuling:
    """Whether ``hand`` can lay down ``deal``'s contract, with one way (each combination at
    its minimum length) and the cards it leaves."""
    steps = [Step(msg("The contract: {contract}.", contract=deal.said), RULE)]
    way = find_contract(hand, deal.needs, table)
    if way is None:
        steps.append(
            Step(
                msg(
                    "No way to lay down {contract} from {cards} (every arrangement was searched).",
                    contract=deal.label,
                    cards=format_cards(hand),
                ),
                RULE,
            )
        )
        return HandRuling(False, (), tuple(hand), tuple(steps))
    used = Counter(c for combo in way for c in combo.cards)
    left = tuple(sorted((Counter(hand) - used).elements()))
    shown = " / ".join(c.label for c in way)
    steps.append(Step(msg("It can: {way}.", way=shown), RULE))
    if left:
        steps.append(Step(msg("Left in hand: {cards}.", cards=format_cards(left)), RULE))
    return HandRuling(True, way, left, tuple(steps))
