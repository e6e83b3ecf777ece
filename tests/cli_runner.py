"""Run `python -m printgen ARGS` in a process of its own, without paying Python's start-up each time.

The suite runs the real command a few hundred times. Each fresh interpreter spends about half a
second importing printgen, ReportLab, pydantic and Jinja before it reads a single argument, which
was most of the suite's time. Here each test process keeps one *zygote*: an interpreter that has
imported printgen once and then forks a child per command. The child is a process of its own, as a
user's command is: its own working directory, environment, standard streams, session (so a hang is
killed with everything it started) and address-space ceiling; it runs `printgen/__main__.py` as
`python -m` does and exits with the command's status. Its peak memory is measured by the zygote,
which is small when it forks (a worker that has rasterised pages is hundreds of MiB, and on Linux a
forked child's peak starts from its parent's size).

A test that must see a brand-new interpreter (different hash seeds for the two builds of a
determinism check, say) asks for `fresh=True` and gets a plain subprocess.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Everything the commands import lazily, imported once in the zygote.
# The list is what the suite's commands imported in at least one child in ten (measured by logging
# sys.modules at each child's exit): each module left out was imported again by every child needing it.
_PRELOAD = ("printgen.commands.cli", "printgen.draw.build", "printgen.model.load", "printgen.files.output",
            "printgen.draw.preview", "printgen.draw.calibrate", "printgen.commands.validate",
            "printgen.files.wording", "printgen.editing.scaffold", "printgen.editing.sheets.export",
            "jinja2.sandbox", "jinja2.meta", "printgen.model.sandbox", "printgen.draw.sheets.pdf",
            "printgen.draw.template", "printgen.draw.pictures", "printgen.draw.text", "printgen.art.symbols",
            "printgen.art.emblems", "printgen.art.french", "printgen.art.spanish", "printgen.art.piecepack",
            "printgen.art.coppertwaddle", "printgen.model.arrange", "printgen.model.backs",
            "printgen.model.tablelayout", "printgen.draw.press", "printgen.draw.documents.rules",
            "printgen.draw.documents.forms", "printgen.draw.documents.boards", "reportlab.platypus",
            "printgen.games.registry", "printgen.games.cromwell", "printgen.commands.validate_report",
            "printgen.editing.sheets.sheet_import", "printgen.editing.sheets.sheet_merge",
            "printgen.editing.roundtrip", "printgen.editing.copying", "openpyxl", "concurrent.futures.thread",
            "logging")

_ZYGOTE = r"""
import atexit, io, json, os, resource, runpy, sys, threading, traceback
import importlib
for name in sys.argv[1:]:
    importlib.import_module(name)
requests, replies = sys.stdin.buffer, sys.stdout.buffer

def reply(**fields):
    replies.write(json.dumps(fields).encode() + b"\n")
    replies.flush()

def child(job):
    os.setsid()
    if job["limit"]:
        resource.setrlimit(resource.RLIMIT_AS, (job["limit"], job["limit"]))
    os.chdir(job["cwd"])
    os.environ.clear()
    os.environ.update(job["env"])
    for fd, path, flags in ((0, job["stdin"] or os.devnull, os.O_RDONLY),
                            (1, job["stdout"], os.O_WRONLY), (2, job["stderr"], os.O_WRONLY)):
        opened = os.open(path, flags)
        os.dup2(opened, fd)
        os.close(opened)
    os.closerange(3, 256)
    encoding, errors = sys.stdout.encoding, sys.stdout.errors
    sys.stdin = sys.__stdin__ = open(0, "r", encoding=encoding, closefd=False)
    sys.stdout = sys.__stdout__ = open(1, "w", encoding=encoding, errors=errors, closefd=False)
    sys.stderr = sys.__stderr__ = open(2, "w", encoding=encoding, errors="backslashreplace",
                                       buffering=1, closefd=False)
    sys.argv = [job["argv0"], *job["args"]]
    code = 0
    try:
        runpy.run_module("printgen", run_name="__main__", alter_sys=True)
    except SystemExit as stop:
        if stop.code is None:
            code = 0
        elif isinstance(stop.code, int):
            code = stop.code
        else:
            print(stop.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    try:
        threading._shutdown()
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code & 0xFF)

reply(ready=True)
for line in requests:
    job = json.loads(line)
    pid = os.fork()
    if pid == 0:
        child(job)
    reply(pid=pid)
    _, status, usage = os.wait4(pid, 0)
    reply(code=os.waitstatus_to_exitcode(status), peak_kib=usage.ru_maxrss)
"""


@dataclass
class Finished:
    code: int
    out: str
    err: str
    seconds: float
    peak_mib: float


class CommandTimeout(Exception):
    """The command ran past its time limit and was killed with everything it started."""

    def __init__(self, seconds: float, err: str) -> None:
        super().__init__(f"ran past {seconds:g} s")
        self.seconds, self.err = seconds, err


class _Zygote:
    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=_python_path(os.environ))
        self.proc = subprocess.Popen([sys.executable, "-c", _ZYGOTE, *_PRELOAD], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, cwd=str(ROOT))
        self.buffer = b""
        assert self._reply(120.0).get("ready"), "the test zygote did not start"

    def close(self) -> None:
        """End the zygote with the test process, so its time and memory are accounted for."""
        if self.alive():
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def _reply(self, timeout: float | None) -> dict | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                raise RuntimeError("the test zygote died")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def run(self, job: dict, time_limit: float) -> tuple[int, float]:
        self.proc.stdin.write(json.dumps(job).encode() + b"\n")
        self.proc.stdin.flush()
        pid = self._reply(30.0)["pid"]
        result = self._reply(time_limit)
        if result is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
            self._reply(30.0)
            raise CommandTimeout(time_limit, "")
        return result["code"], result["peak_kib"] / 1024


_ZYGOTES: dict[int, _Zygote] = {}


def _python_path(env: Mapping[str, str]) -> str:
    extra = env.get("PYTHONPATH")
    return str(ROOT) + (os.pathsep + extra if extra and extra != str(ROOT) else "")


def run_printgen(args: Iterable[str], cwd: Path | str | None = None, *, env: Mapping[str, str] | None = None,
                 stdin: bytes | None = None, time_limit: float = 300.0, memory_bytes: int = 0,
                 fresh: bool = False) -> Finished:
    """`python -m printgen ARGS` in a process of its own: exit status, output, wall time, peak memory."""
    args = [str(a) for a in args]
    environment = dict(os.environ if env is None else env)
    environment["PYTHONPATH"] = _python_path(environment)
    workdir = str(Path(cwd) if cwd is not None else Path.cwd())
    if fresh:
        return _run_fresh(args, workdir, environment, stdin, time_limit, memory_bytes)
    scratch = Path(tempfile.mkdtemp(prefix="printgen-run-"))
    try:
        streams = {name: scratch / name for name in ("stdin", "stdout", "stderr")}
        for name in ("stdout", "stderr"):
            streams[name].touch()
        if stdin is not None:
            streams["stdin"].write_bytes(stdin)
        job = {"args": args, "cwd": workdir, "env": environment, "limit": memory_bytes,
               "argv0": str(ROOT / "printgen" / "__main__.py"),
               "stdin": str(streams["stdin"]) if stdin is not None else None,
               "stdout": str(streams["stdout"]), "stderr": str(streams["stderr"])}
        zygote = _ZYGOTES.get(os.getpid())
        if zygote is None or not zygote.alive():
            zygote = _ZYGOTES[os.getpid()] = _Zygote()
            atexit.register(zygote.close)
        start = time.monotonic()
        try:
            code, peak = zygote.run(job, time_limit)
        except CommandTimeout as stop:
            stop.err = streams["stderr"].read_text("utf-8", "replace")
            raise
        seconds = time.monotonic() - start
        out = streams["stdout"].read_text("utf-8", "replace")
        err = streams["stderr"].read_text("utf-8", "replace")
        return Finished(code, out, err, seconds, peak)
    finally:
        for path in scratch.iterdir():
            path.unlink()
        scratch.rmdir()


# For `fresh` runs: a small launcher forks printgen and reports its peak memory, so the child is not
# charged with the test worker's size.
_LAUNCHER = """
import os, resource, sys
limit, report, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
pid = os.fork()
if pid == 0:
    if limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.execv(argv[0], argv)
_, status, usage = os.wait4(pid, 0)
with open(report, "w") as out:
    out.write(str(usage.ru_maxrss))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
"""


def _run_fresh(args: list[str], cwd: str, env: dict, stdin: bytes | None, time_limit: float,
               memory_bytes: int) -> Finished:
    fd, name = tempfile.mkstemp(prefix="printgen-peak-")
    os.close(fd)
    report = Path(name)
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", _LAUNCHER, str(memory_bytes), str(report),
                             sys.executable, "-m", "printgen", *args], cwd=cwd, env=env, start_new_session=True,
                            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    chunks: dict[str, bytes] = {}

    def drain(key: str, stream) -> None:
        chunks[key] = stream.read()

    readers = [threading.Thread(target=drain, args=(k, s)) for k, s in (("out", proc.stdout), ("err", proc.stderr))]
    for reader in readers:
        reader.start()
    if stdin is not None:
        proc.stdin.write(stdin)
        proc.stdin.close()
    try:
        try:
            proc.wait(timeout=time_limit)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            for reader in readers:
                reader.join()
            raise CommandTimeout(time_limit, chunks.get("err", b"").decode("utf-8", "replace")) from None
        seconds = time.monotonic() - start
        for reader in readers:
            reader.join()
        peak_kib = int(report.read_text() or 0)
    finally:
        report.unlink(missing_ok=True)
    return Finished(proc.returncode, chunks["out"].decode("utf-8", "replace"),
                    chunks["err"].decode("utf-8", "replace"), seconds, peak_kib / 1024)
