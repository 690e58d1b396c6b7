"""The operator framework: an edit as a line hunk, the parsed view of a kernel file, the registry.

An operator is an inverse fault: given the source and one suspected line (or the whole file for
a global operator), it returns the small edits that would undo one kind of bug there. Operators
never judge their edits; the search screens them against the verifier.

Edits are hunks (replace lines [start, stop) by new lines) so that two edits of different lines
combine. Every edit is checked to parse (`ast.parse`) before it is returned.
"""

from __future__ import annotations

import ast
import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

log = logging.getLogger("kagent.patterns.operators")


class Edit(BaseModel):
    """One candidate edit: replace lines [start, stop) (0-based) of the base by `lines`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    operator: str
    family: str
    description: str
    start: int
    stop: int
    lines: tuple[str, ...]
    cost: int = Field(2, description="the operator's cost rank: cheaper edits first at equal suspicion")

    @property
    def line(self) -> int:
        return self.start + 1

    def apply(self, source: str) -> str:
        old = source.split("\n")
        return "\n".join([*old[: self.start], *self.lines, *old[self.stop:]])

    def overlaps(self, other: "Edit") -> bool:
        return not (self.stop <= other.start or other.stop <= self.start)


def combine(source: str, a: Edit, b: Edit) -> str | None:
    """Both edits applied to `source` (None when their lines overlap)."""
    if a.overlaps(b):
        return None
    first, second = (a, b) if a.start > b.start else (b, a)  # the later hunk first: line numbers hold
    return second.apply(first.apply(source))


def parses(source: str) -> bool:
    try:
        ast.parse(source)
    except SyntaxError:
        return False
    return True


@dataclass
class Launch:
    line: int  # 0-based line of the `kernel[grid](` expression
    kernel: str
    grid: ast.expr
    args: list[ast.expr]
    kwargs: dict[str, ast.expr]


@dataclass
class Kernel:
    name: str
    node: ast.FunctionDef
    params: list[str]
    constexpr: set[str]

    @property
    def names(self) -> set[str]:
        """Every name the kernel reads or writes, and its parameters."""
        return {n.id for n in ast.walk(self.node) if isinstance(n, ast.Name)} | set(self.params)

    @property
    def first(self) -> int:
        return self.node.lineno  # 1-based def line; the body follows

    @property
    def last(self) -> int:
        return self.node.end_lineno or self.node.lineno


@dataclass
class Src:
    """A parsed kernel file: lines, AST, Triton kernels, their launches, host functions."""

    source: str
    lines: list[str] = field(init=False)
    tree: ast.Module = field(init=False)
    cache: dict = field(init=False, repr=False, compare=False)  # what operators derive once per source

    def __post_init__(self) -> None:
        self.cache = {}
        self.lines = self.source.split("\n")
        self.tree = ast.parse(self.source)

    @cached_property
    def kernels(self) -> dict[str, Kernel]:
        out = {}
        for node in self.tree.body:
            if isinstance(node, ast.FunctionDef) and any(
                    ast.unparse(d.func if isinstance(d, ast.Call) else d).endswith(("jit", "autotune", "heuristics"))
                    for d in node.decorator_list):
                params = [a.arg for a in node.args.args]
                constexpr = {a.arg for a in node.args.args if a.annotation is not None
                             and "constexpr" in ast.unparse(a.annotation)}
                out[node.name] = Kernel(node.name, node, params, constexpr)
        return out

    @cached_property
    def host_functions(self) -> list[ast.FunctionDef]:
        """ModelNew's methods and module-level functions that are not kernels (helpers)."""
        out: list[ast.FunctionDef] = []
        for node in self.tree.body:
            if isinstance(node, ast.FunctionDef) and node.name not in self.kernels and not node.name.startswith("get_"):
                out.append(node)
            elif isinstance(node, ast.ClassDef) and node.name != "Model":
                out.extend(n for n in node.body if isinstance(n, ast.FunctionDef))
        return out

    def scope_of(self, line0: int) -> str:
        """'kernel' | 'host' | 'cuda' | 'other' for a 0-based line."""
        ln = line0 + 1
        for first, last in self.cuda_ranges:
            if first <= ln <= last:
                return "cuda"
        for k in self.kernels.values():
            if k.first < ln <= k.last:
                return "kernel"
        for f in self.host_functions:
            if f.lineno < ln <= (f.end_lineno or f.lineno):
                return "host"
        return "other"

    def kernel_at(self, line0: int) -> Kernel | None:
        ln = line0 + 1
        return next((k for k in self.kernels.values() if k.first < ln <= k.last), None)

    @cached_property
    def cuda_ranges(self) -> list[tuple[int, int]]:
        return c_source_ranges(self.tree)

    @cached_property
    def statements_by_line(self) -> dict[int, ast.stmt]:
        """0-based line -> the innermost simple statement (assignment, expression, return) starting there."""
        out: dict[int, ast.stmt] = {}
        for n in ast.walk(self.tree):  # breadth first: a nested statement overwrites its enclosing one
            if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return)):
                out[n.lineno - 1] = n
        return out

    @cached_property
    def expressions_by_line(self) -> dict[int, list[ast.expr]]:
        """0-based line -> the expressions that lie on it alone (outermost first)."""
        out: dict[int, list[ast.expr]] = {}
        for n in ast.walk(self.tree):
            if isinstance(n, ast.expr) and n.lineno == n.end_lineno:
                out.setdefault(n.lineno - 1, []).append(n)
        return out

    @cached_property
    def launches(self) -> list[Launch]:
        out = []
        for n in ast.walk(self.tree):
            if (isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript) and isinstance(n.func.value, ast.Name)
                    and n.func.value.id in self.kernels):
                out.append(Launch(n.lineno - 1, n.func.value.id, n.func.slice, list(n.args),
                                  {k.arg: k.value for k in n.keywords if k.arg}))
        return out

    def launch_arg(self, launch: Launch, param: str) -> ast.expr | None:
        """The host expression node passed for kernel parameter `param` at `launch`."""
        k = self.kernels[launch.kernel]
        if param in launch.kwargs:
            return launch.kwargs[param]
        if param in k.params:
            i = k.params.index(param)
            if i < len(launch.args):
                return launch.args[i]
        return None

    def host_value(self, launch: Launch, param: str) -> str | None:
        """The host expression passed for kernel parameter `param` at `launch`, as text."""
        arg = self.launch_arg(launch, param)
        return None if arg is None else ast.unparse(arg)

    def compared_params(self, kernel: Kernel) -> list[str]:
        """Kernel parameters that appear as a bound in a comparison (`offs < n_cols`): the extents."""
        out: list[str] = []
        for n in ast.walk(kernel.node):
            if isinstance(n, ast.Compare):
                for side in [n.left, *n.comparators]:
                    for name in (x.id for x in ast.walk(side) if isinstance(x, ast.Name)):
                        if name in kernel.params and name not in kernel.constexpr and name not in out:
                            out.append(name)
        return out

    def bounds(self, kernel: Kernel) -> dict[str, str]:
        """Offset -> the name it is bounded by, from the kernel's first `offs < n` (or `offs[:, None] < n`)."""
        out: dict[str, str] = {}
        for c in ast.walk(kernel.node):
            if not isinstance(c, ast.Compare) or len(c.ops) != 1 or not isinstance(c.ops[0], ast.Lt):
                continue
            left = c.left.value if isinstance(c.left, ast.Subscript) else c.left
            if isinstance(left, ast.Name) and isinstance(c.comparators[0], ast.Name):
                out.setdefault(left.id, c.comparators[0].id)
        return out

    def grid_len(self, launch: Launch) -> int | None:
        g = launch.grid
        if isinstance(g, ast.Tuple):
            return len(g.elts)
        return None


Proposer = Callable[[Src, int], list[tuple[str, int, int, list[str]]]]


@dataclass(frozen=True)
class Operator:
    name: str
    family: str
    cost: int
    summary: str
    scopes: tuple[str, ...]  # which lines it edits: kernel | host | cuda
    propose: Proposer  # (src, line0) -> [(description, start, stop, new lines)]
    global_: bool = False  # proposes from the whole file (line0 is ignored: called once with -1)


OPERATORS: dict[str, Operator] = {}


def operator(name: str, family: str, cost: int, summary: str, scopes: tuple[str, ...] = ("kernel",),
             global_: bool = False) -> Callable[[Proposer], Proposer]:
    def deco(fn: Proposer) -> Proposer:
        OPERATORS[name] = Operator(name, family, cost, summary, scopes, fn, global_)
        return fn

    return deco


def nodes_of(node: ast.AST, *types: type) -> Iterator[Any]:
    """Every node under `node` (itself included) of the given types."""
    return (n for n in ast.walk(node) if isinstance(n, types))


def parent_map(root: ast.AST) -> dict[int, ast.AST]:
    """id(node) -> its parent, for every node under `root`."""
    return {id(c): p for p in ast.walk(root) for c in ast.iter_child_nodes(p)}


# -- text helpers shared by the families --------------------------------------------------------
def is_c_source(text: str) -> bool:
    """A string of C++/CUDA code with kernels in it: a __global__ function, or (a CPU extension's
    `cpp_sources`) a function on torch tensors with a body."""
    return "__global__" in text or ("torch::Tensor" in text and "{" in text)


def c_source_ranges(tree: ast.Module) -> list[tuple[int, int]]:
    """(first, last) 1-based lines of the module's string constants that hold C++/CUDA kernels."""
    return [(n.lineno, n.end_lineno or n.lineno) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and is_c_source(n.value)]


# the angle brackets of a C++ template's arguments, group 1 (`data_ptr<float>()`, `static_cast<int64_t>(r)`,
# `std::numeric_limits<float>::max()`): neither a comparison nor a shift
TEMPLATE_ARGS = re.compile(r"\b[A-Za-z_]\w*\s*(<\s*(?:const\s+)?[\w:]+(?:\s*\*)?(?:\s*,\s*(?:const\s+)?[\w:]+(?:\s*\*)?)*\s*>)"
                           r"(?=\s*(?:\(|::|\{|<<<))")


def sub_each(rx: re.Pattern[str] | str, repl: Callable[[re.Match[str]], str | None] | str, text: str,
             limit: int = 8) -> list[str]:
    """`text` with ONE match of `rx` replaced, for each match (up to `limit`)."""
    rx = re.compile(rx) if isinstance(rx, str) else rx
    out = []
    for m in list(rx.finditer(text))[:limit]:
        r = repl(m) if callable(repl) else m.expand(repl)
        if r is None:
            continue
        new = text[: m.start()] + r + text[m.end():]
        if new != text and new not in out:
            out.append(new)
    return out


def call_span(text: str, start: int) -> int | None:
    """Index just past the parenthesis that closes the one opened at `text[start]`."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def arg_spans(text: str, opens: str = "([{", closes: str = ")]}") -> tuple[list[tuple[int, int]], bool]:
    """(start, end) of each top-level comma-separated argument of `text` (the inside of a call), and whether
    its brackets balance (never closed past the start, all closed at the end)."""
    out, depth, start, balanced = [], 0, 0, True
    for i, ch in enumerate(text):
        if ch in opens:
            depth += 1
        elif ch in closes:
            depth -= 1
            balanced = balanced and depth >= 0
        elif ch == "," and depth == 0:
            out.append((start, i))
            start = i + 1
    out.append((start, len(text)))
    return out, balanced and depth == 0


def one_line(description: str, line0: int, new: str) -> tuple[str, int, int, list[str]]:
    return (description, line0, line0 + 1, [new])


def code_part(text: str) -> str:
    """The line without a trailing comment (a rough cut: '#' outside quotes)."""
    q = None
    for i, c in enumerate(text):
        if q:
            if c == q:
                q = None
        elif c in "'\"":
            q = c
        elif c == "#":
            return text[:i]
    return text
