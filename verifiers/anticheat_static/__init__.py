"""Static anti-cheat checks on a candidate's Python AST.

Layer 3 (verifiers). Every check looks at the parsed candidate, never at regexes over its Python
text (the one exception: C/C++ source strings handed to load_inline are scanned for ATen/cuBLAS
calls, since they are not Python). Checks see two views of the module:

- the *forward path*: ModelNew.forward / __call__ and every function, method, lambda and module-level
  value they reach (helpers, other methods, wrapper functions, sub-module classes, autograd.Function
  forwards), but not the bodies of @triton.jit kernels, which use tl.* legitimately;
- the *module*: everything except kernels, the reference `Model` class when the file holds it,
  get_inputs/get_init_inputs and `if __name__ == "__main__":` blocks.

Severity is not a property of a check: it comes from PROFILES (strict / default / lenient).

Modules: vocabulary (the names checks match), resolve (Analysis: reachability and name
resolution), views (the two views and Hit), the checks by family (checks_compute, checks_harness,
checks_data, checks_state), registry (CHECKS, PROFILES, static_findings). This package exports the
names used elsewhere in kagent.
"""

from __future__ import annotations

from kagent.verifiers.anticheat_static.registry import CHECKS, PROFILES, static_findings

__all__ = ["CHECKS", "PROFILES", "static_findings"]
