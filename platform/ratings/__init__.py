"""OpenSkill ratings and leaderboards.

- ``skill``: the arithmetic (Plackett–Luce over table places, the shown 1500-based scale, bot
  beliefs), free of Django.
- ``services.rating_apply_game`` applies a finished rated game once (the ``ratings.tasks``
  task calls it when a game ends); leavers rank last, bots are fixed-strength opponents. A
  game in which a person left, or never played, before a turn of their own is aborted instead:
  rated for nobody.
- who may play rated is the games' rule (``games.eligibility``).
- ``services.rating_reverse_game`` undoes a game's changes for staff; a reversed game is
  applied again only by an adjudicated result (``reapply=True``).
- ``selectors``/``apis``: leaderboards, profiles and rating histories under /api/v1/.
"""
