"""The thin layer between the views and the engine + database.

Views parse requests and render; these modules turn what people entered into rulings (through
:mod:`referee.rules`), keep the database consistent (locks, versions, idempotency keys, the
audit trail) and fold a match into its scoreboard. No point is computed here either: every
number comes from the engine.
"""
