"""The engine's compiled part; everything else about the package is in pyproject.toml.

``games.engine._speedups`` (games/engine/_speedups.c) computes the plays of a hand for
``legal_moves``. It is optional: where no C compiler is at hand the build goes on without it and
the engine runs its Python reference (``games.engine.rules._py_plays``), the same moves, slower.
"""

from setuptools import Extension
from setuptools import setup

setup(
    ext_modules=[
        Extension(
            "games.engine._speedups",
            ["games/engine/_speedups.c"],
            optional=True,
        )
    ]
)
