"""Gin Referee: a score-keeper and referee for Gin Rummy played with real cards.

The rules engine lives in :mod:`referee.rules` and needs nothing but the standard library.
"""
