# Flask-Babel ships no type information: the part of it this app uses.
from collections.abc import Callable
from typing import Any

from babel import Locale
from flask import Flask

class Babel:
    def __init__(
        self,
        app: Flask | None = ...,
        *,
        locale_selector: Callable[[], str | None] | None = ...,
        **kwargs: Any,
    ) -> None: ...

def gettext(string: str, **variables: Any) -> str: ...
def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str: ...
def lazy_gettext(string: str, **variables: Any) -> object: ...
def get_locale() -> Locale | None: ...
