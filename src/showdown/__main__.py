"""The ``showdown`` command's entry point (its script, and ``python -m showdown``): the command
line, once everything it needs is loaded (Ctrl-C before then ends it quietly; see
:mod:`showdown._startup`)."""

from showdown import _startup
from showdown.cli import main


def run() -> None:
    """Run the command line with Python's own Ctrl-C handling, which it answers itself."""
    _startup.restore()
    main()


if __name__ == "__main__":
    run()
