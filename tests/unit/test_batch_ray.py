"""`kagent batch --executor ray` on a REAL local Ray cluster (started by the test): statuses, a
crashing and a hung task, and the shared budget through the pool actor."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

import ray  # in the dev extra: a broken install fails here instead of skipping

from kagent.api import batch
from kagent.batch.plan import KernelSpec  # noqa: E402

HERE = Path(__file__).resolve().parent


@pytest.fixture
def cluster(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.syspath_prepend(str(HERE))
    tmp = tempfile.mkdtemp(prefix="kray", dir="/tmp")  # short: Ray's socket paths must fit AF_UNIX's 107 bytes
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _temp_dir=tmp)
    yield
    ray.shutdown()
    shutil.rmtree(tmp, ignore_errors=True)


def test_batch_on_a_local_ray_cluster(cluster, tmp_path):
    d = tmp_path / "k"
    d.mkdir()
    names = ["ok_a", "crash_b", "hang_c", "spend_d", "spend_e", "ok_f"]
    specs = []
    for n in names:
        (d / f"{n}.py").write_text("class ModelNew:\n    pass\n")
        # only the hung kernel gets a short limit: on a loaded 2-core CI machine the others may be slow
        specs.append(KernelSpec(candidate=str(d / f"{n}.py"), reference=str(d / f"{n}.py"),
                                timeout_s=3.0 if n.startswith("hang") else None))
    s = batch(specs, token_budget=2500, out=tmp_path / "out", jobs=2, executor="ray",
              runner="batch_runners:dispatch", kernel_timeout_s=120.0, kill_grace_s=0.5)
    by = {k.id: k for k in s.kernels}
    seen = {k.id: (k.status, k.reason) for k in s.kernels}
    assert s.complete and set(by) == set(names) and s.executor == "ray"
    assert by["ok_a"].status == by["ok_f"].status == "already_correct" and by["ok_a"].worker.startswith("ray:"), seen
    assert by["crash_b"].status == "error" and "crash" in by["crash_b"].reason.lower()
    assert by["hang_c"].status == "error" and "worker killed" in by["hang_c"].reason
    assert by["spend_d"].status == by["spend_e"].status == "unrepaired", seen
    assert 0 < s.tokens_spent <= 2500 and s.tokens_reserved == 0
    assert sum(k.tokens for k in s.kernels) == s.tokens_spent
