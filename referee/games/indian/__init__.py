"""Indian Rummy, 13 cards (docs/rules.md §8.6): two packs with their printed jokers, a wild
joker rank cut each deal, declarations of sets and sequences (two sequences, one pure), the
losers' points capped at 80, drops, and three ways to play: Points, Pool 101 / 201 and Deals.

The engine is pure (``cards``, ``groups``, ``grouping``, ``declaration``, ``scoring``,
``variants``); the format and the web modules build on it."""
