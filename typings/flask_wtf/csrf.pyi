from collections.abc import Callable
from typing import TypeVar

from flask import Blueprint, Flask
from markupsafe import Markup
from werkzeug.exceptions import BadRequest

__all__ = ("CSRFProtect", "csrf_meta_tag", "generate_csrf", "validate_csrf")

_ViewT = TypeVar("_ViewT", bound=Blueprint | str | Callable[..., object])

def generate_csrf(secret_key: str | bytes | None = None, token_key: str | None = None) -> str: ...
def validate_csrf(
    data: str | bytes | None,
    secret_key: str | bytes | None = None,
    time_limit: int | None = None,
    token_key: str | None = None,
) -> None: ...
def csrf_meta_tag(
    name: str | None = None, secret_key: str | bytes | None = None, token_key: str | None = None
) -> Markup: ...

class CSRFProtect:
    def __init__(self, app: Flask | None = None) -> None: ...
    def init_app(self, app: Flask) -> None: ...
    def protect(self, apply_exemptions: bool = False) -> None: ...
    # A blueprint, a view function, or a view's dotted "module.name"; returned unchanged.
    def exempt(self, view: _ViewT) -> _ViewT: ...

class CSRFError(BadRequest):
    description: str

def same_origin(current_uri: str, compare_uri: str) -> bool: ...
