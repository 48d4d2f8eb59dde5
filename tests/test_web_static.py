"""The page's static files: everything they load is in the package, nothing comes from outside."""

from __future__ import annotations

import re
from pathlib import Path

import showdown

STATIC = Path(showdown.__file__).resolve().parent / "web" / "static"


def _text_files() -> list[Path]:
    return sorted(path for path in STATIC.rglob("*") if path.suffix in {".html", ".js", ".css"})


def test_the_page_and_its_modules_are_there():
    names = {path.relative_to(STATIC).as_posix() for path in _text_files()}
    assert {"index.html", "style.css", "js/main.js", "js/lib/api.js", "js/lib/cards.js", "js/lib/picker.js",
            "js/lib/rangegrid.js", "js/views/showdown.js", "js/views/odds.js", "js/views/pots.js",
            "js/views/videopoker.js"} <= names


def test_every_reference_resolves_inside_the_package():
    index = (STATIC / "index.html").read_text()
    for reference in re.findall(r'(?:src|href)="([^"#:]+)"', index):
        assert (STATIC / reference).is_file(), reference
    for module in (STATIC / "js").rglob("*.js"):
        for imported in re.findall(r'from "(\.\.?/[^"]+)"', module.read_text()):
            assert (module.parent / imported).is_file(), f"{module.name} imports {imported}"


def test_nothing_is_loaded_from_another_host():
    # The page works offline: no CDN, no web font, no remote script or image.
    for path in _text_files():
        text = path.read_text()
        remote = [url for url in re.findall(r"https?://[^\s\"'`)]+", text) if not url.startswith("http://www.w3.org/")]
        assert not remote, f"{path.name} refers to {remote}"
