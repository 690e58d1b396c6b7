"""Offline PTX rewrite passes: copy propagation of register-to-register movs, and stripping debug
info. Each returns a PassResult with the rewritten PTX.
"""

from __future__ import annotations

import re

from pydantic import Field

from kagent.tools.ptx.common import _Model
from kagent.tools.ptx.parse import _REG_USE, SPECIAL_REG_PREFIXES, parse_ptx, strip_comment


_INSTR = re.compile(r"^(?P<pred>@!?%\w+\s+)?(?P<op>[a-z][\w.:]*)(?:\s+(?P<ops>.*?))?\s*;\s*$")
_REG_TOKEN = re.compile(r"%[A-Za-z_$][\w$]*")
_LABEL = re.compile(r"^\s*(?P<label>[$A-Za-z_][\w$]*):\s*$")
_BRA = re.compile(r"\bbra(?:\.uni)?\s+(?P<label>[$A-Za-z_][\w$]*)\s*;")
_MOV = re.compile(r"^mov\.(?P<t>[usbf]\d+)$")


class PassResult(_Model):
    name: str
    changed: bool
    rewrites: int
    ptx: str
    notes: list[str] = Field(default_factory=list)


def _is_reg(tok: str) -> bool:
    m = _REG_USE.fullmatch(tok)
    return bool(m) and m["prefix"] not in SPECIAL_REG_PREFIXES


def copy_propagate_movs(ptx: str) -> PassResult:
    """Remove `mov.T %dst, %src;` where both registers have a single definition, the copy is not
    predicated, not inside a nested block, all uses of %dst follow it, and no loop boundary lies
    between %src's definition and %dst's last use; uses of %dst are renamed to %src.

    Sound on the SSA-form PTX LLVM's NVPTX back-end emits (phi copies define registers more than
    once and are left alone; inline-asm lines with several instructions count as defining every
    register they mention). ptxas does copy propagation itself, so this usually leaves the machine
    code unchanged: it shortens the PTX an agent reads; it is not a speed-up."""
    lines = ptx.splitlines()
    mod = parse_ptx(ptx)
    rewrites = 0
    for entry in mod.entries:
        while True:
            n = _copy_prop_once(lines, entry.body_start, entry.body_end)
            if n == 0:
                break
            rewrites += n
    out = "\n".join(l for l in lines if l is not None) + ("\n" if ptx.endswith("\n") else "")
    return PassResult(name="copy_propagate_movs", changed=rewrites > 0, rewrites=rewrites, ptx=out)


def _copy_prop_once(lines: list, start: int, end: int) -> int:
    defs: dict[str, list[int]] = {}
    uses: dict[str, list[int]] = {}
    labels: dict[str, int] = {}
    branches: list[tuple[int, str]] = []
    movs: list[tuple[int, str, str]] = []
    depth = 0
    for ln in range(start, end + 1):
        raw = lines[ln - 1]
        if raw is None:
            continue
        code = strip_comment(raw).strip()
        d0 = depth
        depth += code.count("{") - code.count("}")
        if not code or code.startswith((".", "{", "}")) and ";" not in code:
            continue
        m = _LABEL.match(code)
        if m:
            labels[m["label"]] = ln
            continue
        for b in _BRA.finditer(code):
            branches.append((ln, b["label"]))
        regs = [t for t in _REG_TOKEN.findall(code) if _is_reg(t)]
        if code.count(";") != 1 or code.startswith(".") or d0 > 1 or "{" in code.split()[0]:
            for r in regs:  # complex line: every register counts as defined and used here
                defs.setdefault(r, []).append(ln)
                uses.setdefault(r, []).append(ln)
            continue
        im = _INSTR.match(code)
        if not im:
            for r in regs:
                defs.setdefault(r, []).append(ln)
                uses.setdefault(r, []).append(ln)
            continue
        ops = im["ops"] or ""
        op = im["op"]
        dest: list[str] = []
        if op.startswith(("st.", "st ", "red.", "bar", "barrier", "bra", "ret", "exit", "cp.async", "fence",
                          "membar", "prefetch", "wgmma.fence", "wgmma.commit", "wgmma.wait", "griddepcontrol",
                          "trap")) or op in ("st", "ret", "exit"):
            dest = []
        elif ops.startswith("{"):
            dest = [t for t in _REG_TOKEN.findall(ops[: ops.index("}") + 1] if "}" in ops else ops) if _is_reg(t)]
        else:
            first = ops.split(",", 1)[0]
            dest = [t for t in _REG_TOKEN.findall(first) if _is_reg(t)]
        for r in dest:
            defs.setdefault(r, []).append(ln)
        for r in regs:
            if r not in dest or op.startswith(("wgmma", "mma", "atom")):
                uses.setdefault(r, []).append(ln)
            if r in dest and op.startswith(("wgmma", "mma")):
                defs.setdefault(r, []).append(ln)  # in-out accumulators
        mm = _MOV.match(op)
        if mm and not im["pred"]:
            parts = [p.strip() for p in ops.split(",")]
            if len(parts) == 2 and _is_reg(parts[0]) and _is_reg(parts[1]):
                movs.append((ln, parts[0], parts[1]))
    loops = [(labels[lab], ln) for ln, lab in branches if lab in labels and labels[lab] <= ln]
    done = 0
    touched: set[str] = set()
    for ln, dst, src in movs:
        if dst in touched or src in touched or dst == src:
            continue
        if _REG_USE.fullmatch(dst)["prefix"] != _REG_USE.fullmatch(src)["prefix"]:
            continue
        if len(defs.get(dst, [])) != 1 or len(defs.get(src, [])) != 1:
            continue
        src_def = defs[src][0]
        dst_uses = [u for u in uses.get(dst, []) if u != ln]
        if src_def >= ln or any(u <= ln for u in dst_uses):
            continue
        last = max(dst_uses) if dst_uses else ln
        if any(not (hi < src_def or lo > last) for lo, hi in loops):
            continue
        pat = re.compile(re.escape(dst) + r"(?![\w$])")
        for u in set(dst_uses):
            lines[u - 1] = pat.sub(src, lines[u - 1])
        lines[ln - 1] = None
        touched.update((dst, src))
        done += 1
    return done


def strip_debug_info(ptx: str) -> PassResult:
    """Drop `.loc`/`.file` directives and `.section .debug_*` blocks: line info only, so the machine
    code is unchanged (the gate checks that); the PTX an agent reads shrinks several-fold."""
    out: list[str] = []
    removed = 0
    skipping = False
    depth = 0
    for line in ptx.splitlines():
        code = strip_comment(line).strip()
        if skipping:
            removed += 1
            depth += code.count("{") - code.count("}")
            if depth <= 0 and ("}" in code or (not code.endswith("{") and depth == 0 and "{" in line and "}" in line)):
                skipping = False
            continue
        if re.match(r"^\.section\s+\.debug", code):
            removed += 1
            depth = code.count("{") - code.count("}")
            skipping = depth > 0 or "{" not in code
            if "{" in code and depth == 0:
                skipping = False
            continue
        if re.match(r"^\.(loc|file)\b", code):
            removed += 1
            continue
        out.append(line)
    text = "\n".join(out) + ("\n" if ptx.endswith("\n") else "")
    return PassResult(name="strip_debug_info", changed=removed > 0, rewrites=removed, ptx=text)
