"""The house's structure: ARCHITECTURE.md's layers hold, kagent's own imports form no cycle, and
the CLI is a face over kagent.api."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# folder in the repository -> package it becomes (pyproject's package-dir)
FOLDERS = {"kagent": "kagent", "agents": "kagent.agents", "tools": "kagent.tools",
           "verifiers": "kagent.verifiers", "patterns": "kagent.patterns", "prompts": "kagent.prompts"}
# module prefix -> layer (the longest matching prefix wins)
LAYERS = {
    "kagent": 1, "kagent.repair.state": 1, "kagent.tools": 2, "kagent.verifiers": 3, "kagent.patterns": 3,
    "kagent.prompts": 2, "kagent.agents": 4, "kagent.repair": 5, "kagent.api": 6, "kagent.batch": 6,
    "kagent.cli": 7, "kagent.__main__": 7, "kagent.adapters": 7,
}
# what the CLI may import of kagent besides itself and kagent.api
CLI_ALLOWED = ("kagent.api", "kagent.cli", "kagent.log", "kagent.errors", "kagent.config", "kagent.report",
               "kagent.adapters.mcp_server")


def _modules() -> dict[str, Path]:
    out = {}
    for folder, package in FOLDERS.items():
        for path in (ROOT / folder).rglob("*.py"):
            rel = path.relative_to(ROOT / folder).with_suffix("")
            parts = [p for p in rel.parts if p != "__init__"]
            if "examples" in parts:
                continue
            out[".".join([package, *parts])] = path
    return out


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            # `from package import submodule` depends on the submodule, not on what else the package holds
            names = subs if all(s in modules for s in subs) else [node.module]
        for name in names:
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name.startswith("kagent"):
                found.add(name)
    return found


def _layer(module: str) -> int:
    if module == "kagent":  # `import kagent`: the public face (kagent.verify, ... lazily from kagent.api)
        return 7
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS[best]


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {m: _imports(p, modules) - {m, "kagent"} for m, p in modules.items()}


def test_no_module_imports_a_higher_layer():
    upward = [f"{m} (layer {_layer(m)}) imports {d} (layer {_layer(d)})"
              for m, deps in _graph().items() for d in deps if _layer(d) > _layer(m)]
    assert not upward, "\n".join(sorted(upward))


def test_no_import_cycles():
    graph = _graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    assert not cycles, cycles


def test_cli_is_a_face_over_the_api():
    bad = [f"{m} imports {d}" for m, deps in _graph().items() if m.startswith("kagent.cli")
           for d in deps if not any(d == a or d.startswith(a + ".") for a in CLI_ALLOWED)]
    assert not bad, "\n".join(sorted(bad))


def test_every_package_is_installed():
    """pyproject lists packages explicitly: a new sub-package that is not listed would be missing
    from a wheel install."""
    text = (ROOT / "pyproject.toml").read_text()
    packages = {m for m, p in _modules().items() if p.name == "__init__.py"}
    missing = sorted(p for p in packages if f'"{p}"' not in text)
    assert not missing, missing
