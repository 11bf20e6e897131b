"""Slow, obviously correct references for melds, arrangements, knocks and layoffs.

Written apart from ``referee.rules.melds``/``layoffs`` and sharing nothing with them but the
card and rule types. Everything is brute force:

* a meld: every sub-multiset of the hand, every reading of every card (natural or wild),
  every rank or suit and every span;
* an arrangement: every packing of disjoint melds;
* a layoff play: every order of laying off every card onto every meld end, combined with
  every packing of the cards left.

Definitions (the same as the referee's documented ones): a meld is identified by its kind and
its cards (jokers alike); a wild-only meld is a set; a set holds each suit once unless
``max_set`` > 4; an ace is position 1, or 14 under high-or-low, never both in one run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from hypothesis import strategies as st

from referee.rules.cards import Card, Suit
from referee.rules.ruleset import AceRank, Ruleset

Key = int  # a card as a number: 0-51 naturals, 52 every joker
MeldId = tuple[str, tuple[Key, ...]]  # (kind, sorted card keys)


def key(card: Card) -> Key:
    return 52 if card.is_joker else card.index


def card_of(k: Key) -> Card:
    from referee.rules.cards import card_from_index

    return card_from_index(k)


def value(k: Key, rules: Ruleset) -> int:
    if k == 52:
        return rules.joker_value
    rank = k % 13 + 1
    if rules.wild_value is not None and rank in rules.wild_ranks:
        return rules.wild_value
    if rank == 1:
        return rules.ace_value
    if rank > 10:
        return rules.court_value
    return rank


def rank_of(k: Key) -> int | None:
    return None if k == 52 else k % 13 + 1


def suit_of(k: Key) -> int | None:
    return None if k == 52 else k // 13


def is_wild(k: Key, rules: Ruleset) -> bool:
    if k == 52:
        return rules.jokers_wild
    return rank_of(k) in rules.wild_ranks


def top(rules: Ruleset) -> int:
    return 14 if rules.ace is AceRank.HIGH_OR_LOW else 13


def run_limit(rules: Ruleset) -> int:
    return 13 if rules.max_run is None else min(rules.max_run, 13)


def natural_position(k: Key, suit: int, position: int) -> bool:
    """Whether card ``k`` is, by itself, the card at run ``position`` of ``suit``."""
    if k == 52 or suit_of(k) != suit:
        return False
    return rank_of(k) == (1 if position == 14 else position)


# -- melds ----------------------------------------------------------------------------------


def is_set_of(cards: Sequence[Key], rank: int | None, rules: Ruleset) -> bool:
    """Some reading makes ``cards`` a set of ``rank`` (None: every card wild)."""
    if not rules.min_set <= len(cards) <= rules.max_set:
        return False
    roles: list[list[bool]] = []  # for each card, the readings allowed: True = natural
    for k in cards:
        allowed = []
        if rank is not None and k != 52 and rank_of(k) == rank:
            allowed.append(True)
        if is_wild(k, rules):
            allowed.append(False)
        if not allowed:
            return False
        roles.append(allowed)
    for reading in product(*roles):
        naturals = [k for k, nat in zip(cards, reading, strict=True) if nat]
        if rules.max_set <= 4 and len(set(naturals)) != len(naturals):
            continue
        if rank is None and naturals:
            continue
        if rank is not None and not naturals:
            continue
        if len(naturals) < rules.min_naturals_in_meld:
            continue
        return True
    return False


def is_set(cards: Sequence[Key], rules: Ruleset) -> bool:
    # a card that is not wild must stand as itself, so it names the rank
    fixed = {rank_of(k) for k in cards if not is_wild(k, rules)}
    ranks = sorted(fixed, key=lambda r: -1 if r is None else r) if fixed else [None, *range(1, 14)]
    return any(is_set_of(cards, r, rules) for r in ranks)


def run_readings(cards: Sequence[Key], rules: Ruleset) -> Iterator[tuple[int, int, dict[int, Key]]]:
    """Every (suit, low, position → card) reading of ``cards`` as a run."""
    n = len(cards)
    if not rules.min_run <= n <= run_limit(rules):
        return
    # a card that is not wild must stand as itself, so it names the suit
    fixed_suits = {suit_of(k) for k in cards if not is_wild(k, rules)}
    if len(fixed_suits) > 1 or None in fixed_suits:  # two suits, or a joker that is not wild
        return
    fixed = [s for s in fixed_suits if s is not None]
    for suit in fixed or range(4):
        for low in range(1, top(rules) - n + 2):
            high = low + n - 1
            if low == 1 and high == 14:
                continue
            positions = list(range(low, high + 1))
            for order in set(_permutations_limited(cards, suit, positions, rules)):
                placed = dict(zip(positions, order, strict=True))
                if run_ok(placed, suit, rules):
                    yield suit, low, placed


def _permutations_limited(
    cards: Sequence[Key], suit: int, positions: list[int], rules: Ruleset
) -> Iterator[tuple[Key, ...]]:
    """Every assignment of the cards to the positions where each card may stand there."""
    counts = Counter(cards)
    out: list[Key] = []

    def rec(i: int) -> Iterator[tuple[Key, ...]]:
        if i == len(positions):
            yield tuple(out)
            return
        for k in sorted(counts):
            if counts[k] and (natural_position(k, suit, positions[i]) or is_wild(k, rules)):
                counts[k] -= 1
                out.append(k)
                yield from rec(i + 1)
                out.pop()
                counts[k] += 1

    yield from rec(0)


def run_ok(placed: dict[int, Key], suit: int, rules: Ruleset) -> bool:
    """A run laid out position by position is legal."""
    positions = sorted(placed)
    if positions != list(range(positions[0], positions[-1] + 1)):
        return False
    if positions[0] < 1 or positions[-1] > top(rules):
        return False
    if positions[0] == 1 and positions[-1] == 14:
        return False
    if not rules.min_run <= len(positions) <= run_limit(rules):
        return False
    natural = {p: natural_position(placed[p], suit, p) for p in positions}
    for p in positions:
        if not natural[p] and not is_wild(placed[p], rules):
            return False
    count = sum(natural.values())
    if count < max(1, rules.min_naturals_in_meld):
        return False
    if not rules.wilds_adjacent_in_run:
        for p in positions[:-1]:
            if not natural[p] and not natural[p + 1]:
                return False
    return True


def is_run(cards: Sequence[Key], rules: Ruleset) -> bool:
    return next(run_readings(cards, rules), None) is not None


def meld_kinds(cards: Sequence[Key], rules: Ruleset) -> list[str]:
    kinds = []
    if is_set(cards, rules):
        kinds.append("set")
    if is_run(cards, rules):
        kinds.append("run")
    return kinds


def all_melds(hand: Sequence[Card], rules: Ruleset) -> list[MeldId]:
    """Every meld identity formable from the hand: every sub-multiset, every kind."""
    keys = sorted(key(c) for c in hand)
    smallest = min(rules.min_set, rules.min_run)
    seen: set[tuple[Key, ...]] = set()
    found: list[MeldId] = []
    for size in range(smallest, len(keys) + 1):
        for chosen in combinations(keys, size):
            if chosen in seen:
                continue
            seen.add(chosen)
            for kind in meld_kinds(chosen, rules):
                found.append((kind, chosen))
    return sorted(found)


# -- arrangements -------------------------------------------------------------------------


@dataclass(frozen=True)
class Packing:
    melds: tuple[MeldId, ...]  # sorted
    used: Counter[Key]


def packings(hand: Sequence[Card], rules: Ruleset) -> list[Packing]:
    """Every multiset of disjoint melds that fits in the hand (the empty one included)."""
    melds = all_melds(hand, rules)
    left = Counter(key(c) for c in hand)
    out: list[Packing] = []
    chosen: list[MeldId] = []

    def rec(start: int) -> None:
        out.append(Packing(tuple(chosen), Counter(k for m in chosen for k in m[1])))
        for i in range(start, len(melds)):
            need = Counter(melds[i][1])
            if all(left[k] >= n for k, n in need.items()):
                left.subtract(need)
                chosen.append(melds[i])
                rec(i)
                chosen.pop()
                left.update(need)

    rec(0)
    return out


Signature = tuple[tuple[MeldId, ...], tuple[Key, ...]]  # (sorted melds, sorted deadwood)


def best(hand: Sequence[Card], rules: Ruleset) -> tuple[int, set[Signature]]:
    """Least deadwood and every arrangement reaching it."""
    return best_from(Counter(key(c) for c in hand), packings(hand, rules), rules)


def best_from(
    cards: Counter[Key], packs: Sequence[Packing], rules: Ruleset
) -> tuple[int, set[Signature]]:
    results: dict[Signature, int] = {}
    for p in packs:
        if any(cards[k] < n for k, n in p.used.items()):
            continue
        dead = cards - p.used
        results[(p.melds, tuple(sorted(dead.elements())))] = sum(
            value(k, rules) * n for k, n in dead.items()
        )
    least = min(results.values())
    return least, {s for s, v in results.items() if v == least}


def merges_wild_ranks(rules: Ruleset) -> bool:
    """Whether the referee lists arrangements that differ only in which card of a wild rank
    stands where as one: where wild cards may stand side by side and a meld needs at most one
    natural card (then every card of a wild rank can take another's place)."""
    return (
        bool(rules.wild_ranks) and rules.wilds_adjacent_in_run and rules.min_naturals_in_meld <= 1
    )


def merged(signature: Signature, rules: Ruleset) -> Signature:
    """``signature`` with every card of a wild rank read as that rank's spade, when the
    referee merges them (:func:`merges_wild_ranks`): one key per listed arrangement."""
    if not merges_wild_ranks(rules):
        return signature

    def one(k: Key) -> Key:
        rank = rank_of(k)
        return rank - 1 if rank is not None and rank in rules.wild_ranks else k

    melds = tuple(sorted((kind, tuple(sorted(one(k) for k in ks))) for kind, ks in signature[0]))
    return melds, tuple(sorted(one(k) for k in signature[1]))


def knock(hand: Sequence[Card], rules: Ruleset) -> tuple[int, set[Key], bool, dict[Key, int]]:
    """(least deadwood after a discard, the discards reaching it, big gin, per discard)."""
    packs = packings(hand, rules)
    cards = Counter(key(c) for c in hand)
    per: dict[Key, int] = {}
    for k in cards:
        rest = cards.copy()
        rest[k] -= 1
        per[k] = best_from(+rest, packs, rules)[0]
    least = min(per.values())
    big = best_from(cards, packs, rules)[0] == 0
    return least, {k for k, v in per.items() if v == least}, big, per


# -- layoffs -------------------------------------------------------------------------------

TableMeld = tuple[str, int | None, tuple[tuple[int, Key], ...], int, int]
# (kind, rank-or-suit, ((position, card), ...) for a run / ((0, card), ...) for a set,
#  original low, original high)


def table_meld(
    kind: str, rank: int | None, suit: Suit | None, low: int | None, cards: Sequence[Card]
) -> TableMeld:
    if kind == "set":
        return ("set", rank, tuple((0, key(c)) for c in cards), 0, 0)
    assert suit is not None and low is not None
    placed = tuple((low + i, key(c)) for i, c in enumerate(cards))
    return ("run", list(Suit).index(suit), placed, low, low + len(cards) - 1)


def layoff_moves(m: TableMeld, k: Key, rules: Ruleset, chain: bool) -> list[TableMeld]:
    kind, tag, placed, orig_low, orig_high = m
    if kind == "set":
        cards = [c for _, c in placed] + [k]
        ranks = [tag] if tag is not None else [None, *range(1, 14)]
        if any(is_set_of(cards, r, rules) for r in ranks):
            new_tag = tag
            if tag is None:
                new_tag = next(r for r in ranks if is_set_of(cards, r, rules))
            return [("set", new_tag, (*placed, (0, k)), 0, 0)]
        return []
    assert tag is not None
    positions = [p for p, _ in placed]
    low, high = min(positions), max(positions)
    if chain:
        targets = [low - 1, high + 1]
    else:  # only next to the meld as the knocker laid it, once at each end
        targets = [p for p in (orig_low - 1, orig_high + 1) if p not in positions]
    out: list[TableMeld] = []
    for p in targets:
        new = dict(placed)
        new[p] = k
        if run_ok(new, tag, rules):
            out.append(("run", tag, tuple(sorted(new.items())), orig_low, orig_high))
    return out


def defender(spread: Sequence[TableMeld], hand: Sequence[Card], rules: Ruleset) -> tuple[int, int]:
    """(least deadwood, fewest layoffs reaching it) over every layoff sequence and packing."""
    chain = rules.layoff_chain and not rules.layoff_original_melds_only
    cards = Counter(key(c) for c in hand)
    packs = packings(hand, rules)
    seen: set[tuple[tuple[TableMeld, ...], tuple[Key, ...]]] = set()
    best_pair: list[tuple[int, int]] = []
    laid_states: dict[tuple[Key, ...], int] = {}

    def visit(table: tuple[TableMeld, ...], laid: Counter[Key]) -> None:
        state = (table, tuple(sorted(laid.elements())))
        if state in seen:
            return
        seen.add(state)
        lk = tuple(sorted(laid.elements()))
        laid_states[lk] = sum(laid.values())
        left = cards - laid
        for k in sorted(left):
            for i, m in enumerate(table):
                for nxt in layoff_moves(m, k, rules, chain):
                    new_table = (*table[:i], nxt, *table[i + 1 :])
                    visit(new_table, laid + Counter([k]))

    visit(tuple(spread), Counter())
    for lk, n in laid_states.items():
        rest = cards - Counter(lk)
        dead = best_from(rest, packs, rules)[0]
        best_pair.append((dead, n))
    return min(best_pair)


def replay_layoffs(
    spread: Sequence[TableMeld],
    layoffs: Sequence[tuple[Key, int]],
    rules: Ruleset,
) -> bool:
    """Whether the layoffs can be played in this order (each onto some legal end)."""
    chain = rules.layoff_chain and not rules.layoff_original_melds_only

    def rec(table: tuple[TableMeld, ...], i: int) -> bool:
        if i == len(layoffs):
            return True
        k, index = layoffs[i]
        for nxt in layoff_moves(table[index], k, rules, chain):
            if rec((*table[:index], nxt, *table[index + 1 :]), i + 1):
                return True
        return False

    return rec(tuple(spread), 0)


# -- random hands for the property tests ------------------------------------------------------


def rich_pool(rules: Ruleset, low: int, width: int, suits: Sequence[int]) -> list[Card]:
    """The pack's cards of a few adjacent ranks in a few suits, plus every wild card.

    Hands drawn from it are meld-rich (many overlapping sets and runs).
    """
    pool = []
    for card in rules.deck.cards():
        if card.is_joker:
            pool.append(card)
            continue
        assert card.rank is not None and card.suit is not None
        rank = int(card.rank)
        in_window = low <= rank < low + width or (rank == 1 and low + width > 13)
        if (in_window and card.suit.index in suits) or rank in rules.wild_ranks:
            pool.append(card)
    return pool


RULESETS: dict[str, Ruleset] = {
    "standard": Ruleset(),
    "jokers_wild": Ruleset(jokers=2, jokers_wild=True),
    "jokers_apart": Ruleset(jokers=2, jokers_wild=True, wilds_adjacent_in_run=False),
    "deuces_and_jokers": Ruleset(jokers=2, jokers_wild=True, wild_ranks=(2,)),
    "deuces_two_naturals": Ruleset(wild_ranks=(2,), min_naturals_in_meld=2),
    "wild_only_melds": Ruleset(jokers=2, jokers_wild=True, min_naturals_in_meld=0),
    "jokers_not_wild": Ruleset(jokers=2),
    "two_decks": Ruleset(decks=2),
    "two_decks_big_sets": Ruleset(decks=2, max_set=6),
    "ace_high_or_low": Ruleset(ace=AceRank.HIGH_OR_LOW),
    "max_run_5": Ruleset(max_run=5),
    "contract": Ruleset(
        decks=2,
        jokers=2,
        jokers_wild=True,
        wild_ranks=(2,),
        ace=AceRank.HIGH_OR_LOW,
        wilds_adjacent_in_run=False,
        min_run=4,
    ),
}

LAYOFF_RULESETS: dict[str, Ruleset] = {
    **RULESETS,
    "no_chain": Ruleset(layoff_chain=False),
    "battle_royal": Ruleset(layoff_original_melds_only=True),
    "no_chain_jokers": Ruleset(jokers=2, jokers_wild=True, layoff_chain=False),
    "two_decks_sets_of_5": Ruleset(decks=2, max_set=5),
    "max_run_5_jokers": Ruleset(max_run=5, jokers=2, jokers_wild=True),
}


@st.composite
def hand_cases(
    draw: st.DrawFn,
    sizes: Sequence[int] = (10, 11),
    rulesets: dict[str, Ruleset] = RULESETS,
    max_wilds: int = 2,
    widths: tuple[int, int] = (3, 5),
    min_suits: int = 2,
) -> tuple[str, Ruleset, tuple[Card, ...]]:
    """(rules name, rules, hand): from the whole pack or a meld-rich corner of it.

    At most ``max_wilds`` wild cards, so that the brute force stays quick.
    """
    name = draw(st.sampled_from(sorted(rulesets)))
    rules = rulesets[name]
    size = draw(st.sampled_from(list(sizes)))
    pack = list(rules.deck.cards())
    pool = pack
    if draw(st.booleans()):
        low = draw(st.integers(1, 12))
        width = draw(st.integers(*widths))
        suits = sorted(draw(st.sets(st.integers(0, 3), min_size=min_suits, max_size=4)))
        pool = rich_pool(rules, low, width, suits)
    wild = [c for c in pool if is_wild(key(c), rules)]
    plain = [c for c in pool if not is_wild(key(c), rules)]
    n_wild = draw(st.integers(0, min(max_wilds, len(wild), size)))
    n_plain = size - n_wild
    if len(plain) < n_plain:
        plain = [c for c in pack if not is_wild(key(c), rules)]
    picks: list[int] = []
    if n_wild:
        picks = draw(
            st.lists(st.integers(0, len(wild) - 1), min_size=n_wild, max_size=n_wild, unique=True)
        )
    others = draw(
        st.lists(st.integers(0, len(plain) - 1), min_size=n_plain, max_size=n_plain, unique=True)
    )
    hand = [wild[i] for i in picks] + [plain[i] for i in others]
    return name, rules, tuple(draw(st.permutations(hand)))
