"""The script a batched pytest call runs inside the sandbox (`pytest_batch.py` writes it into
the call's folder): it reads the jobs and mutants before any test runs, forks a child per run
or hands mutants to fast workers (collection once, the mutant swapped in memory in a child
forked after it), cuts what overruns its deadline, and alone writes the call's output, one
record per run. Kept as text: it runs under the repository's interpreter, not Smith's."""

DRIVER = r'''
import base64, collections, gc, importlib, importlib.machinery, importlib.util, json, os, re
import select, shutil, signal, sys, tempfile, threading, time, types, zlib
RESULTS = os.dup(1)  # the host's pipe: from here on only this parent writes it
try:  # nor can a test reopen it through /proc/<parent>/fd or read this process's memory
    import ctypes
    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 0
except (ImportError, OSError, AttributeError):
    pass
jobs = json.load(open(sys.argv[1]))
WORKERS, SKIP = int(sys.argv[2]), sys.argv[3:]
for job in jobs:  # read once, before any test runs: a test rewriting them changes nothing
    if job.get("mutant"):
        with open(job["mutant"], "rb") as source:
            job["mutant"] = source.read()
import pytest  # once, in the parent, with the plugins pytest would load
try:
    if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        raise ImportError("plugin autoload is off")
    from importlib.metadata import entry_points
    for ep in entry_points(group="pytest11"):
        try:  # a warm-up only: pytest loads (and reports) a broken plugin itself
            importlib.import_module(ep.value.split(":")[0])
        except (ImportError, SyntaxError):
            pass
except ImportError:
    pass


def measure(spec):
    """coverage.py on one module, its context switched to each test's node id."""
    import coverage
    cov = coverage.Coverage(data_file=None, branch=True, config_file=False,
                            include=[os.path.abspath(spec["module"])])
    if not hasattr(cov, "switch_context"):  # coverage.py before 5.0
        raise ImportError("coverage.py is too old")

    class PerTest:
        @pytest.hookimpl(tryfirst=True)
        def pytest_runtest_setup(self, item):
            cov.switch_context(item.nodeid)

    cov.start()
    return cov, PerTest()


def arcs(cov, spec):
    import coverage
    cov.stop()
    module = os.path.abspath(spec["module"])
    data = cov.get_data()
    out = {"per_test": {}, "executed": [], "missing": None, "outside": []}
    for context in sorted(data.measured_contexts()):
        data.set_query_contexts(["^" + re.escape(context) + "$"])
        if context:
            out["per_test"][context] = data.arcs(module) or []
        else:  # before the first test: importing, collecting
            out["outside"] = data.arcs(module) or []
    data.set_query_contexts(None)
    try:
        cov.json_report(morfs=[module], outfile=spec["out"] + ".report")
        with open(spec["out"] + ".report") as report:
            [entry] = json.load(report)["files"].values()
        out["executed"], out["missing"] = entry["executed_branches"], entry["missing_branches"]
    except (coverage.CoverageException, OSError, ValueError, KeyError):
        pass  # coverage.py could not report on it (not Python source?)
    return out


class TimeLimit:
    """The run's time limit. Inside a test (setup, call, teardown) it fails that test with a
    timeout raised there and stops the session (the report is still written); anywhere else,
    or when the test does not give way, it ends the child: a `timeout` with no report."""

    def __init__(self, seconds=None):
        self.seconds, self.session, self.inside, self.fired = seconds, None, False, False
        if seconds is not None:
            self.arm(seconds)

    def arm(self, seconds):
        self.seconds = seconds
        signal.signal(signal.SIGALRM, self.expired)
        signal.setitimer(signal.ITIMER_REAL, seconds)

    def expired(self, signum, frame):
        if not self.inside or self.fired:
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGALRM)
            return
        self.fired = True
        if self.session is not None:
            self.session.shouldstop = "smith: the run's time limit"
        signal.setitimer(signal.ITIMER_REAL, max(2.0, self.seconds))
        pytest.fail("timed out after %g s (the run's time limit)" % self.seconds, pytrace=False)

    def phase(self):
        self.inside = True
        try:
            yield
        finally:
            self.inside = False

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionstart(self, session):
        self.session = session

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item):
        yield from self.phase()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        yield from self.phase()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item):
        yield from self.phase()


class Select:
    """Only the tests a run was given by node id (those that ran the mutated function in the
    reference pass); all of them when none of those ids is collected."""

    def __init__(self, ids):
        self.ids = set(ids)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        chosen = [item for item in items if item.nodeid in self.ids]
        if chosen:
            items[:] = chosen


class Stream:
    """Each test's outcome, sent to the parent through a pipe as it is reported."""

    def __init__(self, fd):
        self.fd = fd

    def send(self, when, outcome, nodeid):
        if self.fd is None:  # a fast worker collecting: no run yet
            return
        os.write(self.fd, ("%s\t%s\t%s\n" % (when, outcome, " ".join(nodeid.split()))).encode())

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report):
        if report.when == "call" or not report.passed:  # a passed setup or teardown says nothing
            self.send(report.when, report.outcome, report.nodeid)

    @pytest.hookimpl(tryfirst=True)
    def pytest_collectreport(self, report):
        if not report.passed:
            self.send("collect", report.outcome, report.nodeid)


def drain(fd, into, cap=1 << 20):
    size = 0
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        if size < cap:
            into.append(chunk)
            size += len(chunk)
    os.close(fd)


def send(record):
    data = ("\x1esmith-batch-result %s\n" % json.dumps(record)).encode()
    while data:
        data = data[os.write(RESULTS, data):]


def trimmed_short(report):
    """A mutant's report: which tests failed and how is all its verdict reads."""
    return trimmed(report, 300, 200)


def packed(path, cap, trim=None):
    try:
        with open(path, "rb") as handle:
            data = handle.read(cap + 1)
    except OSError:
        return None
    if len(data) > cap:
        return None
    return base64.b64encode(zlib.compress(trim(data) if trim else data)).decode()


def trimmed(report, text=1500, message=500):
    """The JUnit report without the tests' captured output, failure texts cut short: what
    the verdicts need fits the call's output, however many runs there are."""
    import xml.etree.ElementTree as ET
    try:
        root = ET.fromstring(report)
    except ET.ParseError:
        return report  # the host refuses it
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag in ("system-out", "system-err", "properties"):
                parent.remove(child)
            elif child.tag in ("failure", "error", "skipped"):
                child.text = (child.text or "")[:text]
                if child.get("message"):
                    child.set("message", child.get("message")[:message])
    return ET.tostring(root)


class MutantLoader(importlib.machinery.SourceFileLoader):
    """The module's code from the mutant's source, whatever file the import found."""

    source = b""

    def get_code(self, fullname):
        return compile(self.source, self.path, "exec", dont_inherit=True)

    def get_source(self, fullname):
        return self.source.decode("utf-8", "replace")


class MutantFinder:
    """The mutated module wherever it is imported from: the worker's copy, or the checkout
    itself (an editable install, PYTHONPATH)."""

    def __init__(self, paths, source):
        self.paths, self.source = {os.path.realpath(p) for p in paths}, source

    def find_spec(self, name, path=None, target=None):
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is None:
                continue
            if not spec.origin or os.path.realpath(spec.origin) not in self.paths:
                return None
            loader = MutantLoader(name, spec.origin)
            loader.source = self.source
            return importlib.util.spec_from_file_location(
                name, spec.origin, loader=loader,
                submodule_search_locations=spec.submodule_search_locations)
        return None


CO_NEWLOCALS = 0x2  # a function's code (a module's or a class body's has no such flag)


def nested(code):
    return [const for const in code.co_consts if isinstance(const, types.CodeType)]


def bare(code):
    return code.replace(co_consts=tuple(None if isinstance(const, types.CodeType) else const
                                        for const in code.co_consts))


def changed_functions(old, new, out):
    """Whether `new` (a module's or a class body's code) differs from `old` only inside
    functions; the (old, new) code of each function that differs goes to `out`."""
    if old == new:
        return True
    if bare(old) != bare(new):
        return False  # code that runs at import (or class creation) differs
    before, after = nested(old), nested(new)
    if len(before) != len(after):
        return False
    for was, now in zip(before, after):
        if was == now:
            continue
        if was.co_flags & CO_NEWLOCALS:
            if was.co_name != now.co_name:
                return False
            out.append((was, now))
        elif not changed_functions(was, now, out):
            return False
    return True


def live_functions(module):
    """The functions reachable from the module's namespace: its functions, its classes'
    methods (static, class, properties), and what decorators wrapped (`__wrapped__`)."""
    found, seen, stack = [], set(), list(vars(module).values())
    while stack and len(seen) < 100000:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, types.FunctionType):
            found.append(value)
        if isinstance(value, (staticmethod, classmethod)):
            stack.append(value.__func__)
        elif isinstance(value, property):
            stack += [value.fget, value.fset, value.fdel]
        elif isinstance(value, type):
            if value.__dict__.get("__module__") == module.__name__:
                stack += list(value.__dict__.values())
            continue
        try:
            wrapped = object.__getattribute__(value, "__dict__").get("__wrapped__")
        except (AttributeError, TypeError):
            wrapped = None
        if wrapped is not None:
            stack.append(wrapped)
    return found


class Server:
    """A fast worker's pytest plugin: collection once, then a forked child per mutant, the
    mutant swapped into the collected session in memory; the child goes on into pytest's own
    test loop and its JUnit report. A mutant it cannot swap faithfully goes back to the
    driver (`slow`), which runs it in a process of its own with the mutant on disk."""

    def __init__(self, job, commands, reports):
        self.job, self.reports, self.child = job, reports, False
        self.commands = os.fdopen(commands, "rb")
        self.limit, self.stream = TimeLimit(), Stream(None)
        self.called, self.profile, self.watched = set(), None, False
        self.targets = {os.path.realpath(p) for module in ORIGINALS
                        for p in (os.path.join(HOME, module), os.path.abspath(module))}

    def say(self, message):
        data = (json.dumps(message) + "\n").encode()
        while data:
            data = data[os.write(self.reports, data):]

    def watch(self):
        """Note every function of the module that runs before the mutants do (at import, in
        collection): swapping such a function would not redo what it did."""
        called, targets, known = self.called, self.targets, {}

        def profile(frame, event, arg):
            if event == "call":
                code = frame.f_code
                hit = known.get(code.co_filename)
                if hit is None:
                    hit = known[code.co_filename] = \
                        os.path.realpath(code.co_filename) in targets
                if hit:
                    called.add(code)

        self.profile = profile
        threading.setprofile(profile)
        sys.setprofile(profile)

    def unwatch(self):
        self.watched = sys.getprofile() is self.profile
        sys.setprofile(None)
        threading.setprofile(None)

    def plan(self, job):
        """(swaps, finder) that make the collected session run the mutant, or None."""
        module, source = job["module"], job["mutant"]
        original = ORIGINALS.get(module)
        paths = [os.path.join(HOME, module), os.path.abspath(module)]
        real = {os.path.realpath(p) for p in paths}
        loaded = []
        for value in list(sys.modules.values()):
            where = getattr(value, "__file__", None)
            if isinstance(where, str) and os.path.realpath(where) in real:
                loaded.append(value)
        if not loaded:  # not imported yet: the tests' import finds the mutant
            return [], MutantFinder(paths, source)
        if original is None:
            return None
        swaps = []
        for value in loaded:
            spec = getattr(value, "__spec__", None)
            if type(getattr(spec, "loader", None)) is not importlib.machinery.SourceFileLoader:
                return None  # rewritten on import (pytest's asserts) or not from source
            try:
                old = compile(original, value.__file__, "exec", dont_inherit=True)
                new = compile(source, value.__file__, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                return None
            differ = []
            if not changed_functions(old, new, differ):
                return None
            functions = live_functions(value)
            for was, now in differ:
                if was in self.called:
                    return None
                found = [f for f in functions if f.__code__ == was]
                if not found:
                    return None
                swaps += [(f, now) for f in found]
        for function, code in swaps:  # the swap must take (same free variables)
            kept = function.__code__
            try:
                function.__code__ = code
            except (ValueError, TypeError):
                return None
            function.__code__ = kept
        return swaps, None

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        self.unwatch()
        xml = session.config.stash.get(junit_key(), None) if hasattr(session.config,
                                                                     "stash") else None
        why = ("the tests did not load" if session.testsfailed else
               "no test collected" if not session.items else
               "no JUnit report" if xml is None else
               "a profiler of the tests replaced ours" if not self.watched else None)
        self.say({"ready": why is None, "why": why})
        if why:
            return True
        warm(session)
        gc.collect()
        gc.freeze()  # a child's collections never walk what the worker holds
        while True:
            line = self.commands.readline()
            if not line:
                return True
            try:
                order = json.loads(line)
                job = jobs[order["index"]]
            except (ValueError, KeyError, IndexError, TypeError):
                return True
            plan = self.plan(job) if job.get("mutant") is not None else None
            if plan is None:
                self.say({"index": order["index"], "slow": True})
                continue
            if self.run(order, job, plan, xml, session):
                return None  # the child: pytest's own loop runs the collected tests

    def run(self, order, job, plan, xml, session):
        swaps, finder = plan
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:
            self.child = True
            os.close(read_end)
            self.commands.close()
            os.close(self.reports)
            self.stream.fd = write_end
            xml.logfile = order["junit"]
            # Python's own tracebacks: a verdict needs which test failed and how, never
            # pytest's source-reading report of it (most of a failing mutant's time)
            session.config.option.tbstyle = "native"
            wanted = set(job.get("select") or ())
            chosen = [item for item in session.items if item.nodeid in wanted]
            if chosen:
                session.items = chosen
            for function, code in swaps:
                function.__code__ = code
            if finder is not None:
                sys.meta_path.insert(0, finder)
            self.limit.arm(float(job["timeout"]))
            return True
        os.close(write_end)
        streamed = []
        reader = threading.Thread(target=drain, args=(read_end, streamed), daemon=True)
        reader.start()
        _, status = os.waitpid(pid, 0)
        reader.join(2.0)
        result = "timeout" if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM \
            else str(os.waitstatus_to_exitcode(status))
        self.say({"index": order["index"], "status": result,
                  "seconds": time.monotonic() - started,
                  "streamed": base64.b64encode(zlib.compress(b"".join(streamed))).decode()})
        return False


def warm(session):
    """What every child would otherwise compute afresh, computed once before the forks: each
    item's location, the JUnit writer's escaping pattern."""
    for item in session.items:
        try:
            item.location
        except (OSError, TypeError, ValueError, AttributeError, LookupError):
            pass  # only a warm-up: the child computes (and reports) it again itself
    try:
        from _pytest.junitxml import bin_xml_escape
        bin_xml_escape("smith")
    except (ImportError, TypeError):
        pass


def junit_key():
    from _pytest.junitxml import xml_key
    return xml_key


def serve(job, commands, reports):
    """A fast worker's life: collect `job`'s tests once, serve mutants until the driver stops."""
    server = Server(job, commands, reports)
    private = tempfile.mkdtemp(prefix="smith-serve-")
    server.watch()
    try:
        code = pytest.main([*job["args"], "--junitxml=" + os.path.join(private, "all.xml"), "--",
                            *job["tests"]], plugins=[server, server.limit, server.stream])
    finally:
        sys.setprofile(None)
    if server.child:
        return code
    server.say({"ready": False, "why": "pytest ended before running tests (exit %s)" % code})
    return 0


def worker_copies(count, skip):
    """A copy of the checkout per worker (mutants of parallel runs go there); [] when they
    cannot be made (then every run goes one at a time in the checkout)."""
    if count < 2:
        return []
    size = files = 0
    try:
        for folder, dirs, names in os.walk("."):
            dirs[:] = [d for d in dirs if d not in skip]
            files += len(names)
            size += sum(os.lstat(os.path.join(folder, n)).st_size for n in names)
            if files > COPY_FILES or size > COPY_BYTES:
                return []  # too big to copy for each worker: one at a time in the checkout
    except OSError:
        return []
    made = []
    try:
        for _ in range(count):
            folder = tempfile.mkdtemp(prefix="smith-worker-")
            shutil.copytree(".", os.path.join(folder, "checkout"), symlinks=True,
                            ignore=shutil.ignore_patterns(*skip))
            made.append(os.path.join(folder, "checkout"))
    except (OSError, shutil.Error):
        for folder in made:
            shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
        return []
    return made


COPY_FILES, COPY_BYTES = 20000, 200 << 20
HOME = os.getcwd()
ORIGINALS = {}
for job in jobs:  # the modules as they are before any test runs: a mutant written is undone
    if job.get("module") and job["module"] not in ORIGINALS:
        try:
            with open(job["module"], "rb") as source:
                ORIGINALS[job["module"]] = source.read()
        except OSError:
            ORIGINALS[job["module"]] = None
copies = worker_copies(WORKERS, SKIP) if any(job.get("parallel") for job in jobs) else []
SLOTS = len(copies) or 1
running, slow_slot, deadline, workers, off = {}, {}, {}, {}, set()
queue = collections.deque()
WAKE_R, WAKE_W = os.pipe()  # SIGCHLD wakes the loop's select
for fd in (WAKE_R, WAKE_W):
    os.set_blocking(fd, False)
signal.signal(signal.SIGCHLD, lambda signum, frame: None)
signal.set_wakeup_fd(WAKE_W)


def place(slot):
    return copies[slot] if copies else HOME


def as_child():
    """In a process forked from the driver: none of the driver's channels stay open."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    for fd in (RESULTS, WAKE_R, WAKE_W, *(fd for serving in workers.values()
                                         for fd in (serving.commands, serving.reports))):
        try:
            os.close(fd)
        except OSError:
            pass


def launch(index, job, slot):
    private = tempfile.mkdtemp(prefix="smith-run-")  # the run's report; read by the parent
    junit, log = os.path.join(private, "junit.xml"), os.path.join(private, "output.log")
    if job.get("arcs"):
        job["arcs"]["out"] = os.path.join(private, "arcs.json")
    worker = slot if copies and slot is not None else None
    read_end, write_end = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        code = 99  # whatever escapes below still ends this child here, never in the loop
        try:
            os.close(read_end)
            as_child()
            os.setpgid(0, 0)
            output = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(output, 1)  # the tests write their own log, never the host's pipe
            os.dup2(output, 2)
            os.close(output)
            if worker is not None:
                os.chdir(copies[worker])
            if job.get("mutant") is not None:
                with open(job["module"], "wb") as module:
                    module.write(job["mutant"])
                os.utime(job["module"], (job["mtime"], job["mtime"]))
                if worker is not None:
                    paths = [os.path.join(HOME, job["module"]), os.path.abspath(job["module"])]
                    for name, loaded in list(sys.modules.items()):
                        where = getattr(loaded, "__file__", None)
                        if where and os.path.realpath(where) in {os.path.realpath(p)
                                                                 for p in paths}:
                            del sys.modules[name]
                    sys.meta_path.insert(0, MutantFinder(paths, job["mutant"]))
            cov, plugins = None, [TimeLimit(float(job["timeout"])), Stream(write_end)]
            if job.get("select"):
                plugins.append(Select(job["select"]))
            if job.get("arcs"):
                try:
                    cov, plugin = measure(job["arcs"])
                    plugins.append(plugin)
                except ImportError as missing:
                    with open(job["arcs"]["out"], "w") as out:
                        json.dump({"error": str(missing)[:200] or "no coverage.py"}, out)
            code = pytest.main([*job["args"], "--junitxml=" + junit, "--", *job["tests"]],
                               plugins=plugins)
            if cov is not None:
                measured = arcs(cov, job["arcs"])
                with open(job["arcs"]["out"], "w") as out:
                    json.dump(measured, out)
        finally:
            sys.stdout.flush()
            os._exit(int(code) if isinstance(code, int) else 1)
    os.close(write_end)
    streamed = []
    reader = threading.Thread(target=drain, args=(read_end, streamed), daemon=True)
    reader.start()
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    running[pid] = (index, job, worker, started, reader, streamed, private, junit, log)
    slow_slot[pid] = slot
    deadline[pid] = started + cut_after(job)


def cut_after(job):
    """Seconds after which a run that did not end by itself is cut from outside: its own time
    limit (a test that ignores it, or code that never gives way) and as much again."""
    return 2 * float(job["timeout"]) + 5


def finish(pid, status):
    """A run of its own (a forked child of the driver) ended: its record."""
    index, job, worker, started, reader, streamed, private, junit, log = running.pop(pid)
    slot = slow_slot.pop(pid)
    deadline.pop(pid, None)
    reader.join(2.0)  # a process the tests left behind may hold the pipe: not waited for
    result = "timeout" if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM \
        else str(os.waitstatus_to_exitcode(status))
    report = packed(junit, job["max_report"],
                    trimmed_short if job.get("mutant") is not None else trimmed)
    try:  # the run's own output only where no report says what happened
        with open(log, "rb") as handle:
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - (400 if report else 4000)))
            tail = handle.read().decode(errors="replace")
    except OSError:
        tail = ""
    send({"index": index, "status": result, "seconds": time.monotonic() - started,
          "junit": report, "log": tail, "worker": worker,
          "arcs": packed(job["arcs"]["out"], job["max_arcs"]) if job.get("arcs") else None,
          "streamed": base64.b64encode(zlib.compress(b"".join(list(streamed)))).decode()})
    shutil.rmtree(private, ignore_errors=True)
    original = ORIGINALS.get(job.get("module")) if job.get("mutant") is not None else None
    if slot is not None and original is not None:  # the slot's copy as it was, for what follows
        try:
            with open(os.path.join(place(slot), job["module"]), "wb") as module:
                module.write(original)
        except OSError:
            pass


class Serving:
    """The driver's side of a fast worker: its process, its pipes, the run it is on."""

    def __init__(self, slot, pid, commands, reports):
        self.slot, self.pid, self.commands, self.reports = slot, pid, commands, reports
        self.buffer, self.ready, self.index, self.private = b"", False, None, None
        self.started, self.deadline = time.monotonic(), None


def start_worker(slot, job):
    """A fast worker for the slot: it collects the tests once, then runs each mutant it is
    sent in a child forked after collection, the mutant swapped in memory."""
    commands_r, commands_w = os.pipe()
    reports_r, reports_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 99
        try:
            os.close(commands_w)
            os.close(reports_r)
            as_child()
            os.setpgid(0, 0)  # the driver cuts the worker and what it started as one group
            output = os.open(os.path.join(tempfile.mkdtemp(prefix="smith-serve-"), "log"),
                             os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(output, 1)  # collection's and the runs' terminal output: never the host's
            os.dup2(output, 2)
            os.close(output)
            os.chdir(place(slot))
            code = serve(job, commands_r, reports_w)
        finally:
            os._exit(int(code) if isinstance(code, int) else 1)
    try:
        os.setpgid(pid, pid)  # its own group from the start, whoever runs first
    except OSError:
        pass
    os.close(commands_r)
    os.close(reports_w)
    serving = workers[slot] = Serving(slot, pid, commands_w, reports_r)
    serving.deadline = time.monotonic() + cut_after(job)  # collection's limit


def order(serving, index):
    serving.index, serving.started = index, time.monotonic()
    serving.private = tempfile.mkdtemp(prefix="smith-run-")
    serving.deadline = serving.started + cut_after(jobs[index])
    line = json.dumps({"index": index, "junit": os.path.join(serving.private, "junit.xml")})
    os.write(serving.commands, (line + "\n").encode())


def heard(serving, message):
    """A worker's message; only what was asked of it counts (a test may write here too)."""
    if not isinstance(message, dict):
        return
    if "ready" in message and not serving.ready and serving.index is None:
        if message["ready"] is True:
            serving.ready, serving.deadline = True, None
        else:
            retire(serving, slow=True)
        return
    index = serving.index
    if index is None or message.get("index") != index:
        return
    job = jobs[index]
    serving.index, serving.deadline = None, None
    if message.get("slow"):  # the mutant cannot be swapped in memory: a run of its own
        shutil.rmtree(serving.private, ignore_errors=True)
        launch(index, job, serving.slot)
        return
    streamed = message.get("streamed")
    send({"index": index, "status": str(message.get("status", "missing"))[:16],
          "seconds": time.monotonic() - serving.started,
          "junit": packed(os.path.join(serving.private, "junit.xml"), job["max_report"],
                          trimmed_short),
          "log": "", "worker": serving.slot, "arcs": None, "fast": True,
          "streamed": streamed if isinstance(streamed, str) else ""})
    shutil.rmtree(serving.private, ignore_errors=True)


def retire(serving, slow=False, status=None):
    """End a worker (and whatever it started). A run it was on is recorded as `status`, or
    run again on its own; `slow` sends the slot's later mutants to runs of their own."""
    workers.pop(serving.slot, None)
    if serving.pid > 0:  # never a reaped one's (a pid of -1 would mean every process)
        for kill in (os.killpg, os.kill):
            try:
                kill(serving.pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            os.waitpid(serving.pid, 0)
        except ChildProcessError:
            pass
    for fd in (serving.commands, serving.reports):
        try:
            os.close(fd)
        except OSError:
            pass
    if slow:
        off.add(serving.slot)
    index, serving.index = serving.index, None
    if index is None:
        return
    if status is None:
        shutil.rmtree(serving.private, ignore_errors=True)
        off.add(serving.slot)
        launch(index, jobs[index], serving.slot)
        return
    send({"index": index, "status": status, "seconds": time.monotonic() - serving.started,
          "junit": None, "log": "the worker was cut at the run's time limit", "arcs": None,
          "worker": serving.slot, "streamed": ""})
    shutil.rmtree(serving.private, ignore_errors=True)


def busy(slot):
    serving = workers.get(slot)
    return slot in slow_slot.values() or (
        serving is not None and (not serving.ready or serving.index is not None))


def dispatch():
    for slot in range(SLOTS):
        if not queue:
            return
        if busy(slot):
            continue
        index = queue[0]
        job = jobs[index]
        if job.get("fast") and slot not in off:
            serving = workers.get(slot)
            if serving is None:
                start_worker(slot, job)  # busy until it says it is ready
                continue
            queue.popleft()
            order(serving, index)
        else:
            queue.popleft()
            launch(index, job, slot)


def pump():
    """Wait for something to happen (a message, a child's end, a deadline), and handle it."""
    deadlines = [*(s.deadline for s in workers.values() if s.deadline is not None),
                 *deadline.values()]
    wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
    readable, _, _ = select.select([WAKE_R, *(s.reports for s in workers.values())], [], [],
                                   wait)
    if WAKE_R in readable:
        try:
            while os.read(WAKE_R, 512):
                pass
        except BlockingIOError:
            pass
    for serving in list(workers.values()):
        if serving.reports in readable and workers.get(serving.slot) is serving:
            chunk = os.read(serving.reports, 65536)
            serving.buffer += chunk
            while b"\n" in serving.buffer and workers.get(serving.slot) is serving:
                line, serving.buffer = serving.buffer.split(b"\n", 1)
                try:
                    heard(serving, json.loads(line))
                except ValueError:
                    pass
            if not chunk or len(serving.buffer) > 1 << 20:
                retire(serving, slow=True)
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            break
        if pid in running:
            finish(pid, status)
            continue
        for serving in list(workers.values()):
            if serving.pid == pid:  # a worker ended by itself: something in it stopped it
                serving.pid = -1  # reaped: never signalled again
                retire(serving, slow=True)
    now = time.monotonic()
    for pid, due in list(deadline.items()):
        if now >= due:  # reaped (and recorded) with the next SIGCHLD
            deadline.pop(pid)
            for kill in (os.killpg, os.kill):
                try:
                    kill(pid, signal.SIGKILL)
                except OSError:
                    pass
    for serving in list(workers.values()):
        if serving.deadline is not None and now >= serving.deadline:
            # a mutant that does not give way (or collection that never ends): cut, and the
            # slot gets a fresh worker for the next mutant
            retire(serving, status="timeout" if serving.index is not None else None,
                   slow=serving.index is None)


def settle():
    while queue or running or any(busy(slot) for slot in range(SLOTS)):
        dispatch()
        if queue or running or any(busy(slot) for slot in range(SLOTS)):
            pump()


for index, job in enumerate(jobs):
    if job.get("parallel"):
        queue.append(index)
        dispatch()
        continue
    settle()  # a run of its own (the reference, the gates' runs): in the checkout, alone
    launch(index, job, None)
    settle()
settle()
for serving in list(workers.values()):
    retire(serving)
'''
