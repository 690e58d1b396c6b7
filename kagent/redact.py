"""Remove the parent's secret values from text that candidate code produced.

Layer 1: imports nothing of kagent's. A candidate cannot see kagent's environment from inside the
sandbox, but where no sandbox is available it may read it (`/proc/<ppid>/environ`, `~/.netrc`) and
raise with the values in its message. Every piece of worker output (stderr, tracebacks, exception
messages, evidence) passes through `redact` where it enters the parent, before it is stored in a
report, a run file, a checkpoint or a batch result, or sent to a model.

Secrets are the values of environment variables whose names look secret (*KEY*, *TOKEN*, *SECRET*,
*PASSWORD*, credentials, provider keys) and the passwords and accounts in ~/.netrc.
"""

from __future__ import annotations

import functools
import logging
import netrc
import os
import re
from collections.abc import Mapping
from typing import Any

log = logging.getLogger("kagent.redact")

SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH|COOKIE|SESSION|PRIVATE)", re.I)
# Names of provider credentials that do not match SECRET_NAME on their own.
PROVIDER_NAMES = frozenset({"AZURE_API_BASE", "HF_HUB_TOKEN", "GOOGLE_APPLICATION_CREDENTIALS", "DATABASE_URL"})
MIN_LENGTH = 6  # shorter values ("1", "true") are not secrets and would shred ordinary text


@functools.lru_cache(maxsize=4)
def _netrc_secrets(path: str, mtime: float) -> frozenset[str]:
    try:
        parsed = netrc.netrc(path)
    except (OSError, netrc.NetrcParseError) as exc:
        log.debug("netrc %s not read: %s", path, exc)
        return frozenset()
    out: set[str] = set()
    for login, account, password in parsed.hosts.values():
        out.update(v for v in (account, password) if v)
    return frozenset(out)


def secret_values(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Secret value -> the label it is replaced with (longest values first)."""
    env = os.environ if environ is None else environ
    found: dict[str, str] = {}
    for name, value in env.items():
        if (SECRET_NAME.search(name) or name in PROVIDER_NAMES) and len(value) >= MIN_LENGTH:
            found.setdefault(value, name)
    path = env.get("NETRC") or os.path.expanduser("~/.netrc")
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        mtime = None
    if mtime is not None:
        for value in _netrc_secrets(path, mtime):
            if len(value) >= MIN_LENGTH:
                found.setdefault(value, "netrc")
    return dict(sorted(found.items(), key=lambda kv: -len(kv[0])))


def redact(text: str, secrets: Mapping[str, str] | None = None) -> str:
    """`text` with every secret value replaced by `[redacted:<NAME>]`."""
    if not text:
        return text
    for value, name in (secret_values() if secrets is None else secrets).items():
        if value in text:
            text = text.replace(value, f"[redacted:{name}]")
    return text


def redact_obj(obj: Any, secrets: Mapping[str, str] | None = None) -> Any:
    """The same structure (dicts, lists, tuples of JSON-like values) with every string redacted."""
    secrets = secret_values() if secrets is None else secrets
    if not secrets:
        return obj
    if isinstance(obj, str):
        return redact(obj, secrets)
    if isinstance(obj, dict):
        return {redact_obj(k, secrets): redact_obj(v, secrets) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(redact_obj(v, secrets) for v in obj)
    return obj
