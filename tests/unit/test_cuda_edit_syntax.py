"""Every edit the repair search makes to a load_inline kernel's CUDA C is C++: each variant costs a
shared extension build, and one that does not parse fails the whole build, which runs again without
it (~20 s each on the GPU). tree-sitter-cpp parses every candidate of real CUDA C kernels: the
operators' edits and the grammar's rewrites of every CUDA line (for headers, template arguments,
kernel launches, casts, braced bodies on one line)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tree_sitter_cpp
from tree_sitter import Language, Parser

from kagent.patterns.operators import propose
from kagent.patterns.operators.base import Src
from kagent.patterns.operators.grammar import grammar_edits

ROOT = Path(__file__).resolve().parents[2]
# kernels of the tests and of the oldest blind sets (sets 2-6: long measured, no longer held out)
KERNELS = sorted([*ROOT.glob("tests/adversarial/honest/cuda_*.py"), *ROOT.glob("tests/gpu/fixtures/cuda_*.py"),
                  *ROOT.glob("tests/unit/fixtures_cpp/*.py"),
                  *(p for n in range(2, 7) for p in ROOT.glob(f"benchmarks/blind/nearmiss{n}/nearmiss_cuda/*.py"))])
# CUDA's own syntax, blanked out (same length) so that plain C++ parses: qualifiers and launch chevrons
_CUDA_ONLY = re.compile(r"\b(?:__global__|__device__|__host__|__forceinline__|__noinline__|__shared__|__constant__|"
                        r"__restrict__|__launch_bounds__\s*\([^)]*\))")
_PARSER = Parser(Language(tree_sitter_cpp.language()))


def _c_errors(source: str) -> list[str]:
    """The syntax errors of the C++ strings of a Python source (the lines they are on)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                ("__global__" in node.value or "torch::Tensor" in node.value):
            text = _CUDA_ONLY.sub(lambda m: " " * len(m.group(0)), node.value)
            text = text.replace("<<<", "(  ").replace(">>>", ")  ")
            stack = [_PARSER.parse(text.encode()).root_node]
            while stack:
                n = stack.pop()
                if n.is_error or n.is_missing:
                    out.append(node.value.split("\n")[n.start_point[0]].strip())
                stack.extend(n.children)
    return out


def test_the_kernels_parse_as_they_are():
    assert len(KERNELS) >= 20
    for path in KERNELS:
        assert _c_errors(path.read_text()) == [], path.name


def test_every_cuda_edit_of_every_line_parses():
    checked = 0
    for path in KERNELS:
        source = path.read_text()
        src = Src(source)
        sites = [(first + k, 1.0) for first, last in src.cuda_ranges for k in range(last - first + 1)]
        edits = [r.new_source for r in propose(source, sites, {}, max_sites=len(sites), limit=100_000)
                 if src.scope_of(r.edit.start) == "cuda"]
        edits += [new for _, _, new in grammar_edits(source, sites, max_lines=len(sites), limit=100_000)]
        for new in edits:
            broken = _c_errors(new)
            assert not broken, f"{path.name}: an edit breaks the C++ syntax at `{broken[0]}`"
        checked += len(edits)
    assert checked > 2000
