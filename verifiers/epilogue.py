"""The torch epilogue policy: which torch operators may finish a kernel's own output (worker side).

Layer 3 (verifiers). KernelBench candidates mix torch and kernels; a loss kernel that writes one
value per row and lets torch average them (`losses.sum() / n_rows`, `rows.mean()`) did the work.
The operator provenance trap (traps.OpRecorder) would call that `sum` a cheat; this module decides,
from the forward's recorded steps (traps.Replay: the torch operators of the calling thread and the
Triton launches, in order, with their tensors), which such operators are an allowed epilogue.

The rule. A torch operator is an allowed epilogue when all of these hold:
1. it is one of EPILOGUE_OPS: sum, mean (reductions), mul/div where one operand is a scalar (a
   Python number or a one-element tensor), add/sub/rsub/neg. Casts and copies were always allowed.
   Nothing else: no exp/log/pow/sqrt, no matmul, no elementwise product of two tensors, no floor
   division. With these the epilogue is a linear map of the kernel's values (up to one-element
   scales): every nonlinear step of the reference (exp, log, products of inputs) must have run in
   the candidate's kernel, and torch only sums and scales what the kernel produced.
2. every tensor it reads is either written by the candidate's own kernel launches ("kernel": memory
   allocated in the forward by a factory (empty/zeros/full...) with no input data copied into it,
   then handed to a Triton kernel defined in the candidate's file), or the output of an allowed
   epilogue operator over such tensors, or a constant made by a factory in the forward (zeros, full,
   arange; Python numbers are constants too), or, as the one-element operand of mul/div, an integer count made from
   integer data only (index bookkeeping, e.g. the non-ignored labels a loss is averaged over).
   Inputs, parameters, views and copies of them, tensors built from host values and anything torch
   computed otherwise are not: an epilogue over them is what the provenance trap calls a cheat.
3. the kernel-written memory that the epilogue reads holds at most 1/8 of the element count (and of
   the bytes) of the forward's tensor inputs, counting each kernel write of a buffer again (a small
   buffer refilled by a kernel in a loop counts once per fill). The kernel has then reduced the data
   at least 8-fold before torch sees it: torch cannot have recomputed the answer from the full
   inputs, because what it reads holds an eighth of them at most.
Every other torch operator is judged by the provenance trap as before (compute: a cheat).

Why this holds against a candidate that has read this file: a copy kernel (identity, or any kernel
that leaves the data un-reduced) writes as many elements as it reads, so rule 3 refuses the
epilogue; splitting the copy over several buffers or over several launches into one buffer is
counted per write; copying an input into "kernel" memory by torch makes it torch-written (rule 2);
torch reading an input, a weight or host-built values directly breaks rule 2; and torch doing real
math over a small kernel output (exp, log, matmul, squaring) breaks rule 1. What is left for torch
is averaging and scaling numbers the candidate's kernel computed from the whole input. The steps
come from a dispatch mode on the calling thread; the provenance trap still counts every thread's
operators, and only an operator seen here with the same name and operand shape is discounted there
(traps.OpRecord.as_event), so work moved to another thread or hidden from the mode stays counted.
Not covered: kernels launched through load_inline/pycuda (not recorded as launches): their
outputs are not "kernel" memory, so torch epilogues over them stay cheats.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

from kagent.verifiers.aten_ops import ALLOWED_OPS, is_view

REDUCTIONS = frozenset({"aten::sum", "aten::mean"})
SCALINGS = frozenset({"aten::mul", "aten::div"})
LINEAR = frozenset({"aten::add", "aten::sub", "aten::rsub", "aten::neg"})
EPILOGUE_OPS = REDUCTIONS | SCALINGS | LINEAR
# composite spellings the execution trace records at top level for the same operators
ET_ALIASES = {"aten::true_divide": "aten::div", "aten::divide": "aten::div", "aten::multiply": "aten::mul",
              "aten::subtract": "aten::sub", "aten::negative": "aten::neg"}
RATIO = 8  # the epilogue may read at most 1/RATIO of the inputs' elements (and bytes) of kernel output

POLICY = (f"torch epilogue over the candidate's own kernel output: sum, mean, scaling by a scalar "
          f"(mul/div), add/sub/neg, casts, when every tensor read was written by the candidate's kernels "
          f"(or is such an epilogue's result or a constant) and that kernel output holds at most 1/{RATIO} of "
          f"the inputs' elements")

_FACTORIES = frozenset(f"aten::{n}" for n in (
    "empty empty_like empty_strided new_empty new_empty_strided zeros zeros_like ones ones_like full "
    "full_like new_zeros new_ones new_full arange linspace logspace eye scalar_tensor").split())
_FILLS = frozenset({"aten::fill_", "aten::zero_"})
# torch copies and casts (allowed by the provenance policy): the result carries the state of what it copies
_COPIES = frozenset(f"aten::{n}" for n in (
    "clone _to_copy copy_ to contiguous type_as cat stack _unsafe_view reshape flatten").split())

KERNEL, EPILOGUE, FRESH, INDEX, INPUT, OTHER = "kernel", "epilogue", "fresh", "index", "input", "other"
_DESCRIBE = {INPUT: "an input of the forward (or a view of one)", OTHER: "a tensor the candidate's kernels did not "
             "write (an input's copy, a weight, host-built values or torch's own result)",
             FRESH: "memory no kernel wrote", INDEX: "an integer count (allowed only as a one-element scale)"}


def canonical(name: str) -> str:
    """The operator's name without its in-place suffix and with composite aliases folded."""
    name = ET_ALIASES.get(name, name)
    if name.endswith("_") and not name.endswith("__"):
        name = name[:-1]
    return ET_ALIASES.get(name, name)


def is_candidate(name: str) -> bool:
    """An operator name (execution trace or dispatcher) that the policy can allow."""
    return canonical(name) in EPILOGUE_OPS


def candidate_line(filename: str | None) -> int | None:
    """The line of the candidate's file that is running now (the innermost frame from that file)."""
    if not filename:
        return None
    frame = sys._getframe(1)
    for _ in range(200):
        if frame is None:
            return None
        if frame.f_code.co_filename == filename:
            return frame.f_lineno
        frame = frame.f_back
    return None


@dataclass
class Use:
    op: str
    line: int | None
    shape: list[int]
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"op": self.op, "line": self.line, "shape": self.shape}
        if self.reason:
            d["reason"] = self.reason
        return d


@dataclass
class Epilogue:
    """What the policy made of one forward: the operators it allows, those it refused and why."""

    allowed: list[Use] = field(default_factory=list)
    refused: list[Use] = field(default_factory=list)
    index: list[Use] = field(default_factory=list)  # integer work on integer data (bookkeeping, not epilogue)
    kernel_elements: int = 0  # of the kernel-written memory the allowed operators read
    kernel_bytes: int = 0
    input_elements: int = 0
    input_bytes: int = 0

    def as_event(self) -> dict[str, Any]:
        return {"allowed": [u.as_dict() for u in self.allowed[:50]], "refused": [u.as_dict() for u in self.refused[:20]],
                "index": [u.as_dict() for u in self.index[:50]],
                "kernel_elements": self.kernel_elements, "kernel_bytes": self.kernel_bytes,
                "input_elements": self.input_elements, "input_bytes": self.input_bytes, "ratio": RATIO}


def _flat(x: Any) -> list:
    import torch

    if isinstance(x, torch.Tensor):
        return [x]
    if isinstance(x, (list, tuple)):
        return [t for item in x for t in _flat(item)]
    if isinstance(x, dict):
        return [t for item in x.values() for t in _flat(item)]
    return []


def _key(t: Any) -> tuple | None:
    try:
        return (t.device.type, t.untyped_storage().data_ptr())
    except (RuntimeError, NotImplementedError, AttributeError):
        return None


def _integer(t: Any) -> bool:
    return not (t.is_floating_point() or t.is_complex())


def _written(func: Any, args: tuple, kwargs: dict) -> list:
    """The tensors an operator writes in place (self of `div_`, `out=`)."""
    out = []
    schema = func._schema
    for i, a in enumerate(schema.arguments):
        if a.alias_info is not None and a.alias_info.is_write:
            val = kwargs.get(a.name) if a.kwarg_only or i >= len(args) else args[i]
            out += _flat(val)
    return out


class _Tracker:
    def __init__(self, inputs: list, protected: list, own_kernel: Any) -> None:
        self.state: dict[tuple, str] = {}
        self.gen: dict[tuple, int] = {}  # kernel writes of a storage so far
        self.size: dict[tuple, tuple[int, int]] = {}  # (storage, write) -> (elements, bytes) at most
        self.floaty: set[tuple] = set()  # storages that held float data
        self.consumed: set[tuple] = set()  # (storage, write) read by an allowed epilogue operator
        self.own_kernel = own_kernel
        for t in protected:
            k = _key(t)
            if k is not None:
                self.state[k] = OTHER
        for t in inputs:
            k = _key(t)
            if k is not None:
                self.state[k] = INPUT
                if not _integer(t):
                    self.floaty.add(k)

    def of(self, t: Any) -> str:
        k = _key(t)
        if k is None:
            return OTHER
        # made before the forward, on another thread, or from host values (`torch.tensor(v)`: its lift is
        # not dispatched): whatever it holds, no kernel wrote it and it may be an answer prepared on the host
        return self.state.get(k, OTHER)

    def grow(self, k: tuple, t: Any) -> None:
        g = (k, self.gen.get(k, 0))
        e, b = self.size.get(g, (0, 0))
        self.size[g] = (max(e, t.numel()), max(b, t.numel() * t.element_size()))

    def set(self, ts: list, state: str) -> None:
        for t in ts:
            k = _key(t)
            if k is None:
                continue
            if state == KERNEL and self.state.get(k) != KERNEL:
                self.gen[k] = self.gen.get(k, 0) + 1
            self.state[k] = state
            if state == KERNEL:
                self.grow(k, t)

    def launch(self, fn: Any, args: tuple, kwargs: dict) -> None:
        own = self.own_kernel(fn)
        for t in _flat(list(args)) + _flat(kwargs):
            k = _key(t)
            if k is None:
                continue
            st = self.state.get(k)
            if st in (FRESH, KERNEL, EPILOGUE):
                if own:  # a new write: counted again when an epilogue reads it
                    self.gen[k] = self.gen.get(k, 0) + 1
                    self.state[k] = KERNEL
                    self.grow(k, t)
                else:
                    self.state[k] = OTHER

    def judge(self, name: str, args: tuple, kwargs: dict) -> tuple[str | None, list]:
        """None when the operator is an allowed epilogue (and the kernel tensors it reads), else why not."""
        if kwargs.get("rounding_mode") is not None:
            return "rounds (floor/trunc division is not a scaling)", []
        operands = [a for a in args if not isinstance(a, (list, tuple))]
        tensors = _flat(operands)
        if name in REDUCTIONS:
            tensors = tensors[:1]
        states = [self.of(t) for t in tensors]
        kernel_reads = [t for t, s in zip(tensors, states) if s == KERNEL]
        if not any(s in (KERNEL, EPILOGUE) for s in states):
            bad = next((s for s in states), OTHER)
            return f"reads {_DESCRIBE.get(bad, bad)}, not the candidate's kernel output", []
        for t, s in zip(tensors, states):
            if s in (KERNEL, EPILOGUE, FRESH) or (s == INDEX and t.numel() == 1 and name in SCALINGS):
                continue
            return f"reads {_DESCRIBE.get(s, s)}", []
        if name in SCALINGS:
            scalars = [a for a in operands[:2] if isinstance(a, (int, float, bool))]
            if not scalars and not any(t.numel() == 1 for t in tensors[:2]):
                return "multiplies or divides two tensors elementwise (not a scaling by one number)", []
        return None, kernel_reads

    def op(self, func: Any, args: tuple, kwargs: dict, out: Any) -> tuple[str, str, str | None, list] | None:
        """Follow one operator; for an epilogue-list operator ("epilogue", name, refusal or None, shape),
        for integer bookkeeping outside the always-allowed operators ("index", name, None, shape)."""
        name = "aten::" + func._schema.name.split("::")[-1]
        base = canonical(name)
        ins, outs = _flat(list(args)) + _flat(kwargs), _flat(out)
        written = _written(func, args, kwargs)
        for t in ins + outs:
            k = _key(t)
            if k is not None and not _integer(t):
                self.floaty.add(k)
        if is_view(func):
            return None
        if name in _FACTORIES:
            self.set(outs, FRESH)
            return None
        if name in _FILLS:
            value = [t for t in ins[1:]]
            if value and self.of(value[0]) != FRESH:
                self.set(written, OTHER)
            return None
        reads = [t for t in ins if not any(t is w for w in written)] or ins
        if outs and all(_integer(t) for t in ins + outs) and all(
                _key(t) not in self.floaty and self.of(t) in (INPUT, INDEX, FRESH) for t in ins):
            self.set(outs + written, INDEX)  # integer work on integer data: bookkeeping, judged by provenance
            return None if name in ALLOWED_OPS else ("index", name, None, list(ins[0].shape))
        if base in EPILOGUE_OPS:
            shape = list(ins[0].shape) if ins else []
            why, kernel_reads = self.judge(base, args, kwargs)
            if why is None:
                for t in kernel_reads:
                    k = _key(t)
                    self.grow(k, t)
                    self.consumed.add((k, self.gen.get(k, 0)))
                self.set(outs + written, EPILOGUE)
            else:
                self.set(outs + written, OTHER)
            return "epilogue", base, why, shape
        if name in _COPIES:
            states = {self.of(t) for t in reads}
            if states <= {FRESH}:
                state = FRESH
            elif states <= {KERNEL, EPILOGUE, FRESH}:
                state = KERNEL  # a copy of kernel output: counted at its own size when an epilogue reads it
            elif states <= {INDEX, FRESH, INPUT} and all(_integer(t) for t in reads + outs):
                state = INDEX
            else:
                state = OTHER
            targets = outs + written
            for t in targets:  # in place into part of a buffer: the buffer keeps the worse of both
                prev = self.of(t)
                self.set([t], state if prev == FRESH or state == OTHER or prev == state else OTHER)
            return None
        self.set(outs + written, OTHER)
        return None


def analyse(steps: list[tuple], lines: dict[int, int | None], inputs: list, protected: list,
            candidate_file: str | None) -> Epilogue:
    """Walk the recorded steps of one forward (traps.Replay.steps) and apply the policy."""
    import torch

    def own_kernel(fn: Any) -> bool:
        code = getattr(getattr(fn, "fn", None), "__code__", None)
        return bool(candidate_file) and code is not None and code.co_filename == candidate_file

    tensors = [t for t in inputs if isinstance(t, torch.Tensor)]
    tr = _Tracker(tensors, protected, own_kernel)
    res = Epilogue(input_elements=sum(t.numel() for t in tensors),
                   input_bytes=sum(t.numel() * t.element_size() for t in tensors))
    for i, step in enumerate(steps):
        if step[0] == "launch":
            tr.launch(step[2], step[3], step[5])
            continue
        _, func, args, kwargs, out = step
        seen = tr.op(func, args, kwargs or {}, out)
        if seen is None:
            continue
        kind, name, why, shape = seen
        if kind == "index":
            res.index.append(Use(name, lines.get(i), shape))
            continue
        (res.allowed if why is None else res.refused).append(Use(name, lines.get(i), shape, why))
    res.kernel_elements = sum(tr.size.get(g, (0, 0))[0] for g in tr.consumed)
    res.kernel_bytes = sum(tr.size.get(g, (0, 0))[1] for g in tr.consumed)
    if res.allowed and (res.kernel_elements * RATIO > res.input_elements or res.kernel_bytes * RATIO > res.input_bytes):
        why = (f"the kernel output it reads holds {res.kernel_elements} elements ({res.kernel_bytes} bytes), more than "
               f"1/{RATIO} of the inputs' {res.input_elements} ({res.input_bytes} bytes): the kernel has not reduced "
               "the data, so torch's step may compute the result")
        res.refused = [Use(u.op, u.line, u.shape, why) for u in res.allowed] + res.refused
        res.allowed = []
    return res
