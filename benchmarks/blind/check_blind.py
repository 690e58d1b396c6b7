#!/usr/bin/env python3
"""Self-check of the blind near-miss set (benchmarks/blind/nearmiss/manifest.yaml).

For every entry it proves two things, each in its own subprocess with a timeout:
  * the fixed twin matches the reference on the default inputs, on two more seeds, on another
    shape, on the entry's boundary shape (if any) and on the entry's `needs` input kind;
  * the near-miss does NOT match on at least one of: the default inputs, the `needs` input.
It also checks that the `needs` label is the weakest revealing input: a near-miss whose needs is
not `default` is expected to pass the default inputs (reported as needs_ok).

Tolerances: atol = rtol = 1e-4 for fp32 outputs, 1e-2 for fp16; integer outputs must be equal;
dtype and shape must match. For the large_values case (inputs x1000) atol is scaled by the largest
reference magnitude.

Triton entries run under TRITON_INTERPRET=1 on CPU tensors. CUDA entries (load_inline) run only
where torch.cuda is available; otherwise they are skipped and reported as such. This script does
not import kagent.

Usage: python benchmarks/blind/check_blind.py [--set NAME] [--only NAME ...] [--backend triton|cuda]
                                              [--timeout S] [--cuda-trials N] [--jobs N]
Writes benchmarks/blind/<set>/selfcheck.json (the set is `nearmiss` unless --set names another
folder beside this script; a set may carry its own alt_shapes.json, reference stem -> shape).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SET = HERE / "nearmiss"

# Another shape per reference for the twin check (module constants set before get_inputs()).
ALT_SHAPES = {
    "softmax": {"batch_size": 3, "dim": 1500},
    "log_softmax": {"batch_size": 5, "dim": 777},
    "layer_norm": {"batch_size": 3, "hidden": 1000},
    "rms_norm": {"batch_size": 7, "hidden": 1000},
    "cross_entropy_mean": {"batch_size": 9, "vocab_size": 1500},
    "rope": {"num_heads": 3, "seq_len": 20},
    "rope_interleaved": {"seq_len": 10, "num_heads": 3},
    "swiglu": {"batch_size": 3, "dim": 1000},
    "geglu": {"batch_size": 3, "dim": 700},
    "gelu_tanh": {"batch_size": 3, "dim": 1000},
    "softplus": {"batch_size": 3, "dim": 1000},
    "cumsum": {"batch_size": 3, "length": 1025},
    "argmax": {"batch_size": 5, "dim": 1025},
    "logsumexp": {"batch_size": 5, "dim": 1025},
    "matmul": {"M": 33, "K": 100, "N": 47},
    "bias_gelu": {"batch_size": 3, "features": 1000},
    "group_norm": {"batch_size": 2, "height": 15, "width": 15},
    "instance_norm": {"batch_size": 2, "height": 15, "width": 17},
    "mean_dim": {"batch_size": 3, "dim1": 50, "dim2": 100},
    "max_dim": {"batch_size": 5, "dim": 1025},
    "batched_transpose": {"batch_size": 2, "rows": 50, "cols": 70},
    "embedding": {"batch_size": 3, "seq_len": 5, "embedding_dim": 100},
    "l2_normalize_fp16": {"batch_size": 3, "dim": 1000},
    "causal_softmax": {"batch_size": 1, "num_heads": 3, "seq_len": 50},
    "attention": {"batch_size": 1, "num_heads": 3, "seq_len": 50},
    "mse_loss": {"batch_size": 3, "dim": 1000},
    "cosine_similarity": {"batch_size": 3, "dim": 1000},
    "bias_relu_nchw": {"batch_size": 2, "channels": 3, "height": 15, "width": 17},
}

VALUE_KINDS = ("negative_values", "large_values", "small_values", "ties")


# ----------------------------------------------------------------------------------------------
# worker side: runs inside the subprocess
# ----------------------------------------------------------------------------------------------

def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, str(path))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _transform(inputs, kind, torch):
    out = []
    for t in inputs:
        if not (isinstance(t, torch.Tensor) and t.is_floating_point()):
            out.append(t)
        elif kind == "negative_values":
            out.append(-(t.abs() + 0.1))
        elif kind == "large_values":
            out.append(t * 1000.0)
        elif kind == "small_values":
            out.append(t * 1e-3)
        elif kind == "ties":
            out.append(t.round())
        else:
            out.append(t)
    return out


def _tolerance(dtype, torch):
    if dtype in (torch.float16, torch.bfloat16):
        return 1e-2, 1e-2
    return 1e-4, 1e-4


def _compare(out, ref, torch, kind=None):
    if not isinstance(out, torch.Tensor):
        return False, f"output is {type(out).__name__}, not a tensor"
    if out.shape != ref.shape:
        return False, f"shape {tuple(out.shape)} != {tuple(ref.shape)}"
    if out.dtype != ref.dtype:
        return False, f"dtype {out.dtype} != {ref.dtype}"
    out = out.detach().cpu()
    ref = ref.detach().cpu()
    if not ref.is_floating_point():
        ok = torch.equal(out, ref)
        return ok, "exact" if ok else f"{int((out != ref).sum())} of {ref.numel()} elements differ"
    atol, rtol = _tolerance(ref.dtype, torch)
    if kind == "large_values":
        # inputs were scaled x1000: rounding error grows with the output's magnitude, so the
        # absolute tolerance is taken relative to the largest finite reference value
        finite = ref.float()[torch.isfinite(ref.float())]
        if finite.numel():
            atol = atol * max(1.0, float(finite.abs().max()))
    ok = torch.allclose(out.float(), ref.float(), atol=atol, rtol=rtol, equal_nan=True)
    # also report whether a loose (KernelBench-style atol = rtol = 1e-2) check would see it
    ok_loose = torch.allclose(out.float(), ref.float(), atol=max(atol, 1e-2), rtol=1e-2, equal_nan=True)
    diff = (out.float() - ref.float()).abs()
    diff = torch.nan_to_num(diff, nan=float("inf"))
    finite_ref = torch.isfinite(ref.float())
    nan_out = int(torch.isnan(out.float())[finite_ref].sum())
    msg = f"max_abs_diff={float(diff.max()):.3g}" + (f" nan={nan_out}" if nan_out else "")
    if not ok and ok_loose:
        msg += " (within 1e-2)"
    return ok, msg


def worker(spec: dict) -> None:
    import torch

    device = spec["device"]
    problem = _load(Path(spec["reference"]), "blind_problem")
    cand = _load(Path(spec["candidate"]), "blind_candidate")
    defaults = {k: getattr(problem, k) for k in dir(problem)
                if not k.startswith("_") and isinstance(getattr(problem, k), int) and not isinstance(getattr(problem, k), bool)}
    keep_alive = []  # no output buffer is freed, so torch.empty cannot hand back a stale answer
    for case in spec["cases"]:
        for k, v in defaults.items():
            setattr(problem, k, v)
        for k, v in (case.get("shape") or {}).items():
            setattr(problem, k, v)
        result = {"case": case["label"]}
        try:
            for trial in range(case.get("trials", 1)):
                torch.manual_seed(case["seed"])
                inputs = problem.get_inputs()
                inputs = _transform(inputs, case.get("kind"), torch)
                init = problem.get_init_inputs()
                inputs = [t.to(device) if isinstance(t, torch.Tensor) else t for t in inputs]
                torch.manual_seed(case["seed"])
                new_model = cand.ModelNew(*init).to(device)
                # the candidate runs first: its freshly allocated outputs cannot reuse the reference's
                out = new_model(*[t.clone() if isinstance(t, torch.Tensor) else t for t in inputs])
                if device != "cpu":
                    torch.cuda.synchronize()
                keep_alive.append(out)
                torch.manual_seed(case["seed"])
                ref_model = problem.Model(*init).to(device)
                with torch.no_grad():
                    ref = ref_model(*inputs)
                keep_alive.append(ref)
                ok, msg = _compare(out, ref, torch, case.get("kind"))
                result.update(ok=ok, detail=msg if trial == 0 else f"trial {trial}: {msg}")
                if not ok:
                    break
        except Exception as exc:  # a crash of the candidate is a mismatch
            result.update(ok=False, detail=f"raised {type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}")
        print("CASE " + json.dumps(result), flush=True)


# ----------------------------------------------------------------------------------------------
# driver side
# ----------------------------------------------------------------------------------------------

def run_cases(candidate: Path, reference: Path, cases: list, backend: str, timeout: float) -> list:
    """Run the cases in one subprocess; a crash or timeout marks the case in progress as failed
    and the remaining cases are run in a fresh subprocess."""
    results = []
    todo = list(cases)
    while todo:
        spec = {"candidate": str(candidate), "reference": str(reference), "cases": todo,
                "device": "cuda" if backend == "cuda" else "cpu"}
        env = dict(os.environ)
        if backend == "triton":
            env["TRITON_INTERPRET"] = "1"
        else:
            env.pop("TRITON_INTERPRET", None)
        env.setdefault("OMP_NUM_THREADS", "1")
        t0 = time.time()
        try:
            proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(spec)],
                                  capture_output=True, text=True, timeout=timeout, env=env)
            stdout, rc, timed_out = proc.stdout, proc.returncode, False
            stderr = proc.stderr
        except subprocess.TimeoutExpired as exc:
            stdout = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
            stderr = exc.stderr.decode() if isinstance(exc.stderr, bytes) else (exc.stderr or "")
            rc, timed_out = None, True
        done = [json.loads(line[5:]) for line in stdout.splitlines() if line.startswith("CASE ")]
        results.extend(done)
        todo = todo[len(done):]
        if todo:
            if timed_out:
                why = f"timed out after {timeout:.0f}s"
            else:
                tail = stderr.strip().splitlines()[-1][:200] if stderr.strip() else ""
                why = f"process exited {rc} {tail}".strip()
            if rc == 0 and not timed_out:
                why = "process ended without reporting the case"
            results.append({"case": todo[0]["label"], "ok": False, "detail": why, "crash": True,
                            "seconds": round(time.time() - t0, 1)})
            todo = todo[1:]
    return results


def twin_cases(entry: dict, ref_name: str, trials: int) -> list:
    cases = [{"label": "default", "seed": 0}, {"label": "seed1", "seed": 1}, {"label": "seed2", "seed": 2}]
    if ref_name in ALT_SHAPES:
        cases.append({"label": "alt_shape", "seed": 0, "shape": ALT_SHAPES[ref_name]})
    if entry.get("shape"):
        cases.append({"label": "boundary_shape", "seed": 0, "shape": entry["shape"]})
    if entry["needs"] in VALUE_KINDS:
        cases.append({"label": entry["needs"], "seed": 0, "kind": entry["needs"]})
    for c in cases:
        c["trials"] = trials
    return cases


def nearmiss_cases(entry: dict, trials: int) -> list:
    cases = [{"label": "default", "seed": 0}]
    if entry["needs"] == "boundary_shape":
        cases.append({"label": "boundary_shape", "seed": 0, "shape": entry["shape"]})
    elif entry["needs"] in VALUE_KINDS:
        cases.append({"label": entry["needs"], "seed": 0, "kind": entry["needs"]})
    for c in cases:
        c["trials"] = trials
    return cases


def check_entry(entry: dict, args, cuda_ok: bool) -> dict:
    name = Path(entry["path"]).stem
    backend = entry["backend"]
    rec = {"name": name, "backend": backend, "fault_kind": entry["fault_kind"], "needs": entry["needs"],
           "path": entry["path"], "fixed": entry["fixed"], "reference": entry["reference"]}
    if backend == "cuda" and not cuda_ok:
        rec.update(status="skipped", reason="torch.cuda is not available")
        return rec
    ref_path = SET / entry["reference"]
    ref_name = ref_path.stem
    trials = args.cuda_trials if backend == "cuda" else 1
    t0 = time.time()
    fixed_res = run_cases(SET / entry["fixed"], ref_path, twin_cases(entry, ref_name, 1), backend, args.timeout)
    nm_res = run_cases(SET / entry["path"], ref_path, nearmiss_cases(entry, trials), backend, args.timeout)
    twin_ok = all(r["ok"] for r in fixed_res)
    nm_wrong = [r["case"] for r in nm_res if not r["ok"]]
    default_nm = next((r for r in nm_res if r["case"] == "default"), None)
    if entry["needs"] == "default":
        needs_ok = bool(default_nm and not default_nm["ok"])
    else:
        needs_case = next((r for r in nm_res if r["case"] == entry["needs"]), None)
        needs_ok = bool(default_nm and default_nm["ok"] and needs_case and not needs_case["ok"])
    rec.update(twin_ok=twin_ok, nearmiss_wrong=bool(nm_wrong), revealed_by=nm_wrong, needs_ok=needs_ok,
               twin_cases=fixed_res, nearmiss_cases=nm_res, seconds=round(time.time() - t0, 1))
    rec["only_tight_tolerance"] = bool(nm_wrong) and all("(within 1e-2)" in r["detail"] for r in nm_res if not r["ok"])
    rec["status"] = "proven" if (twin_ok and nm_wrong) else "FAILED"
    return rec


def _scalar(text: str):
    text = text.strip()
    if text.startswith("'") and text.endswith("'"):
        return text[1:-1].replace("''", "'")
    if text.startswith('"') and text.endswith('"'):
        return json.loads(text)
    try:
        return int(text)
    except ValueError:
        return text


def load_manifest(path: Path) -> list:
    """PyYAML when installed; otherwise a small reader for this manifest's own layout (a list of
    flat mappings, one nested `shape` mapping), e.g. on GPU images without PyYAML."""
    text = path.read_text()
    try:
        import yaml
        return yaml.safe_load(text)
    except ImportError:
        pass
    entries, cur, nested = [], None, None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("- "):
            cur, nested = {}, None
            entries.append(cur)
            line = "  " + line[2:]
        indent = len(line) - len(line.lstrip())
        key, _, val = line.strip().partition(":")
        if indent >= 4 and nested is not None:
            nested[key] = _scalar(val)
        elif val.strip():
            cur[key] = _scalar(val)
            nested = None
        else:
            nested = cur[key] = {}
    return entries


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--only", nargs="*", help="entry names (file stems) to check")
    ap.add_argument("--backend", choices=["triton", "cuda"], help="check only this backend")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per subprocess")
    ap.add_argument("--cuda-trials", type=int, default=5, help="repeats of each near-miss case on the GPU (races)")
    ap.add_argument("--jobs", type=int, default=1, help="entries checked in parallel (keep 1 on a shared CPU)")
    ap.add_argument("--set", default="nearmiss", help="the set's folder beside this script (default nearmiss)")
    ap.add_argument("--out", help="result file (default <set>/selfcheck.json)")
    args = ap.parse_args()
    if args.worker:
        worker(json.loads(args.worker))
        return 0
    global SET
    SET = HERE / args.set
    if (SET / "alt_shapes.json").exists():
        ALT_SHAPES.clear()  # the set's own problems: the built-in table is for nearmiss/
        ALT_SHAPES.update(json.loads((SET / "alt_shapes.json").read_text()))
    if not args.out:
        args.out = str(SET / "selfcheck.json")

    entries = load_manifest(SET / "manifest.yaml")
    if args.only:
        entries = [e for e in entries if Path(e["path"]).stem in set(args.only)]
    if args.backend:
        entries = [e for e in entries if e["backend"] == args.backend]
    try:
        import torch
        cuda_ok = torch.cuda.is_available()
    except Exception:
        cuda_ok = False
    if not cuda_ok and any(e["backend"] == "cuda" for e in entries):
        print("note: torch.cuda is not available here: the CUDA (load_inline) entries are SKIPPED")

    records = []
    print(f"{'entry':32} {'backend':7} {'fault_kind':26} {'needs':16} {'twin':5} {'nearmiss':9} revealed_by / note")
    with cf.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futs = [pool.submit(check_entry, e, args, cuda_ok) for e in entries]
        for fut in futs:
            rec = fut.result()
            records.append(rec)
            if rec["status"] == "skipped":
                print(f"{rec['name']:32} {rec['backend']:7} {rec['fault_kind']:26} {rec['needs']:16} {'-':5} {'-':9} skipped: {rec['reason']}")
                continue
            note = ",".join(rec["revealed_by"]) or "-"
            if not rec["twin_ok"]:
                bad = [f"{c['case']}: {c['detail']}" for c in rec["twin_cases"] if not c["ok"]]
                note += " | TWIN WRONG: " + "; ".join(bad)
            if rec["only_tight_tolerance"]:
                note += " (only below 1e-2 tolerance)"
            if not rec["needs_ok"]:
                note += " | needs label not the weakest revealing input"
            print(f"{rec['name']:32} {rec['backend']:7} {rec['fault_kind']:26} {rec['needs']:16} "
                  f"{'ok' if rec['twin_ok'] else 'FAIL':5} {'wrong' if rec['nearmiss_wrong'] else 'MATCHES':9} {note}",
                  flush=True)

    checked = [r for r in records if r["status"] != "skipped"]
    summary = {
        "entries": len(records),
        "checked": len(checked),
        "proven": sum(r["status"] == "proven" for r in records),
        "failed": sum(r["status"] == "FAILED" for r in records),
        "skipped": sum(r["status"] == "skipped" for r in records),
        "needs_label_mismatch": [r["name"] for r in checked if not r["needs_ok"]],
        "only_tight_tolerance": [r["name"] for r in checked if r.get("only_tight_tolerance")],
        "by_backend": {b: sum(r["backend"] == b for r in records) for b in sorted({r["backend"] for r in records})},
        "fault_kinds": len({r["fault_kind"] for r in records}),
        "references": len({r["reference"] for r in records}),
        "cuda_available": cuda_ok,
    }
    print()
    print(f"proven {summary['proven']}/{summary['checked']} checked "
          f"({summary['skipped']} skipped, {summary['failed']} failed); by backend {summary['by_backend']}; "
          f"{summary['fault_kinds']} fault kinds over {summary['references']} references")
    if summary["only_tight_tolerance"]:
        print("revealed only below a 1e-2 tolerance:", ", ".join(summary["only_tight_tolerance"]))
    if summary["needs_label_mismatch"]:
        print("needs label mismatches:", ", ".join(summary["needs_label_mismatch"]))
    out = Path(args.out)
    # merge with the records of a previous run for entries not checked this time (e.g. CUDA ones)
    if out.exists() and (args.only or args.backend):
        try:
            old = {r["name"]: r for r in json.loads(out.read_text()).get("records", [])}
        except Exception:
            old = {}
        for r in records:
            old[r["name"]] = r
        records_all = list(old.values())
    else:
        records_all = records
    all_summary = dict(summary)
    if records_all is not records:
        all_summary = {
            "entries": len(records_all),
            "proven": sum(r["status"] == "proven" for r in records_all),
            "failed": sum(r["status"] == "FAILED" for r in records_all),
            "skipped": sum(r["status"] == "skipped" for r in records_all),
            "needs_label_mismatch": [r["name"] for r in records_all if r["status"] != "skipped" and not r["needs_ok"]],
            "only_tight_tolerance": [r["name"] for r in records_all if r.get("only_tight_tolerance")],
            "by_backend": {b: sum(r["backend"] == b for r in records_all) for b in sorted({r["backend"] for r in records_all})},
            "fault_kinds": len({r["fault_kind"] for r in records_all}),
            "references": len({r["reference"] for r in records_all}),
        }
    out.write_text(json.dumps({"summary": all_summary, "last_run": summary, "records": records_all}, indent=1))
    print(f"wrote {out}")
    return 0 if summary["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
