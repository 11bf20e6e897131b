"""The container's health check (the Dockerfile's HEALTHCHECK): ``GET /healthz`` of the app
inside the container, asked as the first host name the app answers to
(``REFEREE_TRUSTED_HOSTS``: any other host is answered 400). Exits 0 when it answers 200,
else 1 with the reason.

    python healthcheck.py http://127.0.0.1:8000/healthz
"""

from __future__ import annotations

import json
import os
import sys
import urllib.request


def trusted_host() -> str | None:
    """The first of ``REFEREE_TRUSTED_HOSTS`` (a JSON list, as the app reads it); a pattern
    of every subdomain (``.example.org``) is asked as the domain itself."""
    value = os.environ.get("REFEREE_TRUSTED_HOSTS") or ""
    try:
        hosts = json.loads(value)
    except ValueError:
        hosts = value
    if isinstance(hosts, str):
        hosts = [hosts]
    for host in hosts if isinstance(hosts, list) else []:
        if isinstance(host, str) and host.strip("."):
            return host.lstrip(".")
    return None


def main(url: str) -> int:
    host = trusted_host()
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            status = response.status
    except OSError as error:  # refused, timed out, or an HTTP error (503: no database)
        print(f"unhealthy: {error}", file=sys.stderr)
        return 1
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000/healthz"))
