"""The screen worker: many candidate files judged on a few cases in ONE process (torch and Triton
imported once, the reference's cached case files read once).

Run as `python -m kagent.verifiers.screen_worker` in the verifier's sandbox (scrubbed environment,
own process group, timeout, memory limit). Job on stdin (JSON): case_dir, device, single_file,
cases (CaseSpec dicts), candidates (paths), ratio, out (a JSONL file), candidate_timeout_s (a
candidate over it is judged `timeout` and the next one starts), base (the base's own record, or
"first": the first candidate is the base), batch_extensions (the candidates' `load_inline` calls built as
one extension first, verifiers/extension_batch.py: a line {"extensions": {"sources", "builds", "seconds"}}
says how). One line per candidate:
{"index", "cases": {name: {"classes", "fraction", "rel_l2", "error"}}, "seconds"}. The parent reads
the file even after a timeout (the candidates judged so far count).

On CUDA a candidate that faults (an illegal address, a device-side assert) leaves the process's CUDA
context unusable: every later candidate would fail with its error. The worker then writes
{"restart": true} after that candidate's line and exits; the parent starts a fresh worker on the rest,
with `build` (the whole batch's sources) so that the shared extension build is found, not redone.

A screen is no verdict: no anti-cheat, no determinism, one guard fill. The full verifier decides.

A candidate that fails a case the base passes, or fails it with no smaller error than the base's, can
be neither a pass nor an improvement: its other cases are not run (each may cost a module build and
a large shape under the interpreter); they count as failing, so it ranks below the base.
"""

from __future__ import annotations

import json
import math
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any


class _TooSlow(BaseException):  # not an Exception: a candidate's own `except Exception` cannot swallow it
    pass


def _judge(case: dict, data: dict, expected: dict, outs: list, run: Any, ratio: float,
           floors: list[float] | None = None) -> dict:
    from kagent.verifiers.oracle import compare

    ref_out, ref64, sens = expected["out"], expected["out64"], expected.get("sens")
    classes: list[str] = []
    frac, rel, wrong = 0.0, 0.0, 0.0  # wrong: mismatched elements over every output
    if len(outs) != len(ref_out):
        return {"classes": ["shape_mismatch"], "fraction": 1.0, "rel_l2": 1e30, "wrong": 1e30, "error": None}
    for i, (o, c) in enumerate(zip(ref_out, outs)):
        import torch

        if not isinstance(c, torch.Tensor):
            classes.append("shape_mismatch")
            frac, wrong = 1.0, 1e30
            continue
        c = c.detach().cpu()
        reach = expected.get("reach")
        fc, ev, _msg = compare(o, ref64[i], c, i, ratio, sens[i] if sens else None,
                               judge_undefined=expected.get("judge_undefined", True),
                               reach=reach[i] if reach else None,
                               floor_scale=floors[i] if floors and i < len(floors) else 0.0)
        if fc is not None:
            classes.append(fc)
            if ev is not None:
                frac = max(frac, float(ev.mismatch_fraction))
                wrong += float(ev.mismatch_fraction) * o.numel()
                r = float(ev.rel_l2_err)
                rel = max(rel, r if math.isfinite(r) else 1e30)
            else:
                frac, rel, wrong = 1.0, 1e30, 1e30
    if run.bad_alloc_guards or run.bad_input_guards:
        classes.append("out_of_bounds")
    if run.mutated:
        classes.append("input_mutation")
    return {"classes": sorted(set(classes)), "fraction": frac, "rel_l2": rel, "wrong": wrong, "error": None}


def _no_better(got: dict, base: dict | None) -> bool:
    """A failing case result that does not improve on the base's result for the same case."""
    if base is None:
        return False
    if not base.get("classes"):
        return True  # the base passes it
    return float(got.get("rel_l2", 1e30)) >= float(base.get("rel_l2", 1e30)) * 0.999


def _model(harness: Any, module: Any, data: dict, case: dict, device: str, job: dict, case_dir: Path) -> Any:
    """ModelNew built as the verifier's worker builds it (its seeding, its weights mode)."""
    mode = job.get("weights", "seeded")
    if "init_seed" in case:  # the verifier of KernelBench's construction protocol
        ref_state = harness._reference_weights(case_dir, data) if mode == "copy" and data.get("weights") else None
        built = harness._build_model(module, data, case["init_seed"], device, mode, ref_state)
        return built[0] if isinstance(built, tuple) else built
    return harness._build_model(module, data, case["seed"], device)


def _build_together(candidates: list[str], single_file: bool, limit: float, light: bool = True) -> dict:
    """Every candidate imported up to its `load_inline` call, the calls built as one extension
    (verifiers/extension_batch.py); each candidate's own import below then gets its variant."""
    from torch.utils import cpp_extension

    from kagent.verifiers import extension_batch, harness

    batcher = extension_batch.Batcher(cpp_extension.load_inline)
    batcher.light = light  # off once an earlier batch of this kernel needed the sources' own headers
    extension_batch.install(batcher)  # for the rest of this worker's life
    batcher.recording = True
    for index, path in enumerate(candidates):
        if limit > 0:
            signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            harness._Modules(Path(path), f"kagent_screen_record_{index}", apply_overrides=single_file).get({})
        except (Exception, extension_batch.Deferred, _TooSlow, SystemExit):
            pass  # its own import below says what is wrong with it
        finally:
            if limit > 0:
                signal.setitimer(signal.ITIMER_REAL, 0)
    batcher.recording = False
    t0 = time.monotonic()
    batcher.build()
    return {"extensions": {"sources": len(batcher.keys), "builds": batcher.builds,
                           "seconds": round(time.monotonic() - t0, 2), "light": batcher.light}}


def main() -> int:
    from kagent.verifiers import bounds, casefiles, harness, interpreter_speed

    harness._warm_up()
    job = json.loads(sys.stdin.read())
    import torch

    from kagent.verifiers.canary import PoisonedAllocator

    harness._pin_precision()
    allocator = PoisonedAllocator()
    allocator.install()
    device, case_dir = job["device"], Path(job["case_dir"])
    if device == "cpu":
        interpreter_speed.install()
        if job.get("bounds_check"):  # as in the full verify: an edit that still reads out of bounds fails here
            bounds.install()
    cases = job["cases"]
    data = {c["name"]: torch.load(casefiles.inputs_path(case_dir, c["name"]), weights_only=False) for c in cases}
    expected = {c["name"]: torch.load(casefiles.expected_path(case_dir, c["name"]), weights_only=False) for c in cases}
    floors = casefiles.scale_floors(case_dir)  # the size cases' scale on the problem's own inputs
    limit = float(job.get("candidate_timeout_s") or 0)

    def _alarm(signum: int, frame: Any) -> None:
        raise _TooSlow(f"over the screen's {limit:.0f} s per candidate")

    if limit > 0:
        signal.signal(signal.SIGALRM, _alarm)
    base = job.get("base") if isinstance(job.get("base"), dict) else None
    with open(job["out"], "a", buffering=1) as out:
        if job.get("batch_extensions"):
            out.write(json.dumps(_build_together(job.get("build") or job["candidates"], job["single_file"], limit,
                                                 job.get("light_headers", True))) + "\n")
        for index, path in enumerate(job["candidates"]):
            t0 = time.monotonic()
            res: dict[str, Any] = {}
            if limit > 0:
                signal.setitimer(signal.ITIMER_REAL, limit)
            try:
                modules = harness._Modules(Path(path), f"kagent_screen_{index}", apply_overrides=job["single_file"])
                modules.get({})
            except Exception as exc:  # a candidate that does not import is judged, not fatal
                err = harness._error_event(exc)
                out.write(json.dumps({"index": index, "import_error": err.get("failure_class", "compile_error"),
                                      "message": str(err.get("message", ""))[:300], "seconds": time.monotonic() - t0}) + "\n")
                continue
            for c in cases:
                name = c["name"]
                t_case = time.monotonic()
                try:
                    module = modules.get(c["overrides"])
                    model = _model(harness, module, data[name], c, device, job, case_dir)
                    run = harness._call(model, data[name]["inputs"], device, allocator, "nan", "nan")
                    res[name] = _judge(c, data[name], expected[name], run.outputs, run, job["ratio"],
                                       floors if casefiles.floored(name) else None)
                except _TooSlow as exc:  # the rest of this candidate's cases are skipped too
                    res[name] = {"classes": ["timeout"], "fraction": 1.0, "rel_l2": 1e30, "error": str(exc)}
                    break
                except Exception as exc:
                    err = harness._error_event(exc)
                    res[name] = {"classes": [err.get("failure_class") or "runtime_error"], "fraction": 1.0,
                                 "rel_l2": 1e30, "error": str(err.get("message", ""))[:300]}
                if name in res:
                    res[name]["seconds"] = round(time.monotonic() - t_case, 4)
                violation = bounds.take_violation()  # the first bad access, even if the candidate caught it
                if violation is not None and name in res:  # a fault of the kernel's, not a screen that broke
                    res[name]["classes"] = sorted({*res[name]["classes"], "out_of_bounds"} - {"runtime_error"})
                    res[name]["error"], res[name]["note"] = None, violation.describe()[:300]
                elif res[name].get("error"):
                    # it raised: the worst tier already, whatever the other cases say (they would raise
                    # alike and each costs a build): they are judged the same, unrun
                    for rest in cases[cases.index(c) + 1:]:
                        res[rest["name"]] = {**res[name], "note": "not run: an earlier case raised"}
                    break
                if base is not None and res[name]["classes"] and _no_better(res[name], base.get(name)):
                    for rest in cases[cases.index(c) + 1:]:
                        res[rest["name"]] = {"classes": ["not_run"], "fraction": 1.0, "rel_l2": 1e30,
                                             "note": f"not run: no better than the base on {name}"}
                    break
            if limit > 0:
                signal.setitimer(signal.ITIMER_REAL, 0)
            out.write(json.dumps({"index": index, "cases": res, "seconds": time.monotonic() - t0}) + "\n")
            if index == 0 and job.get("base") == "first" and len(res) == len(cases):
                base = res
            if device == "cuda" and any(r.get("error") for r in res.values()) and _cuda_broken(torch) \
                    and index + 1 < len(job["candidates"]):
                out.write(json.dumps({"restart": True}) + "\n")
                out.flush()
                os._exit(0)  # a faulted context may hang its own teardown
    return 0


def _cuda_broken(torch: Any) -> bool:
    """The CUDA context no longer runs a kernel (a sticky fault of the last candidate's)."""
    try:
        torch.ones(1, device="cuda").add_(1).sum().item()
        torch.cuda.synchronize()
        return False
    except Exception:
        return True


if __name__ == "__main__":
    sys.exit(main())
