"""Griffe extension: docstrings are written for ``help()`` and doctest; in the site their
Sphinx roles (``:func:`evaluate```) become inline code and their ``>>>`` examples become
highlighted code blocks."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|data|mod|meth|attr|exc|obj):`~?\.?([^`]+)`")


def fence_examples(text: str) -> str:
    """Wrap each run of doctest lines (a ``>>>`` line up to the next blank line) in a
    ``pycon`` fence."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class SphinxRoles(griffe.Extension):
    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_examples(ROLE.sub(r"`\1`", obj.docstring.value))
