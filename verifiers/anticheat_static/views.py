"""What several checks share: the forward-path and module views of an Analysis (cached on it), the
resolved references and calls in them, assignment targets, and the Hit a check reports.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from kagent.verifiers.anticheat_static.resolve import Analysis, Unit, _is_main_guard, _walk_skip


@dataclass(frozen=True)
class Hit:
    """What a check found: the node, the message, where (qualname) and how it was reached."""

    node: ast.AST
    message: str
    where: str
    path: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


def _forward_nodes(an: Analysis) -> list[tuple[Unit, ast.AST]]:
    if an._forward_nodes is None:
        an._forward_nodes = [(u, n) for u in an.units for n in _walk_skip(u.node, an._is_nested_kernel)]
    return an._forward_nodes


def _module_excluded(an: Analysis, node: ast.AST) -> bool:
    if an._is_nested_kernel(node) or _is_main_guard(node):
        return True
    if isinstance(node, ast.ClassDef) and node.name in an.reference_names:
        return True
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in (
        "get_inputs", "get_init_inputs") and an.parents.get(id(node)) is an.tree


def _module_nodes(an: Analysis) -> list[tuple[Unit, ast.AST]]:
    """Every node of the module outside the excluded regions, with the unit of the function it is
    in (so names resolve against that function's locals). Computed once per analysis."""
    if an._module_nodes is None:
        an._module_nodes = list(_module_nodes_iter(an))
    return an._module_nodes


def _module_nodes_iter(an: Analysis) -> Iterator[tuple[Unit, ast.AST]]:
    forward_units = {id(u.node): u for u in an.units}
    module_unit = Unit(qualname="<module>", node=an.tree, path=("<module>",))

    def visit(node: ast.AST, unit: Unit) -> Iterator[tuple[Unit, ast.AST]]:
        yield unit, node
        for child in ast.iter_child_nodes(node):
            if _module_excluded(an, child):
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                cls = None
                parent = an.parents.get(id(child))
                if isinstance(parent, ast.ClassDef):
                    cls = parent.name
                sub = forward_units.get(id(child)) or an._unit_for(
                    f"{cls + '.' if cls else ''}{child.name}", child, (child.name,), cls or unit.cls)
                yield from visit(child, sub)
            elif isinstance(child, ast.ClassDef):
                yield from visit(child, Unit(qualname=child.name, node=child, path=(child.name,), cls=child.name))
            else:
                yield from visit(child, unit)

    yield from visit(an.tree, module_unit)


def _outermost_refs(an: Analysis, nodes: Iterable[tuple[Unit, ast.AST]]) -> Iterator[tuple[Unit, ast.AST, str]]:
    """Name/Attribute loads that are not the inner part of a longer attribute chain, resolved."""
    for unit, node in nodes:
        if not isinstance(node, (ast.Name, ast.Attribute)) or not isinstance(getattr(node, "ctx", None), ast.Load):
            continue
        parent = an.parents.get(id(node))
        if isinstance(parent, ast.Attribute) and parent.value is node:
            continue
        sym = an.resolve(node, unit)
        if sym:
            yield unit, node, sym


def _calls(nodes: Iterable[tuple[Unit, ast.AST]]) -> Iterator[tuple[Unit, ast.Call]]:
    for unit, node in nodes:
        if isinstance(node, ast.Call):
            yield unit, node


def _hit(unit: Unit, node: ast.AST, message: str, **extra: Any) -> Hit:
    return Hit(node=node, message=message, where=unit.qualname, path=unit.path, extra=extra)


def _assignment_targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        out: list[ast.expr] = []
        for t in node.targets:
            out.extend(t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t])
        return out
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    return []
