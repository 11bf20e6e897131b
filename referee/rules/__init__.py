"""The referee: pure rules of the gin family — no web framework, no database.

Usable from the shell, from tests and from other programs without a web server.
"""
