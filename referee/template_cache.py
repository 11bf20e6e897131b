"""Compiled templates shared by every app this process makes (:func:`referee.create_app`
makes each with the same template options and extensions, so one template compiles alike).

Jinja compiles each template to Python once per environment, and every Flask app has its own
environment: a worker that makes an app per tenant, a reload, or a test suite that makes an
app per test would compile the same large templates again each time. Jinja's bytecode cache
keeps the compiled code keyed by the template's name and checked against its source's digest,
so an edited template is compiled afresh; this one keeps it in the process's memory (nothing
on disk to go stale or to secure).
"""

from __future__ import annotations

from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class MemoryBytecodeCache(BytecodeCache):
    """The compiled code of each template, by Jinja's key (name and file), in this process."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._code.clear()


SHARED = MemoryBytecodeCache()


def init_app(app: Flask) -> None:
    """Give the app's template environment the process's shared cache (before it is made)."""
    app.jinja_options = {**app.jinja_options, "bytecode_cache": SHARED}
