"""A job's own namespaces, set up in a process forked from a fork server (tools/forkserver.py).

The fork server already runs inside the OS sandbox (bubblewrap: read-only filesystem, no network,
its own PID namespace) and never runs candidate code itself. Each job it forks must not reach the
server (which forks the next job), other jobs, or what the job's spec hides. Before any candidate
code runs, the forked process:

1. enters a new user, mount, PID, IPC and UTS namespace (`unshare`);
2. covers the server's writable places (/tmp, the jobs' root, the server's scratch folder) with
   fresh tmpfs mounts and binds back only its own job folder (writable), its private HOME and the
   decoy .netrc; hides the spec's paths (an empty read-only tmpfs for a folder, an empty file for a
   file) and shows back read-only what must stay readable inside them (Python's own paths, the
   spec's read-only paths): every source is opened before anything is covered;
3. forks the job's process, PID 1 of the new PID namespace (everything it starts dies with it),
   which locks the securebits (uid 0 gains nothing from exec) and drops every capability: the
   mounts above cannot be undone from the job, and in any namespace it creates they are locked.

/proc keeps the server's view (a new procfs cannot be mounted under bubblewrap's masked /proc):
the job sees the server's process numbers but cannot signal them (another PID namespace) nor read
their memory, environment or files (the server and its children are not dumpable, and the job has
no capability in the server's user namespace).
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
from dataclasses import dataclass, field

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID = 0x10000000, 0x20000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MS_NOATIME, MS_NODIRATIME, MS_RELATIME = 1024, 2048, 1 << 21
_ST_TO_MS = {1: MS_RDONLY, 2: MS_NOSUID, 4: MS_NODEV, 8: MS_NOEXEC, 1024: MS_NOATIME, 2048: MS_NODIRATIME,
             4096: MS_RELATIME}
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_CAPBSET_DROP, PR_SET_SECUREBITS, PR_SET_NO_NEW_PRIVS = 1, 4, 24, 28, 38
# noroot + no_setuid_fixup + keep_caps off + no_cap_ambient_raise, each locked
_SECUREBITS = 0x01 | 0x02 | 0x04 | 0x08 | 0x20 | 0x40 | 0x80
_CAP_LAST = 63  # PR_CAPBSET_DROP of an unknown capability fails with EINVAL: ignored

_libc = ctypes.CDLL(None, use_errno=True)
_libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_void_p]
_libc.umount2.argtypes = [ctypes.c_char_p, ctypes.c_int]
_libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]


class JobSetupError(OSError):
    pass


@dataclass
class JobView:
    """What one forked job may see: all paths absolute, as the parent (and the server) see them."""

    job_dir: str                                     # its own folder: the only writable place besides /tmp
    cover: list[str]                                 # writable places of the server, covered by tmpfs
    home: str | None = None                          # HOME, bound to job_dir/.home
    decoy: str | None = None                         # shown as HOME/.netrc (tools/sandbox._decoy_netrc)
    hide: list[str] = field(default_factory=list)    # the spec's hidden files and folders
    show: list[str] = field(default_factory=list)    # read-only inside a hidden or covered path
    writable: list[str] = field(default_factory=list)  # writable inside a covered path (e.g. a lock folder)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise JobSetupError(err, f"{what}: {os.strerror(err)}")


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    _check(_libc.mount(source.encode() if source else None, target.encode(), fstype.encode() if fstype else None,
                       flags, data.encode() if data else None), f"mount {source or fstype} on {target}")


def _locked_flags(path: str) -> int:
    """The mount flags a remount must keep (a user namespace may not clear nosuid, nodev, atime...)."""
    st = os.statvfs(path).f_flag
    return sum(ms for bit, ms in _ST_TO_MS.items() if st & bit and ms != MS_RDONLY)


def _bind(fd: int, target: str, read_only: bool) -> None:
    _mount(f"/proc/self/fd/{fd}", target, None, MS_BIND | MS_REC)
    if read_only:
        _mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | _locked_flags(target))


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _mount_point(path: str, is_dir: bool) -> None:
    """A place to mount on, made in a fresh tmpfs (the path's parents may be gone after covering)."""
    if is_dir:
        os.makedirs(path, exist_ok=True)
    elif not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o400))


def enter(view: JobView, uid: int, gid: int) -> None:
    """Steps 1 and 2 (see the module's doc), in the forked process, before it forks the job."""
    _check(_libc.unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS), "unshare")
    with open("/proc/self/setgroups", "w") as f:
        f.write("deny")
    with open("/proc/self/uid_map", "w") as f:
        f.write(f"{uid} {uid} 1")
    with open("/proc/self/gid_map", "w") as f:
        f.write(f"{gid} {gid} 1")
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    real = os.path.realpath
    covers = {real(p) for p in view.cover if os.path.isdir(p)}
    covers = {c for c in covers if not any(_inside(c, o) and c != o for o in covers)}
    hides = {real(p): os.path.isdir(p) for p in view.hide
             if os.path.exists(p) and real(p).rstrip("/").count("/") >= 2}
    # HOME is replaced by the job's own: what Python needs from the real one (pyenv) comes back
    masked = [*covers, *hides, *([real(view.home)] if view.home else [])]
    # (path, op, fd, is_dir): op 0 tmpfs, 1 empty file, 2 read-only bind, 3 writable bind; applied
    # shallowest first, like bubblewrap; every source opened before anything is covered
    ops: list[tuple[str, int, int | None, bool]] = [(c, 0, None, True) for c in covers]
    ops += [(h, 0 if is_dir else 1, None, is_dir) for h, is_dir in hides.items()]

    def back(path: str, op: int) -> None:
        path = real(path)  # strictly inside a covered or hidden place (never the place itself)
        if os.path.exists(path) and path not in masked and any(_inside(path, m) for m in masked):
            ops.append((path, op, os.open(path, os.O_PATH), os.path.isdir(path)))

    for p in view.show:
        back(p, 2)
    for p in [*view.writable, view.job_dir]:
        back(p, 3)
    if view.home:
        ops.append((real(view.home), 3, os.open(os.path.join(view.job_dir, ".home"), os.O_PATH), True))
        if view.decoy and os.path.isfile(view.decoy):
            ops.append((os.path.join(real(view.home), ".netrc"), 2, os.open(view.decoy, os.O_PATH), False))
    ops.sort(key=lambda o: (o[0].rstrip("/").count("/"), o[1]))
    empty_fd = None
    try:
        for path, op, fd, is_dir in ops:
            if op == 0:
                _mount_point(path, True)
                _mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755")
                if path == "/tmp":
                    _mount_point("/tmp/.kagent-hidden", False)
                    empty_fd = os.open("/tmp/.kagent-hidden", os.O_PATH)
            elif op == 1:
                if empty_fd is None:
                    raise JobSetupError(2, "no empty file to hide files with (/tmp is not covered)")
                _mount_point(path, False)
                _bind(empty_fd, path, read_only=True)
            else:
                _mount_point(path, is_dir)
                _bind(fd, path, read_only=op == 2)
        # hidden folders and covered places (bar /tmp) stay empty and read-only (what was bound back
        # inside them is a mount of its own and keeps its mode)
        for path, op, _, _ in ops:
            if op == 0 and path != "/tmp":
                _mount(None, path, None, MS_REMOUNT | MS_RDONLY | _locked_flags(path))
    finally:
        for fd in [o[2] for o in ops] + [empty_fd]:
            if fd is not None:
                os.close(fd)


def drop_privileges(memory_limit_mb: int | None, cpu_limit_s: int | None) -> None:
    """Step 3, in the job's process (PID 1 of its namespace): limits, then no capability left."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # dies with the process that forked it
    if memory_limit_mb:
        limit = memory_limit_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if cpu_limit_s:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit_s, cpu_limit_s))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    _check(_libc.prctl(PR_SET_SECUREBITS, _SECUREBITS, 0, 0, 0), "securebits")
    for cap in range(_CAP_LAST + 1):
        if _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() != 22:
            raise JobSetupError(ctypes.get_errno(), f"drop capability {cap}")

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]

    _check(_libc.capset(ctypes.byref(Header(0x20080522, 0)), (Data * 2)()), "capset")


def not_dumpable() -> None:
    """The server: its memory, environment and files stay out of the jobs' reach through /proc."""
    _check(_libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0), "dumpable")


def die_with_parent() -> None:
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
