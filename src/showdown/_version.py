"""The package version, in one place: ``showdown.__version__``, the wheel's version (read by
setuptools) and the numba cache directory's name all come from here."""

__version__ = "0.1.0"
