"""The ``showdown`` command line (typer + rich): :mod:`.commands` holds the typer app and wires
the commands, one module per group (:mod:`.hands`, :mod:`.pots`, :mod:`.odds`, :mod:`.batch`,
:mod:`.videopoker`, :mod:`.server`); :mod:`.progress` draws the bars and :mod:`.output` prints
tables and JSON.

It translates arguments into calls of the public API (``showdown`` and
``showdown.videopoker``) and holds no poker logic of its own.
"""

from showdown.cli.commands import main

__all__ = ["main"]
