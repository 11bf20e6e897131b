"""Gem Rummy (docs/rules.md §8.3): the gem deck as data, the dice, the gem melds, the exact search
with stashes and Queen's Diamonds, layoffs played in turns, and the hand's scoring.

Pure and typed like the rest of ``referee.rules``; it calls the card notation of
``referee.rules.cards`` and nothing of the two-handed search (``melds``/``layoffs``), whose
insides change on their own schedule.
"""
