"""The session cookie (this browser's edit rights, its matches, its device): written only by
a response whose request changed it, so an answer to a request sent before a claim (a
stylesheet, the service worker's copy of a page, an API call) can never put back a cookie
without the claim.

Flask re-sends a permanent session with every response to renew its lifetime; here the
lifetime (``PERMANENT_SESSION_LIFETIME``, 90 days) is renewed at most once a day, and only by
a page the browser navigates to (``Sec-Fetch-Mode: navigate``): a tab has one navigation at a
time and a claim is itself one, so no navigation from before the claim is still in flight.
"""

from __future__ import annotations

import time

from flask import Flask, request, session
from flask.sessions import SecureCookieSessionInterface, SessionMixin

RENEWED = "renewed"  # the day (since the epoch) the cookie's lifetime was last renewed


class ClaimSafeSessionInterface(SecureCookieSessionInterface):
    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        return session.modified


def init_app(app: Flask) -> None:
    app.session_interface = ClaimSafeSessionInterface()

    @app.before_request
    def _session_cookie() -> None:
        from referee.assets import is_file_request
        from referee.views.access import upgrade_cookie

        if is_file_request():
            return

        upgrade_cookie()
        if (
            session.permanent
            and request.method == "GET"
            and request.headers.get("Sec-Fetch-Mode") == "navigate"
        ):
            today = int(time.time() // 86400)
            if session.get(RENEWED) != today:
                session[RENEWED] = today
