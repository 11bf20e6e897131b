"""A work budget for the engine's searches: a count of search nodes, not of seconds.

The searches (the meld solver, the arrangement walk, the defender's layoff combinations)
charge the budget of the current context as they go; past it they raise
:class:`TooComplexError`, which the web layer answers with 422 "too complex to rule here".
With no budget set (the shell, the tests, other programs) nothing is counted.

>>> with work_budget(5):
...     charge(3)
...     charge(3)
Traceback (most recent call last):
...
referee.rules.budget.TooComplexError: too complex to rule here: ...
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from referee.rules.messages import Message, msg

P = ParamSpec("P")
R = TypeVar("R")

# About a quarter of a second of search on a 2020s server core: a real table's hand needs a
# small fraction of it, the worst wild-card hands far more.
DEFAULT_NODES = 200_000


class TooComplexError(Exception):
    """The search needed more than its budget: the input is refused, not ruled.

    ``reason`` is the refusal in English (``str()``), ``message`` the same as a
    :class:`Message` for the pages to say in the reader's language.
    """

    field: str | None = None
    message: Message = msg(
        "too complex to rule here: these cards and rules need more search than this server "
        "gives one request (fewer wild cards or a smaller hand rule quickly)"
    )
    reason = str(message)

    def __init__(self, spent: int, limit: int) -> None:
        self.spent, self.limit = spent, limit
        super().__init__(self.reason)


@dataclass
class Budget:
    limit: int
    spent: int = 0


_current: ContextVar[Budget | None] = ContextVar("referee_work_budget", default=None)


def current() -> Budget | None:
    """The budget the searches charge now (None: unlimited)."""
    return _current.get()


def charge(nodes: int = 1) -> None:
    """Count ``nodes`` of work against the current budget; past it, :class:`TooComplexError`."""
    budget = _current.get()
    if budget is None:
        return
    budget.spent += nodes
    if budget.spent > budget.limit:
        raise TooComplexError(budget.spent, budget.limit)


@contextmanager
def work_budget(nodes: int = DEFAULT_NODES) -> Iterator[Budget]:
    """Run the block under a budget of ``nodes`` (inside another budget, the tighter one)."""
    outer = _current.get()
    if outer is not None and outer.limit - outer.spent <= nodes:
        yield outer
        return
    budget = Budget(nodes)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)
        if outer is not None:
            outer.spent += budget.spent


_per_ruling: ContextVar[int | None] = ContextVar("referee_ruling_budget", default=None)


@contextmanager
def per_ruling(nodes: int | None) -> Iterator[None]:
    """While the block runs, each :func:`budgeted` call (one ruling, one analysis) gets a
    budget of ``nodes`` of its own (None: no budget)."""
    token = _per_ruling.set(nodes)
    try:
        yield
    finally:
        _per_ruling.reset(token)


def set_per_ruling(nodes: int | None) -> Token[int | None]:
    """:func:`per_ruling` for a caller that resets it later (a web request's teardown)."""
    return _per_ruling.set(nodes)


def reset_per_ruling(token: Token[int | None]) -> None:
    _per_ruling.reset(token)


@contextmanager
def charged_to(total: Budget | None) -> Iterator[None]:
    """Charge the block's work to ``total`` as well (a request's budget for re-ruling stored
    hands): each ruling inside keeps its own budget, and all of them together stop at the
    total's limit (None: no total)."""
    if total is None:
        yield
        return
    token = _current.set(total)
    try:
        yield
    finally:
        _current.reset(token)


def budgeted(fn: Callable[P, R]) -> Callable[P, R]:
    """Run ``fn`` (one ruling) under the budget :func:`per_ruling` sets, if any."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        nodes = _per_ruling.get()
        if nodes is None:
            return fn(*args, **kwargs)
        with work_budget(nodes):
            return fn(*args, **kwargs)

    return wrapper
