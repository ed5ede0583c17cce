"""A node driver's record, told to the host through a channel the tests in its sandbox call do
not hold: the part shared by the JavaScript coverage drivers (`node_coverage.py`) and jest's
mutation batch (`jest_batch.py`).

A file written to a folder is a file any test of the suite can overwrite (every process of a
sandbox call runs as one user). So the driver keeps what the runner told it in its memory,
writes it to a file once it is done and vouches for it with one line on its stdout,
`<nonce> <sha256 of the record>`: a test that replaces the file is found out, and a record of
any size passes through the sandbox's capped output. The nonce is written to a job file the
driver deletes before the runner starts, and the driver runs from an execute-only copy of node
(non-dumpable: its memory and output are out of reach through `/proc`), so no test (run in a
worker process whose output the runner relays) can know it. The host takes the one line that
starts with it, once, from a driver that exited by itself, reads the record only when its
digest matches, and refuses the record when the run changed the checkout (`left_alone`: its
code, or the toolchain the driver loads after the tests start), but for the files the driver
itself rewrites (`moving`: a mutant put in place).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shlex
import shutil
import tempfile
from collections.abc import Collection
from pathlib import Path, PurePosixPath

from bot.repo_config import RepoConfig
from bot.workspace.safe_fs import read_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import repo_env

CACHES = frozenset({".cache", ".vite"})
"""Folders right under a `node_modules` where runners keep caches: data they may rewrite."""
CONFIG_NAME = re.compile(
    r"(babel\.config|\.babelrc|postcss\.config|\.postcssrc|jest\.config|vitest\.config"
    r"|vite\.config)(\..*)?")
"""Files a JS toolchain looks for beside the code it compiles (and loads as code): a runner's
own configuration included, which jest's mutation driver reads again for every mutant."""
Stamp = tuple[int, int, int, int, int]

RECORD = "record.json"
"""The driver's record, in its folder; the digest printed under the nonce vouches for it."""
MAX_RECORD_BYTES = 32 << 20
SAY = r"""
const writeOut = fs.writeSync, writeFile = fs.writeFileSync, removeFile = fs.rmSync;  // taken
const hash = crypto.createHash;  // before any of the runner's or the project's code loads
const pause = new Int32Array(new SharedArrayBuffer(4));
const say = (record) => {  // the record to a file, its sha256 on stdout under the nonce, the end
  const body = JSON.stringify(record);
  try { removeFile(job.record, { force: true }); writeFile(job.record, body, { flag: 'wx' }); } catch {}
  const data = Buffer.from('\n' + job.nonce + ' ' + hash('sha256').update(body).digest('hex') + '\n');
  for (let at = 0; at < data.length;) {  // stdout is a non-blocking pipe
    try { at += writeOut(1, data, at, data.length - at); } catch (error) {
      if (error.code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
  process.exit(0);
};
"""
"""The drivers' way to give their record, after `fs`, `crypto` and `job` (its nonce, where its
record goes) are read."""


class DriverRecordError(RuntimeError):
    """A driver's record cannot be taken: the run broke, timed out, printed its record more than
    once, left a record other than the one it vouched for, or changed the checkout."""


def tree_stamps(checkout: Path) -> dict[str, Stamp]:
    """(inode, size, mode, mtime, ctime) of every file and link of the checkout, `.git` and the
    runners' caches left out: what a run must leave as it found it. The ctime is the kernel's:
    no one but root can set it back after a write, a rename or a `utimes`."""
    stamps: dict[str, Stamp] = {}
    for folder, dirs, names in os.walk(checkout):
        here = Path(folder)
        dirs[:] = [d for d in dirs if not (here == checkout and d == ".git")
                   and not (here.name == "node_modules" and d in CACHES)]
        for name in [*names, *(d for d in dirs if (here / d).is_symlink())]:
            try:
                info = os.lstat(here / name)
            except OSError:
                continue
            stamps[(here / name).relative_to(checkout).as_posix()] = (
                info.st_ino, info.st_size, info.st_mode, info.st_mtime_ns, info.st_ctime_ns)
    return stamps


def left_alone(before: dict[str, Stamp], after: dict[str, Stamp], runner: str, *,
               what: str = "coverage", moving: Collection[str] = ()) -> None:
    """Refuse a run that changed or removed what was in the checkout (a test rewrote the code
    it is measured on, or the toolchain the runner loads after the tests started), or added a
    package file or a toolchain config the runner would load as code. `moving` are the files
    the driver itself rewrites (it checks them itself)."""
    for rel, stamp in before.items():
        if rel not in moving and after.get(rel) != stamp:
            raise DriverRecordError(
                f"{rel} {'changed' if rel in after else 'went away'} while {runner}'s suite "
                f"ran, so its {what} is not the checkout's: refused")
    for rel in sorted(after.keys() - before.keys()):
        parts = PurePosixPath(rel).parts
        if "node_modules" in parts[:-1] or CONFIG_NAME.fullmatch(parts[-1]):
            raise DriverRecordError(
                f"{runner}'s suite added {rel}, which the runner could load as code, so its "
                f"{what} is not the checkout's: refused")


def take_record(output: str, nonce: str, runner: str, *, exit_code: int | None,
                what: str = "coverage") -> str:
    """The rest of the one line of `output` that starts with the nonce (the record's digest),
    from a driver that ended by itself (it always exits 0 after its record); that line more
    than once (someone else knew the nonce), none, or a driver that was killed or timed out is
    refused."""
    records = [line[len(nonce) + 1:] for line in output.splitlines()
               if line.startswith(nonce + " ")]
    if len(records) == 1 and exit_code == 0:
        return records[0]
    tail = " ".join(output.strip().splitlines()[-2:])[:300]
    raise DriverRecordError(f"{runner}'s {what} run " + (
        "printed its record more than once" if len(records) > 1 else
        "timed out" if exit_code is None else
        f"ended with exit code {exit_code} after its record" if records else
        f"ended without its record ({tail or 'no output'})"))


def open_record(folder: Path, digest: str, runner: str, *, what: str = "coverage") -> str:
    """The record file the driver wrote, when its sha256 is the digest the driver printed under
    the nonce (a record of any size, while the output stays small); a file a test replaced, or
    none, is refused."""
    try:
        body = read_beneath(folder, RECORD, max_bytes=MAX_RECORD_BYTES, single_link=True)
    except OSError as exc:
        raise DriverRecordError(f"{runner}'s {what} record is missing ({exc})") from exc
    if hashlib.sha256(body).hexdigest() != digest:
        raise DriverRecordError(f"{runner}'s {what} record is not the one its driver "
                                f"vouched for: refused")
    return body.decode("utf-8", errors="replace")


async def run_node_driver(sandbox: Sandbox, checkout: Path, config: RepoConfig, *, runner: str,
                          what: str, driver: tuple[str, str], job: dict[str, object],
                          extra: dict[str, str], env: dict[str, str], timeout: float,
                          moving: Collection[str] = ()) -> str:
    """Run the driver (`(file name, script)`) as `node <driver> "$(command -v <runner>)" <job
    file> <extra files...>` in the sandbox and return its one record (JSON text). `job` gets
    the nonce, where the record goes and a `reports` folder no one reads; `extra` files are
    written beside it, writable (a driver may fill them in). The record is refused when the
    run changed the checkout (`left_alone`), `moving` aside.

    The driver runs from an execute-only copy of node: the kernel makes such a process
    non-dumpable, so no test (same user) can read its memory (the nonce) or reopen its output
    through `/proc`, as `pytest_driver.py` does with `prctl`; node has no `prctl`. Whatever
    the driver starts must run from the same file to be as out of reach: the coverage drivers
    set `process.execPath` to `/proc/self/exe` for the workers jest or vitest forks, and jest's
    mutation driver spawns its runner from `/proc/self/exe` itself."""
    repo, prepend = repo_env(config, checkout)
    # the checkout becomes the sandbox user's on its first call: stamp it after that
    await sandbox.run("true", cwd=checkout, timeout=60, env=repo, path_prepend=prepend)
    before = tree_stamps(checkout)
    folder = Path(tempfile.mkdtemp(prefix=f"smith-{runner}-{what.split()[0]}-",
                                   dir=checkout.parent))
    folder.chmod(0o777)
    nonce = secrets.token_hex(16)
    try:
        job = {**job, "nonce": nonce, "reports": str(folder / "reports"),
               "record": str(folder / RECORD)}
        script, text = driver
        for name, content in {script: text, "job.json": json.dumps(job), **extra}.items():
            (folder / name).write_text(content)
            (folder / name).chmod(0o644 if name == script else 0o666)
        node = shlex.quote(str(folder / "node"))
        command = " ".join([
            'if ! source="$(command -v node)"; then echo "node is not on PATH"; exit 127; fi;',
            f'cp "$source" {node} && chmod 111 {node} && {node}',
            shlex.quote(str(folder / script)), f'"$(command -v {runner})"',
            *(shlex.quote(str(folder / name)) for name in ["job.json", *extra])])
        result = await sandbox.run(command, cwd=checkout, timeout=timeout,
                                   env={**repo, **env}, path_prepend=prepend, writable=[folder])
        digest = take_record(result.output, nonce, runner, exit_code=result.exit_code,
                             what=what)
        record = open_record(folder, digest, runner, what=what)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    left_alone(before, tree_stamps(checkout), runner, what=what, moving=moving)
    return record
