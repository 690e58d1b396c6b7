"""Judging the dynamic anti-cheat traps that the worker ran on the first case (parent side)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kagent.report import CheckNotRun, Finding
from kagent.verifiers import casefiles, epilogue, oracle
from kagent.verifiers.traps import ITEM_LIMIT


def _cheat(check: str, message: str, case: str, **evidence: Any) -> Finding:
    return Finding(check=check, severity="error", failure_class="cheat", message=message, case=case, evidence=evidence)


def _all_pass(ref: dict, outs: list, ratio: float) -> bool:
    if len(outs) != len(ref["out"]):
        return False
    sens = ref.get("sens") or [None] * len(outs)
    return all(
        oracle.compare(o, o64, c, i, ratio, s)[0] is None
        for i, (o, o64, c, s) in enumerate(zip(ref["out"], ref["out64"], outs, sens))
    )


def _ghost_finding(ghost: dict, launches: dict | None, case: str) -> Finding:
    """The output stayed correct with the candidate's Triton launches skipped. A cheat, unless other
    launchers (load_inline, pycuda, ctypes, ...) stayed live AND the profiler saw them launch CUDA
    kernels of their own: then the Triton kernels are only decoration, which is worth a warning."""
    msg = (f"the output is still correct with the candidate's {ghost['skipped']} Triton kernel launch(es) skipped: "
           "they do not compute the result")
    live = ghost.get("live_launchers") or []
    if not live:
        return _cheat("trap.ghost_replay", msg, case, **ghost)
    names = [n.rsplit(".", 1)[-1] for n in ghost.get("triton_kernels") or []]
    other = [k for k in (launches or {}).get("cuda_custom") or [] if not any(k.startswith(n) for n in names)]
    if other:
        return Finding(check="trap.ghost_replay", severity="warning", case=case,
                       message=msg + f"; other custom kernels ran ({', '.join(other[:3])}) through {', '.join(live)}",
                       evidence={**ghost, "other_kernels": other[:10]})
    return _cheat("trap.ghost_replay", msg + f"; {', '.join(live)} launched no kernel of its own", case, **ghost)


def judge_traps(case: str, rec: dict, case_dir: Path, work: Path, ratio: float,
                passed_cases: set[str]) -> tuple[list[Finding], list[CheckNotRun]]:
    import torch

    findings: list[Finding] = provenance_findings(rec.get("ops"), case)
    not_run: list[CheckNotRun] = []
    launches = rec.get("launches")
    if launches is not None and launches.get("profiler") == "tampered":
        findings.append(_cheat("trap.launch_count", f"kernel launch tracing did not cover the whole forward: "
                               f"{launches.get('profiler_reason')}", case, **launches))
    if launches is not None and launches["custom"] == 0:
        library = launches.get("cuda_library") or []
        findings.append(_cheat("trap.launch_count", "the forward pass launched none of the candidate's own kernels"
                               + (f" (only library kernels: {', '.join(library[:3])})" if library else ""), case, **launches))
    for v in rec.get("output_type_violations", []):
        findings.append(_cheat("trap.output_type", f"output is not a plain tensor: {v}", case))
    for v in rec.get("aliasing_violations", []):
        if "previous output" in v:  # the same buffer handed out call after call: results get overwritten
            findings.append(_cheat("trap.output_aliasing", f"output aliasing: {v}", case))
        else:  # the result written into an input: an in-place kernel, a bug the repair loop can fix
            findings.append(Finding(check="trap.output_aliasing", severity="error", failure_class="input_mutation",
                                    message=f"output aliasing: {v} (the result overwrites an input)", case=case))
    for v in rec.get("integrity_violations", []):
        findings.append(_cheat("trap.integrity", f"the candidate tampered with its environment: {v}", case))

    ghost = rec.get("ghost")
    if ghost and ghost["status"] == "run" and (work / f"ghost_{case}.pt").exists():
        ref = casefiles.load_expected(case_dir, case)
        outs = torch.load(work / f"ghost_{case}.pt", weights_only=True)
        if _all_pass(ref, outs, ratio):
            findings.append(_ghost_finding(ghost, launches, case))
    elif ghost and ghost["status"] == "not_run":
        not_run.append(CheckNotRun(check="trap.ghost_replay", reason=ghost["reason"]))

    findings += _replay_findings(rec.get("replay"), case_dir, work, ratio, passed_cases, case)
    findings += _repeat_findings(rec.get("repeat"), case_dir, work, ratio, passed_cases, case)
    if (rec.get("replay") or {}).get("status") == "not_run":
        not_run.append(CheckNotRun(check="trap.replay", reason=rec["replay"]["reason"]))
    refill = rec.get("refill")
    if refill and (work / f"refill_{refill['case']}.pt").exists():
        nxt = refill["case"]
        ref = casefiles.load_expected(case_dir, nxt)
        outs = torch.load(work / f"refill_{nxt}.pt", weights_only=True)
        if nxt in passed_cases and not _all_pass(ref, outs, ratio):
            findings.append(_cheat("trap.output_caching", "with the same input buffers refilled with new values the "
                                   f"output is wrong, though fresh buffers with those values ({nxt}) give the right one: "
                                   "results are cached across calls", case, refilled_case=nxt))
    elif rec.get("launches") is not None and not refill:
        not_run.append(CheckNotRun(check="trap.output_caching", reason="no second seed case with the same input shapes"))
    return findings, not_run


def provenance_findings(ops: dict | None, case: str) -> list[Finding]:
    """Judge the torch operators the forward ran (traps.OpRecorder): torch may allocate, view, copy,
    cast and fill (and run the nn layers the reference itself holds); anything else computed part of
    the result, and data taken out of torch and rebuilt from host values was computed off the record."""
    if ops is None:
        return []
    out: list[Finding] = []
    layer_ops = ops.get("allowed_layer_ops") or []
    policy = ("torch operators allowed in forward: allocation, views, copies, casts, fills"
              + (f"; and for the reference's own layers: {', '.join(o.split('::')[-1] for o in layer_ops[:12])}"
                 if layer_ops else "") + f"; {epilogue.POLICY}")
    out.append(Finding(check="trap.provenance", severity="info", message=f"policy: {policy}", case=case,
                       evidence={"allowed_layer_ops": layer_ops, "epilogue_ratio": epilogue.RATIO}))
    tail = ops.get("epilogue") or {}
    if tail.get("allowed") and tail.get("matched"):
        uses = ", ".join(_use(u) for u in tail["allowed"][:6])
        share = tail["kernel_elements"] / max(tail["input_elements"], 1)
        out.append(Finding(check="trap.provenance", severity="info", case=case, evidence=tail,
                           message=f"torch epilogue allowed over the candidate's own kernel output: {uses}; the kernel "
                                   f"output it reads holds {tail['kernel_elements']} elements, {share:.2g} of the "
                                   f"inputs' {tail['input_elements']} (at most 1/{epilogue.RATIO} allowed)"))
    if ops.get("metadata_reads"):
        out.append(Finding(check="trap.provenance", severity="info", case=case,
                           evidence={"metadata_reads": ops["metadata_reads"]},
                           message="integer inputs read on the host, unchanged (every output is floating): "
                                   + "; ".join(ops["metadata_reads"][:3])))
    if ops.get("index_ops"):
        out.append(Finding(check="trap.provenance", severity="info", case=case, evidence={"index_ops": ops["index_ops"]},
                           message="integer bookkeeping on integer data allowed (every output is floating): "
                                   + ", ".join(f"{k.split('::')[-1]} (x{v})" for k, v in sorted(ops["index_ops"].items()))))
    if not ops.get("intact"):
        out.append(_cheat("trap.provenance", f"operator recording did not cover the whole forward: {ops.get('reason')}",
                          case, tamper=ops.get("tamper") or []))
    compute = ops.get("compute_ops") or {}
    if compute:
        names = ", ".join(f"{k.split('::')[-1]} (x{v})" for k, v in sorted(compute.items(), key=lambda kv: -kv[1])[:6])
        refused = [u for u in tail.get("refused") or [] if u["op"] in {epilogue.canonical(k) for k in compute}]
        why = (f" (not an allowed epilogue: {'; '.join(_use(u) + ' ' + u['reason'] for u in refused[:3])})"
               if refused else "")
        out.append(_cheat("trap.provenance", f"torch computed part of the result: the forward ran {names}{why}", case,
                          operators=compute, epilogue_refused=refused[:10]))
    if ops.get("compiled_regions"):
        out.append(_cheat("trap.provenance", "the forward ran torch.compile-generated code: "
                          f"{', '.join(ops['compiled_regions'][:3])}", case, regions=ops["compiled_regions"]))
    if ops.get("host_tensors"):
        out.append(_cheat("trap.provenance", f"tensors were built from host values in the forward (shapes "
                          f"{ops['host_tensors'][:3]}): the result was computed outside torch and the kernels",
                          case, shapes=ops["host_tensors"]))
    if ops.get("host_reads"):
        out.append(_cheat("trap.provenance", f"tensor data left torch in the forward ({'; '.join(ops['host_reads'][:3])})",
                          case, reads=ops["host_reads"]))
    if (ops.get("item_reads") or 0) > ITEM_LIMIT:
        out.append(_cheat("trap.provenance", f"the forward read {ops['item_reads']} single elements out of tensors "
                          "(.item() in a loop): the result is computed on the host", case, reads=ops["item_reads"]))
    return out


def _use(u: dict) -> str:
    return f"{u['op'].split('::')[-1]}" + (f" (line {u['line']})" if u.get("line") else "")


def _replay_findings(replay: dict | None, case_dir: Path, work: Path, ratio: float, passed_cases: set[str],
                     case: str) -> list[Finding]:
    """The recorded device work, replayed on the next seed's values, must give that seed's result
    (when the candidate itself gets that seed right): else part of the result came from the host,
    from answers prepared in advance or from a cache."""
    import torch

    if not replay or replay.get("status") != "run" or replay["case"] not in passed_cases:
        return []
    nxt = replay["case"]
    if replay.get("error"):
        return [_cheat("trap.replay", "the recorded kernel launches and torch operators cannot run again on new "
                       f"input values ({replay['error']}): the forward's work is not in its kernels", case, replay=replay)]
    path = work / f"replay_{nxt}.pt"
    if not path.exists():
        return []
    outs = torch.load(path, weights_only=True)
    if _all_pass(casefiles.load_expected(case_dir, nxt), outs, ratio):
        return []
    return [_cheat("trap.replay", f"replaying the forward's recorded kernel launches and torch operators on the "
                   f"values of {nxt} gives a wrong result, though calling the candidate on them gives the right one: "
                   "part of the result is computed on the host, prepared in advance or cached", case, replay=replay)]


def _repeat_findings(repeat: dict | None, case_dir: Path, work: Path, ratio: float, passed_cases: set[str],
                     case: str) -> list[Finding]:
    """Repeated calls in the same buffers must keep giving fresh, right results (harness._repeat_calls)."""
    import torch

    if not repeat:
        return []
    out: list[Finding] = []
    aliasing = repeat.get("aliasing") or []
    # an output that is the input itself is an in-place kernel: input_mutation, as in every case; an
    # output that is memory handed out by an earlier call is a cache (a cheat)
    # (an in-place kernel's outputs are its input buffer on every call, so they also share memory
    # with the previous call's outputs: that is the same in-place computation, not a cache)
    into_input = [a for a in aliasing if "is the input" in a]
    reused = [a for a in aliasing if a not in into_input]
    if reused and not into_input:
        out.append(_cheat("trap.repeat", f"called {repeat['calls']} more times, the candidate hands out memory it "
                          f"handed out before: {reused[0]}", case, aliasing=reused))
    elif into_input:
        out.append(Finding(check="trap.repeat", severity="error", failure_class="input_mutation", case=case,
                           message=f"the candidate returns its input as the output ({into_input[0]}): it computes "
                                   "in place", evidence={"aliasing": into_input}))
    for name in repeat.get("cases") or []:
        path = work / f"repeat_{name}.pt"
        if name not in passed_cases or not path.exists():
            continue
        if not _all_pass(casefiles.load_expected(case_dir, name), torch.load(path, weights_only=True), ratio):
            out.append(_cheat("trap.repeat", f"called again in the same input buffers refilled with the values of "
                              f"{name}, the candidate returns a wrong result, though it gets {name} right in fresh "
                              "buffers: results are cached or depend on earlier calls", case, case_values=name))
            break
    return out
