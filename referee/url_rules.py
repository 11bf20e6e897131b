"""URL rules whose builders are compiled once per process, not once per app.

Werkzeug compiles two small Python functions for every URL rule (to build its URLs), with
``ast`` and ``compile()``, each time an app registers the rule: about a third of a second for
this app's hundred-odd routes. An app is made per worker, per test and per ``flask`` command,
so the same functions were compiled again and again. A builder depends only on the rule's
parts, its defaults and whether unknown arguments are appended, never on the app, so it is
kept by those and reused (a rule whose defaults fill one of its own variables is compiled as
before: that builder holds the converted value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule

Builder = Callable[..., tuple[str, str]]

_BUILDERS: dict[tuple[Any, ...], Builder] = {}


class SharedBuilderRule(Rule):
    """A :class:`~werkzeug.routing.Rule` whose URL builders come from the process's store."""

    def _compile_builder(self, append_unknown: bool = True) -> Builder:
        defaults = self.defaults or {}
        trace = tuple(self._trace)
        if any(dynamic and part in defaults for dynamic, part in trace):
            return super()._compile_builder(append_unknown)
        key = (self.rule, trace, tuple(sorted(map(str, defaults))), append_unknown)
        builder = _BUILDERS.get(key)
        if builder is None:
            builder = _BUILDERS[key] = super()._compile_builder(append_unknown)
        return builder
