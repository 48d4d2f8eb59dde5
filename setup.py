"""Builds the optional C extension for single-hand evaluation; everything else is in pyproject.toml.

Without a C compiler the build skips it and showdown.evaluate() uses its pure-Python path.
``SHOWDOWN_NO_EXTENSION=1`` in the environment of the build (``SHOWDOWN_NO_EXTENSION=1 python -m
build``) leaves it out on purpose: the wheel is then pure Python (``py3-none-any``). Either way
the results are the same; the extension makes ``showdown.evaluate()`` faster.
"""

import os

from setuptools import Extension, setup

WITHOUT_EXTENSION = os.environ.get("SHOWDOWN_NO_EXTENSION", "").strip() not in ("", "0")

setup(ext_modules=[] if WITHOUT_EXTENSION else [
    Extension("showdown._single", ["src/showdown/_single.c"], optional=True),
])
