"""Blueprints: ``matches`` (home, new match, scoreboard, undo), ``hands`` (enter, edit, delete,
the ruling of one hand) and ``api`` (the same operations as JSON under ``/api/v1``)."""
