"""One C++/CUDA extension build for many screen candidates (`load_inline` kernels).

Each edit of a CUDA C kernel is a new extension: one nvcc + host compiler run of ~25 s, most of it the
torch headers, whatever the kernel. The screen worker therefore records the `load_inline` call every
candidate makes at import, builds the distinct sources as ONE extension (each candidate's code in a
namespace of its own, its functions bound under suffixed names) and answers each candidate's own call
with its variant's functions. A variant the compiler rejects is dropped from the build (the errors name
its lines) and answered with that error, as its own build would have been.

Screen only: the full verifier builds every candidate as it is written.
"""

from __future__ import annotations

import hashlib
import re
import types
from collections.abc import Callable
from typing import Any

_INCLUDE = re.compile(r"^\s*#\s*(include\b|pragma\s+once\b)")
_DEFINE = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)")
_PYBIND = re.compile(r"\bPYBIND11_MODULE\b|\bTORCH_LIBRARY")
# where a diagnostic points: g++/clang `main.cpp:57:10: error:` (or `main.cpp:57:10:   required from here` under
# an error in a header's template), nvcc `cuda.cu(123): error:` and `detected during ... at line 123 of .../cuda.cu`
_AT = re.compile(r"(main\.cpp|cuda\.cu)(?::(\d+):\d*:?|\((\d+)\)):?\s*(?:(?:fatal\s+)?error|required from)")
_AT_LINE = re.compile(r"at line (\d+) of \S*?(main\.cpp|cuda\.cu)\b")
# per build. A build's time is the torch headers', whatever the variants: on a 2-core CPU machine one
# cuda.cu of 1, 48 and 192 variants took nvcc 84.0, 85.1 and 85.1 s (sm_90), and a host-only build of 96
# and 192 variants 19.8 and 20.7 s (one alone ~21-25 s). The cap bounds what one failing round rebuilds.
MAX_VARIANTS = 192
MAX_ROUNDS = 4  # builds of one group (each drops the variants the compiler rejected)
MAX_SPLITS = 2  # halvings of a group whose build failed with no variant named
# In the shared cuda.cu a candidate's `#include <torch/extension.h>` (all of libtorch's C++ API and pybind11,
# none of which device code or a host launcher needs) becomes torch's own implicit CUDA header: g++ -O3 took
# 23.9 s on extension.h and 8.9 s on torch/types.h, nvcc on one kernel's cuda.cu 72.4 and 31.1 s (2-core
# CPU machine). A build that then misses a declaration is made again with the sources' own headers.
_HEAVY = re.compile(r'^[ \t]*#\s*include\s*[<"]torch/extension\.h[>"]', re.M)
_LIGHT = "#include <torch/types.h>"
_MISSING = re.compile(r"is undefined|was not declared|has no member|is not a member of|incomplete type|"
                      r"not a class, namespace|does not name a type|no such file", re.I)


class Deferred(BaseException):
    """Raised by the recording `load_inline`: the candidate's import stops at its build."""


def _as_list(x: Any) -> list[str]:
    if x is None:
        return []
    return [x] if isinstance(x, str) else [str(s) for s in x]


def _functions(x: Any) -> tuple[tuple[str, str], ...] | None:
    if x is None:
        return None
    if isinstance(x, str):
        x = [x]
    if isinstance(x, dict):
        return tuple((str(k), str(v)) for k, v in x.items())
    return tuple((str(f), str(f)) for f in x)


def request_key(args: tuple, kwargs: dict) -> tuple | None:
    """What makes two `load_inline` calls the same build, or None where this module cannot batch it
    (the sources bind themselves, SYCL, a build directory of their own)."""
    names = ("name", "cpp_sources", "cuda_sources", "sycl_sources", "functions")
    call = dict(zip(names, args))
    call.update(kwargs)
    cpp, cuda = _as_list(call.get("cpp_sources")), _as_list(call.get("cuda_sources"))
    funcs = _functions(call.get("functions"))
    if (funcs is None or call.get("sycl_sources") or call.get("build_directory") or call.get("use_pch")
            or call.get("is_python_module", True) is not True or any(_PYBIND.search(s) for s in cpp + cuda)):
        return None
    flags = tuple(tuple(_as_list(call.get(k))) for k in
                  ("extra_cflags", "extra_cuda_cflags", "extra_ldflags", "extra_include_paths"))
    return (tuple(cpp), tuple(cuda), funcs, flags, call.get("with_cuda"),
            bool(call.get("with_pytorch_error_handling", True)), bool(call.get("no_implicit_headers", False)))


def _split(sources: tuple[str, ...]) -> tuple[list[str], list[str], list[str]]:
    """(include lines, body lines, macros defined) of one variant's sources."""
    heads, body, macros = [], [], []
    for line in "\n".join(sources).splitlines():
        if _INCLUDE.match(line):
            heads.append(line.strip())
            body.append("")  # keeps the body's line numbers
            continue
        m = _DEFINE.match(line)
        if m:
            macros.append(m.group(1))
        body.append(line)
    return heads, body, macros


class Combined:
    """The sources of one build: the variants' code, each in `namespace kagent_vN`, and which lines of
    main.cpp / cuda.cu belong to which variant."""

    def __init__(self, keys: list[tuple], light: bool = False):
        """light: the CUDA file includes torch/types.h where a variant includes torch/extension.h."""
        self.keys = keys
        implicit = not keys[0][6]
        cpp_heads: list[str] = ["#include <torch/extension.h>"] if implicit else []
        cuda_heads: list[str] = ["#include <torch/types.h>", "#include <cuda.h>", "#include <cuda_runtime.h>"] if implicit else []
        parts = [(_split(k[0]), _split(k[1])) for k in keys]
        for (ch, _, _), (uh, _, _) in parts:
            cpp_heads += [h for h in ch if h not in cpp_heads]
            cuda_heads += [h for h in uh if h not in cuda_heads]
        # whether the CUDA file's headers were made lighter (a build that then fails may be their doing)
        self.lightened = light and any(_HEAVY.match(h) for h in cuda_heads)
        if self.lightened:
            cuda_heads = list(dict.fromkeys(_LIGHT if _HEAVY.match(h) else h for h in cuda_heads))
        self.owner: dict[str, list[tuple[int, int, int]]] = {"main.cpp": [], "cuda.cu": []}
        self.cpp = self._assemble(cpp_heads, [p[0] for p in parts], "main.cpp")
        self.cuda = self._assemble(cuda_heads, [p[1] for p in parts], "cuda.cu") if any(k[1] for k in keys) else ""
        defs = []
        for i, k in enumerate(keys):
            for fn, doc in k[2]:
                target = f"kagent_v{i}::{fn}"
                wrapped = f"torch::wrap_pybind_function({target})" if k[5] else target
                defs.append(f'  m.def("{fn}__kv{i}", {wrapped}, "{_escape(doc)}");')
        self.cpp += "\nPYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n" + "\n".join(defs) + "\n}\n"
        self.name = "kagent_batch_" + hashlib.sha1((self.cpp + "\0" + self.cuda).encode()).hexdigest()[:16]

    def _assemble(self, heads: list[str], parts: list[tuple[list[str], list[str], list[str]]], file: str) -> str:
        lines = list(heads)
        for i, (_, body, macros) in enumerate(parts):
            lines.append(f"namespace kagent_v{i} {{")
            start = len(lines) + 1  # 1-based line of the body's first line
            lines += body
            self.owner[file].append((start - 1, len(lines) + 1, i))
            lines.append(f"}}  // namespace kagent_v{i}")
            lines += [f"#undef {m}" for m in dict.fromkeys(macros)]
        return "\n".join(lines) + "\n"

    def culprits(self, message: str) -> dict[int, list[str]]:
        """Variant -> the compiler's error lines that fall in its code."""
        found: dict[int, list[str]] = {}
        for line in message.splitlines():
            m, n = _AT.search(line), _AT_LINE.search(line)
            if m:
                file, at = m.group(1), int(m.group(2) or m.group(3))
            elif n:
                file, at = n.group(2), int(n.group(1))
            else:
                continue
            for lo, hi, i in self.owner[file]:
                if lo <= at <= hi:
                    found.setdefault(i, []).append(line.strip()[:300])
        return found


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


class Batcher:
    """Records candidates' `load_inline` calls, builds them together, answers each call with its variant."""

    def __init__(self, real: Callable[..., Any]):
        self.real = real
        self.recording = False
        self.keys: list[tuple] = []  # distinct requests, in the order first seen
        self.answers: dict[tuple, Any] = {}  # request -> a module-like object, or the BaseException to raise
        self.builds = 0
        self.light = True  # CUDA files on torch's lighter header, until a build misses a declaration

    def load_inline(self, *args: Any, **kwargs: Any) -> Any:
        key = request_key(args, kwargs)
        if self.recording:
            if key is not None and key not in self.keys:
                self.keys.append(key)
            raise Deferred("recorded")
        if key is not None and key in self.answers:
            got = self.answers[key]
            if isinstance(got, BaseException):
                raise got
            return got
        return self.real(*args, **kwargs)

    def build(self) -> None:
        """Builds every recorded request not answered yet, groups of equal flags, MAX_VARIANTS a build."""
        todo = [k for k in self.keys if k not in self.answers]
        groups: dict[tuple, list[tuple]] = {}
        for k in todo:
            groups.setdefault(k[3:], []).append(k)
        for same in groups.values():
            for lo in range(0, len(same), MAX_VARIANTS):
                self._build_group(same[lo:lo + MAX_VARIANTS])

    def _build_group(self, keys: list[tuple], depth: int = 0) -> None:
        for _ in range(MAX_ROUNDS):
            if len(keys) < 2:
                return  # one variant alone: its own call builds it as written
            combined = Combined(keys, light=self.light)
            flags, with_cuda = keys[0][3], keys[0][4]
            self.builds += 1
            try:
                module = self.real(combined.name, [combined.cpp], [combined.cuda] if combined.cuda else None,
                                   extra_cflags=list(flags[0]) or None, extra_cuda_cflags=list(flags[1]) or None,
                                   extra_ldflags=list(flags[2]) or None, extra_include_paths=list(flags[3]) or None,
                                   with_cuda=with_cuda, no_implicit_headers=True)
            except Exception as exc:
                bad = combined.culprits(str(exc))
                if combined.lightened and _MISSING.search(str(exc)):
                    self.light = False  # maybe a name only the heavy header declares: the sources' own headers
                    continue
                if not bad and len(keys) >= 4 and depth < MAX_SPLITS:
                    # no line of a variant named (a link error, a diagnostic this parser does not know):
                    # each half is built on its own, a failing one halved again (twice at most)
                    half = len(keys) // 2
                    self._build_group(keys[:half], depth + 1)
                    self._build_group(keys[half:], depth + 1)
                    return
                if not bad:
                    return  # each builds on its own
                for i, lines in bad.items():
                    self.answers[keys[i]] = RuntimeError(
                        "Error building extension (its variant in the screen's shared build):\n" + "\n".join(lines[:8]))
                keys = [k for i, k in enumerate(keys) if i not in bad]
                continue
            for i, k in enumerate(keys):
                self.answers[k] = types.SimpleNamespace(**{fn: getattr(module, f"{fn}__kv{i}") for fn, _ in k[2]})
            return


def lightened(real: Callable[..., Any]) -> Callable[..., Any]:
    """`load_inline` that builds a candidate's CUDA file on torch/types.h where it includes
    torch/extension.h (the same kernel code; nvcc 31 s instead of 72 s on a 2-core machine), and
    builds the sources as written when that build fails. For a verify whose pass is no verdict (a
    repair's evidence verify of the original): a source can tell the two header sets apart, so
    every pass is verified again as written (kagent/repair/run.py `evidence_config`)."""

    def load_inline(*args: Any, **kwargs: Any) -> Any:
        names = ("name", "cpp_sources", "cuda_sources")
        call = dict(zip(names, args))
        call.update(kwargs)
        cuda = _as_list(call.get("cuda_sources"))
        if len(args) > len(names) or not any(_HEAVY.search(s) for s in cuda):
            return real(*args, **kwargs)
        light = [_HEAVY.sub(_LIGHT, s) for s in cuda]
        try:
            return real(**{**call, "cuda_sources": light})
        except Exception:  # noqa: BLE001 - whatever the light build's error, the sources as written decide
            return real(*args, **kwargs)

    return load_inline


def install(batcher: Batcher) -> None:
    """Routes `torch.utils.cpp_extension.load_inline` through `batcher` (a candidate's
    `from torch.utils.cpp_extension import load_inline` after this gets the batcher's)."""
    from torch.utils import cpp_extension

    cpp_extension.load_inline = batcher.load_inline
