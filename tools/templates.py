"""Jinja2 prompt templates from kagent.prompts (StrictUndefined: a missing variable is an error).

Each template lists its variables in a first-line comment `{# variables: a, b, c #}`;
`declared_variables` reads that list so tests can render every template with all of them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any

_DECL = re.compile(r"\{#\s*variables:\s*(?P<names>[^#]*)#\}")


@lru_cache(maxsize=1)
def _env() -> Any:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("kagent.prompts", "."),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )


def template_names() -> list[str]:
    return sorted(p.name for p in resources.files("kagent.prompts").iterdir() if p.name.endswith(".j2"))


def declared_variables(name: str) -> list[str]:
    text = resources.files("kagent.prompts").joinpath(name).read_text()
    m = _DECL.search(text.split("\n", 1)[0])
    if not m:
        raise ValueError(f"prompt template {name} does not list its variables on its first line")
    return [v.strip() for v in m.group("names").split(",") if v.strip()]


def render(name: str, **variables: Any) -> str:
    declared = set(declared_variables(name))
    extra = set(variables) - declared
    if extra:
        raise ValueError(f"{name}: variables not declared by the template: {sorted(extra)}")
    return _env().get_template(name).render(**variables)
