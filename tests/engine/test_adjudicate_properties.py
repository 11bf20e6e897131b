"""Full-card rulings and quick-entry rulings can never disagree: for random deals under every
two-handed preset, the result from cards equals the result from the deadwood counts the cards
produce, and the numbers obey docs/rules.md §2.1 whatever the cards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.presets import list_presets
from referee.rules import melds
from referee.rules.adjudicate import HandKind, rule_cards, rule_counts
from referee.rules.cards import ALL_NATURALS, Card
from referee.rules.results import Outcome, Role

TWO_HANDED = [p for p in list_presets() if p.family in ("two_handed", "hollywood")]


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, list[Card], list[Card], Card]:
    preset = draw(st.sampled_from(TWO_HANDED))
    # meld-rich draws (a few adjacent ranks) make knocks and gins common
    low = draw(st.integers(1, 8))
    pool = [c for c in ALL_NATURALS if c.rank is not None and low <= c.rank <= low + 5]
    extra = draw(st.lists(st.sampled_from(ALL_NATURALS), max_size=6))
    cards = draw(st.permutations(list(dict.fromkeys(pool + extra))))
    size = draw(st.sampled_from([10, 10, 10, 11]))
    knocker, defender = list(cards[:size]), list(cards[size : size + 10])
    upcard = draw(st.sampled_from([c for c in ALL_NATURALS if c not in knocker + defender]))
    return preset.name, knocker, defender, upcard


@settings(max_examples=300, deadline=None)
@given(deal=deals())
def test_cards_and_counts_give_the_same_ruling(deal) -> None:
    name, knocker, defender, upcard = deal
    rules = next(p.rules for p in TWO_HANDED if p.name == name)
    result = rule_cards(knocker, defender, rules, upcard=upcard)
    if result.outcome is Outcome.BIG_GIN:
        kind = HandKind.BIG_GIN
    elif result.outcome is Outcome.GIN:
        kind = HandKind.GIN
    else:
        kind = HandKind.KNOCK
    assert result.knocker_deadwood is not None and result.defender_deadwood is not None
    quick = rule_counts(
        rules,
        kind=kind,
        knocker_deadwood=result.knocker_deadwood,
        defender_deadwood=result.defender_deadwood,
        upcard=upcard,
    )
    assert (quick.outcome, quick.scorer, quick.points, quick.boxes) == (
        result.outcome,
        result.scorer,
        result.points,
        result.boxes,
    )


@settings(max_examples=300, deadline=None)
@given(deal=deals())
def test_a_ruling_obeys_the_section_2_1_formulas(deal) -> None:
    name, knocker, defender, upcard = deal
    rules = next(p.rules for p in TWO_HANDED if p.name == name)
    result = rule_cards(knocker, defender, rules, upcard=upcard)
    k, d = result.knocker_deadwood, result.defender_deadwood
    assert k is not None and d is not None
    # the defender never does worse than its own best arrangement (layoffs only help)
    assert d <= melds.min_deadwood(defender, rules)
    if result.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        assert k == 0 and result.layoffs == ()
        assert result.scorer is Role.KNOCKER and result.points >= 0
    elif result.outcome is Outcome.KNOCK:
        assert k < d or (k == d and rules.tie_outcome.value == "knocker_wins_zero")
        assert result.points == max(d - k, rules.knocker_min_score) * result.multiplier
    elif result.outcome is Outcome.UNDERCUT:
        assert d <= k
    elif result.outcome is Outcome.ILLEGAL_KNOCK:
        assert not result.finished and result.points == 0
    # every step names the rule it applies
    assert all(step.text and step.rule for step in result.steps)
