"""The batch's results as files: summary.json, summary.csv and report.html.

The HTML page is one self-contained file (inline CSS and SVG, no script, no external
resource): totals of the batch as a whole (every invocation: wall time summed, resumes counted)
and the allocation policy, a chart of outcomes by failure class (stacked bars), a chart of token
spend per kernel, the per-kernel table (status, reason, tokens, attempts, and links, relative to
the batch directory, to each kernel's input, repaired file, diff and run directory) sized to fit a
1400-px window, the GPUs (kernels, busy time / wall time, failures and retirements, and a timeline
of every worker on each GPU) when the batch pinned workers to GPUs, and the history of invocations.
"""

from __future__ import annotations

import csv
import html
import io
import os
import urllib.parse
from pathlib import Path

from kagent.batch.plan import BatchSummary, GpuUsage, KernelResult
from kagent.batch.worker import write_json_atomic

CSV_FIELDS = ["id", "input", "reference", "status", "reason", "tokens", "granted", "in_flight_tokens", "attempts",
              "failure_class", "triage", "guard", "cost", "seconds", "repaired_path", "diff_path", "run_dir", "starts",
              "retries", "worker", "gpu"]

COLOURS = {
    "repaired": "#2e7d32",
    "already_correct": "#81c784",
    "cheat": "#8e24aa",
    "unrepaired": "#ef6c00",
    "error": "#c62828",
}


def write_reports(summary: BatchSummary, batch_dir: str | Path) -> dict[str, Path]:
    d = Path(batch_dir)
    paths = {"json": d / "summary.json", "csv": d / "summary.csv", "html": d / "report.html"}
    write_json_atomic(paths["json"], summary.model_dump_json(indent=2))
    write_json_atomic(paths["csv"], to_csv(summary))
    write_json_atomic(paths["html"], to_html(summary))
    return paths


def to_csv(summary: BatchSummary) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, extrasaction="ignore")
    w.writeheader()
    for k in summary.kernels:
        w.writerow(k.model_dump(mode="json"))
    return buf.getvalue()


def _e(x: object) -> str:
    return html.escape(str(x), quote=True)


def _short(path: str | None, keep: int = 60) -> str:
    if not path:
        return ""
    return path if len(path) <= keep else "…" + path[-(keep - 1):]


def outcome_chart(kernels: list[KernelResult]) -> str:
    """Stacked horizontal bars: one per failure class of the original candidate, split by status."""
    classes = sorted({k.failure_class or "unknown" for k in kernels})
    if not classes:
        return '<p class="empty">no kernels finished yet</p>'
    rows = {c: {s: 0 for s in COLOURS} for c in classes}
    for k in kernels:
        rows[k.failure_class or "unknown"][k.status] += 1
    most = max(sum(r.values()) for r in rows.values()) or 1
    label_w, bar_w, row_h = 190, 420, 24
    h = row_h * len(classes) + 50
    parts = [f'<svg id="chart-outcomes" role="img" aria-label="outcome by failure class" xmlns="http://www.w3.org/2000/svg" '
             f'width="{max(label_w + bar_w + 60, label_w + 128 * len(COLOURS))}" height="{h}" viewBox="0 0 {max(label_w + bar_w + 60, label_w + 128 * len(COLOURS))} {h}">']
    for i, c in enumerate(classes):
        y = 10 + i * row_h
        parts.append(f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end" class="lbl">{_e(c)}</text>')
        x = float(label_w)
        for s, colour in COLOURS.items():
            n = rows[c][s]
            if not n:
                continue
            w = bar_w * n / most
            parts.append(f'<rect class="bar" data-class="{_e(c)}" data-status="{s}" data-count="{n}" x="{x:.1f}" '
                         f'y="{y + 3}" width="{w:.1f}" height="{row_h - 8}" fill="{colour}"><title>{_e(c)}: {n} {s}</title></rect>')
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + 15}" class="num">{sum(rows[c].values())}</text>')
    ly = 10 + len(classes) * row_h + 14
    lx = label_w
    for s, colour in COLOURS.items():
        parts.append(f'<rect x="{lx}" y="{ly - 9}" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{lx + 14}" y="{ly}" class="lbl">{s}</text>')
        lx += 128
    parts.append("</svg>")
    return "".join(parts)


def spend_chart(kernels: list[KernelResult], budget: int) -> str:
    """Vertical bars: tokens charged per kernel (granted shown as an outline)."""
    if not kernels:
        return '<p class="empty">no kernels finished yet</p>'
    top = max([k.tokens for k in kernels] + [k.granted for k in kernels] + [1])
    bw, gap, plot_h, pad_l, pad_b = 16, 6, 180, 60, 110
    w = pad_l + len(kernels) * (bw + gap) + 20
    h = plot_h + pad_b + 20
    parts = [f'<svg id="chart-spend" role="img" aria-label="token spend per kernel" xmlns="http://www.w3.org/2000/svg" '
             f'width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<line x1="{pad_l}" y1="10" x2="{pad_l}" y2="{plot_h + 10}" stroke="#999"/>',
             f'<line x1="{pad_l}" y1="{plot_h + 10}" x2="{w - 10}" y2="{plot_h + 10}" stroke="#999"/>',
             f'<text x="{pad_l - 6}" y="16" text-anchor="end" class="num">{top}</text>',
             f'<text x="{pad_l - 6}" y="{plot_h + 10}" text-anchor="end" class="num">0</text>']
    for i, k in enumerate(kernels):
        x = pad_l + 8 + i * (bw + gap)
        if k.granted:
            gh = plot_h * k.granted / top
            parts.append(f'<rect x="{x}" y="{plot_h + 10 - gh:.1f}" width="{bw}" height="{gh:.1f}" fill="none" '
                         f'stroke="#90a4ae" stroke-dasharray="3,2"/>')
        th = plot_h * k.tokens / top
        parts.append(f'<rect class="spend" data-kernel="{_e(k.id)}" data-tokens="{k.tokens}" x="{x}" '
                     f'y="{plot_h + 10 - th:.1f}" width="{bw}" height="{th:.1f}" fill="{COLOURS[k.status]}">'
                     f'<title>{_e(k.id)}: {k.tokens} tokens ({k.status}), granted {k.granted}</title></rect>')
        parts.append(f'<text transform="translate({x + bw / 2 + 4},{plot_h + 16}) rotate(60)" class="tick">'
                     f'{_e(k.id[:18])}</text>')
    parts.append("</svg>")
    return "".join(parts)


# The kernel table has fixed column widths and fits a 1400-px window (body margins included):
# the reason column takes what is left, long ids and paths wrap inside their cells.
PAGE_WIDTH = 1400
BODY_MARGIN = 24
COLUMNS = [("kernel", 190), ("status", 118), ("failure class", 130), ("reason", None), ("tokens", 70),
           ("granted", 70), ("attempts", 66), ("starts", 54), ("seconds", 70), ("files", 190)]
REASON_MIN = PAGE_WIDTH - 2 * BODY_MARGIN - 20 - sum(w for _, w in COLUMNS if w)  # 20: a scroll bar

CSS = f"""
body{{font:14px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:{BODY_MARGIN}px;color:#222}}
h1{{font-size:22px;margin:0 0 4px}} h2{{font-size:17px;margin:28px 0 8px}}
.totals{{display:flex;gap:14px;flex-wrap:wrap;margin:14px 0}}
.card{{border:1px solid #ddd;border-radius:6px;padding:8px 14px;min-width:110px}}
.card b{{display:block;font-size:20px}}
table{{border-collapse:collapse;width:100%;max-width:{PAGE_WIDTH - 2 * BODY_MARGIN - 20}px;font-size:13px;table-layout:fixed}}
th,td{{border-bottom:1px solid #e4e4e4;padding:4px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}}
th{{background:#f5f5f5;position:sticky;top:0}} td.num{{text-align:right;font-variant-numeric:tabular-nums}}
.status{{font-weight:600;padding:1px 6px;border-radius:4px;color:#fff;white-space:nowrap;font-size:12px}}
.path{{font-family:ui-monospace,monospace;font-size:12px;overflow-wrap:anywhere}}
td.files a{{margin-right:8px}}
svg text.lbl{{font-size:12px;fill:#333}} svg text.num{{font-size:11px;fill:#555}} svg text.tick{{font-size:10px;fill:#555}}
.meter{{height:12px;background:#eee;border-radius:6px;overflow:hidden;width:320px}}
.meter span{{display:block;height:100%;background:#1565c0}}
ul.policy li{{margin:2px 0}} .empty{{color:#888}} .chart{{overflow-x:auto;max-width:{PAGE_WIDTH - 2 * BODY_MARGIN - 20}px}}
"""


def _href(path: str | None, base: Path) -> str | None:
    """A link to `path` relative to the report's folder (so the batch directory can be moved)."""
    if not path:
        return None
    try:
        rel = os.path.relpath(path, base)
    except ValueError:  # another drive
        rel = path
    return urllib.parse.quote(Path(rel).as_posix())


def _links(k: KernelResult, base: Path) -> str:
    out = []
    for label, path, title in (("input", k.input, k.input), ("repaired", k.repaired_path, k.repaired_path),
                               ("diff", k.diff_path, k.diff_path), ("run", k.run_dir, k.run_dir)):
        href = _href(path, base)
        if href:
            out.append(f'<a class="{label}" href="{_e(href)}" title="{_e(title)}">{label}</a>')
    return "".join(out)


def _lanes(spans: list[tuple[float, float, KernelResult]]) -> list[tuple[int, float, float, KernelResult]]:
    """Each span on the first lane free at its start (overlapping workers on one GPU stack)."""
    ends: list[float] = []
    out = []
    for a, b, k in sorted(spans, key=lambda x: x[0]):
        lane = next((i for i, e in enumerate(ends) if e <= a), len(ends))
        if lane == len(ends):
            ends.append(b)
        else:
            ends[lane] = b
        out.append((lane, a, b, k))
    return out


def gpu_timeline(kernels: list[KernelResult], gpus: list[GpuUsage]) -> str:
    """One row per GPU, one bar per kernel's worker (coloured by status), time left to right."""
    timed = [k for k in kernels if k.gpu is not None and k.started_at is not None and k.ended_at is not None]
    if not timed:
        return '<p class="empty">no timed worker</p>'
    t0 = min(k.started_at for k in timed)  # type: ignore[type-var]
    span = max(max(k.ended_at for k in timed) - t0, 1e-6)  # type: ignore[operator, type-var]
    left, width, lane_h = 70, 900, 9
    rows, y = [], 4
    for g in gpus:
        placed = _lanes([(k.started_at - t0, k.ended_at - t0, k) for k in timed if k.gpu == g.gpu])  # type: ignore[operator]
        h = max(1, 1 + max((p[0] for p in placed), default=0)) * lane_h + 6
        rows.append(f'<text class="lbl" x="4" y="{y + h / 2 + 4:.0f}">GPU {_e(g.gpu)}</text>'
                    f'<rect x="{left}" y="{y}" width="{width}" height="{h - 2}" fill="#f4f4f4"/>')
        for lane, a, b, k in placed:
            x, w = left + a / span * width, max(1.0, (b - a) / span * width)
            rows.append(f'<rect class="run" data-kernel="{_e(k.id)}" x="{x:.1f}" y="{y + 3 + lane * lane_h}" '
                        f'width="{w:.1f}" height="{lane_h - 2}" fill="{COLOURS[k.status]}">'
                        f"<title>{_e(k.id)}: {_e(k.status)}, {b - a:.1f} s</title></rect>")
        y += h
    rows.append(f'<text class="tick" x="{left}" y="{y + 12}">0 s</text>'
                f'<text class="tick" x="{left + width}" y="{y + 12}" text-anchor="end">{span:.1f} s</text>')
    return (f'<svg id="chart-gpus" role="img" aria-label="workers on each GPU over time" '
            f'xmlns="http://www.w3.org/2000/svg" width="{left + width + 10}" height="{y + 18}">{"".join(rows)}</svg>')


def _gpus(s: BatchSummary) -> str:
    if not s.gpus:
        return ""
    rows = "".join(
        f'<tr data-gpu="{_e(g.gpu)}"><td>{_e(g.gpu)}</td><td class="num">{g.kernels}</td>'
        f'<td class="num">{g.busy_s:.1f}</td><td class="num">{g.utilisation:.0%}</td>'
        f'<td class="num">{g.failures}</td><td class="num">{g.kernel_faults}</td>'
        f'<td>{"<b>retired</b>: " + _e(g.retired_reason or "") if g.retired else "in rotation"}</td></tr>'
        for g in s.gpus)
    return ('<h2>GPUs</h2><table id="gpus"><colgroup><col style="width:110px"><col style="width:80px">'
            '<col style="width:90px"><col style="width:120px"><col style="width:80px"><col style="width:110px"><col>'
            "</colgroup><thead><tr><th>GPU</th><th>kernels</th><th>busy s</th><th>busy / wall</th><th>failures</th>"
            f"<th>kernel faults</th><th>state</th></tr></thead><tbody>{rows}</tbody></table>"
            f'<div class="chart">{gpu_timeline(s.kernels, s.gpus)}</div>')


def _history(s: BatchSummary) -> str:
    if not s.invocations:
        return ""
    rows = "".join(
        f"<tr><td>{i.n}</td><td>{_e(i.started_at)}</td><td>{_e(i.ended_at or '')}</td><td>{_e(i.outcome)}</td>"
        f'<td class="num">{i.seconds:.1f}</td><td class="num">{i.todo}</td><td class="num">{len(i.finished)}</td>'
        f"<td>{_e(', '.join(i.retried))}</td></tr>" for i in s.invocations)
    return (f'<h2>Invocations ({len(s.invocations)}: {s.resumes} resume{"" if s.resumes == 1 else "s"})</h2>'
            '<table id="invocations"><colgroup><col style="width:40px"><col style="width:240px"><col style="width:240px">'
            '<col style="width:110px"><col style="width:90px"><col style="width:70px"><col style="width:80px"><col>'
            "</colgroup><thead><tr><th>#</th><th>started</th><th>ended</th><th>outcome</th><th>seconds</th><th>to do</th>"
            f"<th>finished</th><th>retried after a worker crash</th></tr></thead><tbody>{rows}</tbody></table>")


def to_html(summary: BatchSummary) -> str:
    s = summary
    base = Path(s.batch_dir)
    used = s.tokens_spent / s.token_budget if s.token_budget else 0.0
    cards = [("kernels", len(s.kernels) + s.counts.get("pending", 0))] + [(k, v) for k, v in s.counts.items()]
    runs = max(1, len(s.invocations))
    cards += [("tokens spent", f"{s.tokens_spent} / {s.token_budget}"), ("LLM calls", s.llm_calls),
              ("cost", f"${s.cost_spent:.4f}" + ("" if s.cost_known else " (partly unpriced)")),
              ("wall time", f"{s.seconds:.1f} s" + (f" over {runs} runs" if runs > 1 else "")),
              ("resumes", s.resumes)]
    rows = []
    for k in s.kernels:
        colour = COLOURS[k.status]
        retried = f" ({k.retries} after a crash)" if k.retries else ""
        rows.append(
            f'<tr data-kernel="{_e(k.id)}" data-status="{k.status}"><td class="path" title="{_e(k.input)}">{_e(k.id)}</td>'
            f'<td><span class="status" style="background:{colour}">{_e(k.status)}</span></td>'
            f'<td>{_e(k.failure_class or "")}</td><td class="reason">{_e(k.reason)}</td>'
            f'<td class="num">{k.tokens}</td><td class="num">{k.granted}</td><td class="num">{k.attempts}</td>'
            f'<td class="num" title="{k.starts} starts{retried}">{k.starts}{"*" if k.retries else ""}</td>'
            f'<td class="num">{k.seconds:.1f}</td><td class="files">{_links(k, base)}</td></tr>')
    cols = "".join(f'<col style="width:{w}px">' if w else "<col>" for _, w in COLUMNS)
    heads = "".join(f"<th>{_e(name)}</th>" for name, _ in COLUMNS)
    policy = "".join(f"<li>{_e(r)}</li>" for r in s.policy.rules)
    grants = ", ".join(str(g) for g in s.policy.first_grants[:40]) or "none (no kernel needed the LLM)"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>kagent batch report</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{CSS}</style></head>
<body>
<h1>kagent batch report</h1>
<div class="path">{_e(s.batch_dir)} · executor {_e(s.executor)} × {s.jobs} · model {_e(s.model)} ·
{"complete" if s.complete else "<b>incomplete</b> (rerun the same command to resume)"}</div>
<div class="totals" id="totals">{"".join(f'<div class="card"><span>{_e(a)}</span><b>{_e(b)}</b></div>' for a, b in cards)}</div>
<div>token budget used: {used:.1%}</div><div class="meter" id="budget-meter"><span style="width:{min(100.0, used * 100):.1f}%"></span></div>
<h2>Allocation policy: {_e(s.policy.name)}</h2>
<ul class="policy">{policy}</ul>
<div>floor per kernel that may still call {s.policy.floor_tokens}; first grants: {_e(grants)};
calls beyond a grant {s.policy.top_ups}; refused calls {s.policy.refusals};
tokens returned to the pool {s.policy.returned_tokens}; charged for calls in flight when a worker was killed
{s.policy.in_flight_tokens}</div>
<h2>Outcome by failure class</h2>
<div class="chart">{outcome_chart(s.kernels)}</div>
<h2>Token spend per kernel</h2>
<div class="chart">{spend_chart(s.kernels, s.token_budget)}</div>
<h2>Kernels</h2>
<table id="kernels"><colgroup>{cols}</colgroup><thead><tr>{heads}</tr></thead>
<tbody>{"".join(rows)}</tbody></table>
{_gpus(s)}
{_history(s)}
</body></html>
"""
