"""A 30-kernel mixed batch (hangs, segfaults, cheats, near-misses) whose coordinator is killed
with SIGKILL twice, at random points, then resumed: every kernel is reported once, none lost,
none duplicated, none left running.

Sized for CI (about a minute on two cores): the kernels run tests/unit/batch_runners.py:mixed,
where each does its kind's real thing cheaply, in real batch worker processes: cheats go through
the real static anti-cheat, segfaults and hangs happen in children in the verify workers' OS
sandbox (a hang also starts a spinner in a new session), one worker segfaults itself, one hang
outlives its kernel's time limit and is killed by the batch. test_batch_e2e.py runs the same
story through the real repair graph and verifier (slow).
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kagent.batch.plan import KernelSpec
from kagent.procs import descendants

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "tests" / "unit"
C = ROOT / "tests" / "corpus"
sys.path.insert(0, str(UNIT))
from batch_runners import SPIN_TAG_ENV  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from test_batch_e2e import CHEATS, CORRECT, NEARMISS  # noqa: E402

DEADLINE_S = 600  # each wait below; the whole test takes about a minute on an idle 2-core machine
GONE_S = 5.0  # a killed coordinator's workers poll for their parent every 0.5 s, then kill their trees

DRIVER = """\
import json, sys
from kagent.api import batch
s = batch(sys.argv[1], token_budget=0, out=sys.argv[2], jobs=2, runner="batch_runners:mixed",
          kernel_timeout_s=300.0, kill_grace_s=0.5, model="offline")
print(s.model_dump_json())
"""


def manifest(path: Path) -> dict[str, str]:
    """The 30 kernels, hangs and crashes spread through the batch (which starts them in this
    order); returns id -> kind."""
    plain: list[KernelSpec] = []
    for n in CORRECT:
        plain.append(KernelSpec(candidate=str(C / "correct" / f"{n}.py"), id=f"correct_{n}",
                                reference=str(C / "problems" / f"{n}.py")))
    for n, p in NEARMISS.items():
        plain.append(KernelSpec(candidate=str(C / "nearmiss" / f"{n}.py"), id=f"nearmiss_{n}",
                                reference=str(C / "problems" / f"{p}.py")))
    for n in list(CHEATS)[:4]:
        plain.append(KernelSpec(candidate=str(C / "cheats" / f"{n}.py"), id=f"cheat_{n}",
                                reference=str(C / "cheats" / "problems" / f"{CHEATS[n]}.py")))
    random.Random(7).shuffle(plain)
    soft = dict(candidate=str(UNIT / "verify_fixtures" / "hang.py"), reference=str(C / "problems" / "softmax.py"))
    special = [KernelSpec(**soft, id=i) for i in ("hangverify_0", "segv_0", "hangkilled_0", "hangverify_1",
                                                  "segvworker_0", "hangverify_2", "segv_1", "hangverify_3")]
    special[2] = special[2].model_copy(update={"timeout_s": 2.0})  # the batch kills its worker
    specs = plain
    for at, spec in zip((2, 6, 9, 13, 17, 20, 24, 27), special):
        specs.insert(at, spec)
    path.write_text("".join(s.model_dump_json() + "\n" for s in specs))
    assert len(specs) == 30
    return {s.id: s.id.split("_")[0] for s in specs}  # type: ignore[misc]


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _tagged(tag: str) -> list[int]:
    """Every process on the machine whose command line holds this test's spinner tag."""
    return [int(d.name) for d in Path("/proc").iterdir() if d.name.isdigit() and tag in _cmdline(int(d.name))
            and _alive(int(d.name))]


def _free(lock: Path) -> bool:
    with open(lock, "a+") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(fh, fcntl.LOCK_UN)
        return True


def assert_nothing_running(out: Path, tree: set[int], tag: str, why: str) -> None:
    """Within GONE_S: every process of `tree` gone, no spinner of this test anywhere, no worker lock held."""
    deadline = time.monotonic() + GONE_S
    while True:
        left = [p for p in tree if _alive(p)] + _tagged(tag)
        held = [lk.parent.name for lk in out.glob("kernels/*/worker.lock") if not _free(lk)]
        if not left and not held:
            return
        if time.monotonic() > deadline:
            desc = {p: _cmdline(p)[:160] for p in left}
            for p in left:  # leave no spinner on the machine, even failing
                try:
                    os.kill(p, signal.SIGKILL)
                except ProcessLookupError:
                    continue
            pytest.fail(f"{why}: still running {GONE_S} s on: {desc}; worker locks held: {held}")
        time.sleep(0.1)


@pytest.mark.timeout(3 * DEADLINE_S + 120)
def test_thirty_mixed_kernels_killed_twice_at_random_points(tmp_path):
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    note = f"(kill points from seed {seed})"
    m = tmp_path / "m.jsonl"
    kinds = manifest(m)
    out = tmp_path / "out"
    tag = f"kagent-kill-twice-{os.getpid()}-{seed}"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(UNIT), os.environ.get("PYTHONPATH", "")]),
               **{SPIN_TAG_ENV: tag})

    def start() -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-c", DRIVER, str(m), str(out)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)

    def results() -> dict[str, str]:
        return {r.parent.name: r.read_text() for r in out.glob("kernels/*/result.json")}

    def in_flight() -> list[str]:  # started (the executor wrote its job), no result yet
        done = results()
        return [d.parent.name for d in out.glob("kernels/*/job.json") if d.parent.name not in done]

    kept: dict[str, str] = {}  # results written before a kill: never redone
    caught: set[str] = set()  # kernels started and unfinished when a kill came (they start again)
    kills = 0
    p = start()
    try:
        for hi in (6, 5):
            # a random point: after a random number of results, while a hang's spinner runs (so
            # there is something to be left behind: a hang's sandboxed child lives 8 s unless killed)
            target = len(results()) + rng.randint(1, hi)
            deadline = time.monotonic() + DEADLINE_S
            while len(results()) < target or not _tagged(tag):
                assert p.poll() is None, f"{note} the batch ended before its kill: {p.stderr.read()[-3000:]}"
                assert time.monotonic() < deadline, f"{note} no kill point within {DEADLINE_S} s"
                time.sleep(0.05)
            time.sleep(rng.uniform(0, 1))
            tree = set(descendants(p.pid))
            p.send_signal(signal.SIGKILL)  # no goodbye
            p.wait(timeout=30)
            kills += 1
            assert_nothing_running(out, tree, tag, f"{note} after kill {kills}")
            done = results()  # nothing writes any more: the coordinator and its workers are gone
            caught |= set(in_flight())
            kept.update({k: v for k, v in done.items() if json.loads(v)["failure_class"] != "worker_crashed"})
            p = start()
        stdout, stderr = p.communicate(timeout=DEADLINE_S)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait(timeout=30)
    assert p.returncode == 0, f"{note} {stderr[-3000:]}"
    assert_nothing_running(out, set(), tag, f"{note} after the batch ended")
    s = json.loads(stdout.strip().splitlines()[-1])

    # every kernel reported once: none lost, none duplicated
    ids = [k["id"] for k in s["kernels"]]
    assert s["complete"] and sorted(ids) == sorted(kinds), note
    rows = (out / "summary.csv").read_text().splitlines()[1:]
    assert len(rows) == 30 and {r.split(",")[0] for r in rows} == set(kinds), note
    by = {k["id"]: k for k in s["kernels"]}
    want = {"correct": "already_correct", "nearmiss": "repaired", "cheat": "cheat", "segv": "unrepaired",
            "hangverify": "unrepaired", "segvworker": "error", "hangkilled": "error"}
    for kid, kind in kinds.items():
        assert by[kid]["status"] == want[kind], (note, by[kid])
    assert all(by[k]["failure_class"] == "timeout" for k in kinds if kinds[k] == "hangverify"), note
    assert all(by[k]["failure_class"] == "crash" and "SIGSEGV" in by[k]["reason"] for k in kinds if kinds[k] == "segv")
    assert "worker killed" in by["hangkilled_0"]["reason"], (note, by["hangkilled_0"])
    assert "SIGSEGV" in by["segvworker_0"]["reason"], (note, by["segvworker_0"])

    # nothing repeated: a result written before a kill is the final one; a kernel caught running by
    # a kill ran again (once per kill that caught it); a crashed worker is retried (crash_retries)
    assert {k: (out / "kernels" / k / "result.json").read_text() for k in kept} == kept, note
    for kid, k in by.items():
        ran = len(list((out / "kernels" / kid).glob("start*")))  # a start killed before its runner ran left none
        assert 1 <= ran <= k["starts"] <= 1 + kills + k["retries"], (note, k)
        if kid in kept:
            assert k["starts"] == 1 or kid in caught, (note, k)
    assert all(by[k]["starts"] >= 2 for k in caught if kinds[k] != "segvworker"), (note, caught)
    assert caught, note  # each kill came with a kernel in flight
