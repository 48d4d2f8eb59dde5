"""MkDocs hook: the pages made at build time from the code itself.

- ``reference/cli.md``: every command of the ``showdown`` command line, from the typer app.
- ``reference/web-api.md``: every route of the web API, from the app's OpenAPI schema.
- ``benchmarks/index.md``: ``benchmarks/RESULTS.md`` as ``make bench`` last wrote it, with its
  plots (``benchmarks/plots/*.png``).

Nothing here is hand-maintained: a command, an option or a route added to the code appears in
the site on the next build.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path
from typing import Any

import typer
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"


def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, "reference/cli.md", content=cli_reference()))
    files.append(File.generated(config, "reference/web-api.md", content=web_api_reference()))
    files.append(File.generated(config, "benchmarks/index.md", content=benchmark_page()))
    for plot in sorted((BENCHMARKS / "plots").glob("*.png")):
        files.append(File.generated(config, f"benchmarks/plots/{plot.name}", abs_src_path=str(plot)))
    return files


# The command line ------------------------------------------------------------------------------


def cli_reference() -> str:
    from showdown.cli.commands import app

    root = typer.main.get_command(app)
    lines = [
        "# Command line reference",
        "",
        "Every command of `showdown` (also `python -m showdown`) with the help it prints for",
        "`--help`, generated from the command line itself. Bad input exits with status 2 and one",
        "line on stderr; Ctrl-C exits with 130. See the [command line guide](../guide/cli.md) for",
        "a tour.",
        "",
    ]
    lines += _command_section(root, [], level=2)
    return "\n".join(lines) + "\n"


def _command_section(command: Any, path: list[str], level: int) -> list[str]:
    lines = [f"{'#' * level} `{' '.join(['showdown', *path])}`", ""]
    lines += ["```text", _help_text(path), "```", ""]
    subcommands = getattr(command, "commands", {})
    for name in sorted(subcommands, key=list(subcommands).index):
        lines += _command_section(subcommands[name], [*path, name], min(level + 1, 4))
    return lines


def _help_text(path: list[str]) -> str:
    """What ``showdown <path> --help`` prints, 80 columns wide and without colour."""
    from showdown.cli.commands import main

    output = io.StringIO()
    saved = {name: os.environ.get(name) for name in ("COLUMNS", "NO_COLOR", "TERM")}
    os.environ.update(COLUMNS="80", NO_COLOR="1", TERM="dumb")
    try:
        with contextlib.redirect_stdout(output), contextlib.suppress(SystemExit):
            main([*path, "--help"])
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return "\n".join(line.rstrip() for line in output.getvalue().strip("\n").splitlines())


# The web API -----------------------------------------------------------------------------------


def web_api_reference() -> str:
    from showdown.web.app import create_app

    schema = create_app().openapi()
    components = schema.get("components", {}).get("schemas", {})
    lines = [
        "# Web API reference",
        "",
        f"The routes of `showdown serve` (version {schema['info']['version']}), generated from the",
        "app's OpenAPI schema. A running server also serves the schema at `/openapi.json` and an",
        "interactive page at `/docs` (offline: its assets are served by the app itself). Bad input",
        "gets a 4xx answer whose `detail` names the problem. See the [web guide](../guide/web.md)",
        "for examples.",
        "",
    ]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            lines += _operation_section(method, path, operation, components)
    lines += ["## Schemas", ""]
    for name, model in components.items():
        lines += _schema_section(name, model)
    return "\n".join(lines) + "\n"


def _operation_section(method: str, path: str, operation: dict, components: dict) -> list[str]:
    lines = [f"## `{method.upper()} {path}`", "", f"**{operation.get('summary', '')}.**", ""]
    if operation.get("description"):
        lines += [_plain(operation["description"]), ""]
    parameters = operation.get("parameters", [])
    if parameters:
        lines += ["| parameter | in | type | what it is |", "|---|---|---|---|"]
        for parameter in parameters:
            kind = _type_text(parameter.get("schema", {}))
            lines.append(f"| `{parameter['name']}` | {parameter['in']} | {kind} "
                         f"| {_cell(parameter.get('description', ''))} |")
        lines.append("")
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if body:
        lines += [f"Request body: {_type_text(body)}.", ""]
        example = _example(body, components)
        if example:
            lines += ["```json", json.dumps(example, indent=2), "```", ""]
    lines += ["| status | answer |", "|---|---|"]
    for status, response in operation.get("responses", {}).items():
        content = response.get("content", {}).get("application/json", {}).get("schema")
        shown = _type_text(content) if content else ""
        lines.append(f"| {status} | {_cell(response.get('description', ''))}{': ' + shown if shown else ''} |")
    lines.append("")
    return lines


def _schema_section(name: str, model: dict) -> list[str]:
    lines = [f"### {name}", "", f'<a id="schema-{name.lower()}"></a>', ""]
    if model.get("description"):
        lines += [_plain(model["description"]), ""]
    properties = model.get("properties", {})
    if not properties:
        lines += [f"Type: {_type_text(model)}.", ""]
        return lines
    required = set(model.get("required", []))
    lines += ["| field | type | required | default | what it is |", "|---|---|---|---|---|"]
    for field, spec in properties.items():
        default = f"`{json.dumps(spec['default'])}`" if "default" in spec else ""
        description = spec.get("description") or next(
            (option.get("description") for option in spec.get("anyOf", []) if option.get("description")), "")
        lines.append(f"| `{field}` | {_type_text(spec)} | {'yes' if field in required else ''} | {default} "
                     f"| {_cell(description)} |")
    lines.append("")
    return lines


def _type_text(spec: dict) -> str:
    if "$ref" in spec:
        name = spec["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#schema-{name.lower()})"
    if "anyOf" in spec:
        return " or ".join(_type_text(option) for option in spec["anyOf"])
    if "allOf" in spec and len(spec["allOf"]) == 1:
        return _type_text(spec["allOf"][0])
    if "enum" in spec:
        return " \\| ".join(f"`{json.dumps(value)}`" for value in spec["enum"])
    kind = spec.get("type", "any")
    if kind == "array":
        return f"list of {_type_text(spec.get('items', {}))}"
    if kind == "object" and "additionalProperties" in spec and isinstance(spec["additionalProperties"], dict):
        return f"object of {_type_text(spec['additionalProperties'])}"
    return kind


def _example(spec: dict, components: dict) -> Any:
    """A request body built from the schema's own examples (required fields only when the
    schema gives no example for the rest)."""
    if "$ref" in spec:
        spec = components.get(spec["$ref"].rsplit("/", 1)[-1], {})
    example = {}
    for field, field_spec in spec.get("properties", {}).items():
        if field_spec.get("examples"):
            example[field] = field_spec["examples"][0]
    return example


# The benchmarks --------------------------------------------------------------------------------


def benchmark_page() -> str:
    results = (BENCHMARKS / "RESULTS.md").read_text(encoding="utf-8")
    return results + (
        "\n\n---\n\nThis page is `benchmarks/RESULTS.md` as `make bench` last wrote it "
        "(see [How it works](../how/index.md) for what the kernels do).\n"
    )


# Text helpers ----------------------------------------------------------------------------------


def _plain(text: str) -> str:
    """A docstring or help text as Markdown: typer's ``\\b`` markers dropped, paragraphs kept."""
    return "\n".join(line for line in text.replace("\b", "").splitlines()).strip()


def _cell(text: str) -> str:
    """Text for one table cell: on one line, pipes escaped."""
    return " ".join(text.replace("\b", "").split()).replace("|", "\\|")
