"""`kagent batch --executor ray`: the batch's jobs as Ray tasks (a cluster address, or a local one).

`ray` is an optional dependency (`pip install kagent[ray]`),
imported here only. The shared pool stays one file-locked ledger: a Ray actor pinned to the
driver's node owns it and every task reserves/charges through the actor, so the budget holds
across machines. Each task runs the same kagent.batch.worker.execute as a local worker; a task
that outlives its kernel's limit is cancelled with force (its worker process is killed), and a
crashed worker gives an `error` result. The limit counts from the moment the task tells the actor
it started, not from submission: starting a Ray worker process on a loaded machine can take
seconds that are not the kernel's (STARTUP_LIMIT_S bounds that wait). Tasks ask for one GPU each when the cluster has GPUs
(Ray sets CUDA_VISIBLE_DEVICES). Sources travel with the job, so workers on other machines do
not need the input files; repaired sources come back to the driver.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kagent.batch.executor import WORKER_CRASHED, failed_result, hard_limit_s
from kagent.batch.ledger import FilePool, Refusal
from kagent.batch.plan import BatchOptions, KernelResult
from kagent.batch.worker import Job, execute, read_result, write_json_atomic
from kagent.budget import Admission, LedgerSnapshot, Prices
from kagent.errors import InputError

log = logging.getLogger("kagent.batch.ray")

STARTUP_LIMIT_S = 120.0  # submission -> the task running; beyond it the task counts as lost


class RayPoolClient:
    """PoolClient over the pool actor (picklable: it travels into each task)."""

    def __init__(self, actor: Any) -> None:
        self.actor = actor

    def _call(self, method: str, *args: Any) -> Any:
        import ray

        return ray.get(getattr(self.actor, method).remote(*args))

    def try_reserve(self, kid: str, prompt_tokens: int, max_tokens: int, min_answer_tokens: int,
                    prices: Prices | None = None) -> Admission | Refusal:
        return self._call("try_reserve", kid, prompt_tokens, max_tokens, min_answer_tokens, prices)

    def mark_no_llm(self, kid: str) -> None:
        self._call("mark_no_llm", kid)

    def charge(self, kid: str, admission: Admission | None, prompt_tokens: int, completion_tokens: int,
               cost_usd: float | None) -> None:
        self._call("charge", kid, admission, prompt_tokens, completion_tokens, cost_usd)

    def release(self, kid: str, admission: Admission) -> None:
        self._call("release", kid, admission)

    def available(self, kid: str) -> int:
        return self._call("available", kid)

    def totals(self) -> LedgerSnapshot:
        return self._call("totals")

    def budgets(self) -> tuple[int, float | None]:
        return self._call("budgets")


class _PoolActor:
    """Owns the FilePool on the driver's machine (methods mirror PoolClient)."""

    def __init__(self, path: str) -> None:
        self.pool = FilePool(path)
        self.started: dict[str, float] = {}

    def mark_started(self, kid: str) -> None:
        self.started[kid] = time.monotonic()  # the actor shares the driver's node, hence its clock

    def started_at(self) -> dict[str, float]:
        return dict(self.started)

    def try_reserve(self, *a: Any) -> Any:
        return self.pool.try_reserve(*a)

    def charge(self, *a: Any) -> None:
        self.pool.charge(*a)

    def release(self, *a: Any) -> None:
        self.pool.release(*a)

    def available(self, kid: str) -> int:
        return self.pool.available(kid)

    def mark_no_llm(self, kid: str) -> None:
        self.pool.mark_no_llm(kid)

    def totals(self) -> LedgerSnapshot:
        return self.pool.totals()

    def budgets(self) -> tuple[int, float | None]:
        return self.pool.budgets()


def _run_task(job_json: str, client: RayPoolClient) -> tuple[str, str | None]:
    job = Job.model_validate_json(job_json)
    client._call("mark_started", job.kernel.id)
    result = execute(job, client)
    src = Path(result.repaired_path).read_text() if result.repaired_path and Path(result.repaired_path).is_file() else None
    return result.model_dump_json(), src


class RayExecutor:
    def __init__(self, options: BatchOptions, batch_dir: Path, pool: FilePool, on_event: Any = None,
                 poll_s: float = 0.2) -> None:
        self.options = options
        self.batch_dir = batch_dir
        self.pool = pool
        self.on_event = on_event
        self.poll_s = poll_s

    def _init(self) -> tuple[Any, bool]:
        try:
            import ray
        except ImportError as exc:
            raise InputError("--executor ray needs Ray: pip install 'kagent[ray]'") from exc
        started = False
        if not ray.is_initialized():
            if self.options.ray_address:
                ray.init(address=self.options.ray_address, log_to_driver=False)
            else:
                ray.init(num_cpus=max(1, self.options.jobs), include_dashboard=False, log_to_driver=False)
                started = True
        return ray, started

    def _job(self, job: Job) -> Job:
        k = job.kernel
        ref = Path(k.reference) if k.reference else None
        return job.model_copy(update={
            "candidate_source": Path(k.candidate).read_text() if Path(k.candidate).is_file() else None,
            "reference_source": ref.read_text() if ref and ref.is_file() else None,
        })

    def run(self, jobs: list[Job]) -> Iterator[KernelResult]:

        ray, started = self._init()
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        try:
            node = ray.get_runtime_context().get_node_id()
            actor = ray.remote(num_cpus=0)(_PoolActor).options(
                scheduling_strategy=NodeAffinitySchedulingStrategy(node_id=node, soft=False)
            ).remote(str(self.pool.path))
            client = RayPoolClient(actor)
            gpus = 1 if (self.options.device != "cpu" and ray.cluster_resources().get("GPU", 0) >= 1) else 0
            task = ray.remote(max_retries=0)(_run_task).options(num_cpus=1, num_gpus=gpus)
            queue = list(jobs)
            running: dict[Any, tuple[Job, float]] = {}
            n = 0
            while queue or running:
                while queue and len(running) < self.options.jobs:
                    n += 1
                    job = self._job(queue.pop(0)).model_copy(update={"worker": f"ray:{n}"})
                    job.kdir.mkdir(parents=True, exist_ok=True)
                    write_json_atomic(job.kdir / "job.json", job.model_dump_json(indent=2))  # starts, for resume
                    running[task.remote(job.model_dump_json(), client)] = (job, time.monotonic())
                    if self.on_event:
                        self.on_event("start", {"id": job.kernel.id, "worker": job.worker, "pid": None})
                ready, _ = ray.wait(list(running), num_returns=1, timeout=self.poll_s)
                for ref in ready:
                    job, t0 = running.pop(ref)
                    yield self._collect(ray, ref, job, time.monotonic() - t0)
                started_at = ray.get(actor.started_at.remote()) if running else {}
                now = time.monotonic()
                for ref, (job, t0) in list(running.items()):
                    began = started_at.get(job.kernel.id)
                    if began is None or began < t0:  # not running yet (or a stale mark of an earlier start)
                        late = now - t0 > STARTUP_LIMIT_S
                        why = f"the Ray task did not start within {STARTUP_LIMIT_S:.0f} s"
                    else:
                        late = now - began > hard_limit_s(job)
                        why = f"no result after {now - began:.0f} s"
                    if late:
                        ray.cancel(ref, force=True)
                        del running[ref]
                        yield read_result(self.batch_dir, job.kernel.id) or failed_result(
                            job, f"worker killed: {why} (Ray task cancelled)", now - t0)
        finally:
            if started:
                ray.shutdown()

    def _collect(self, ray: Any, ref: Any, job: Job, elapsed: float) -> KernelResult:

        try:
            result_json, source = ray.get(ref)
        except (ray.exceptions.RayTaskError, ray.exceptions.WorkerCrashedError, ray.exceptions.RayActorError,
                ray.exceptions.TaskCancelledError) as exc:
            return failed_result(job, f"ray worker crashed: {type(exc).__name__}: {str(exc).splitlines()[0][:300]}",
                                 elapsed, WORKER_CRASHED)
        result = KernelResult.model_validate_json(result_json)
        if result.repaired_path and source is not None and not Path(result.repaired_path).is_file():
            local = self.batch_dir / "repaired" / f"{job.kernel.id}.py"  # the task ran on another machine
            local.parent.mkdir(parents=True, exist_ok=True)
            local.write_text(source)
            result = result.model_copy(update={"repaired_path": str(local)})
        return result
