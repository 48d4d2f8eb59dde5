"""Builds the optional C extension for single-hand evaluation; everything else is in pyproject.toml.

Without a C compiler the build skips it and showdown.evaluate() uses its pure-Python path.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("showdown._single", ["src/showdown/_single.c"], optional=True)])
