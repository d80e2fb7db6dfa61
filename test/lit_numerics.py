"""lit_numerics.py - the numerics matrix as a lit test format: one lit test per case (docs/testing.md, "GPU numerics").

The cases are the table of scripts/gpu/numerics.py (its cases(), what `numerics.py list` prints): the format
reads that table once per folder and yields one test per case, named <folder>/<case> (numerics/int_amax,
gpu/int_amax), so that `lit build/test/numerics --filter 'numerics/int_amax$'` runs one.
test/numerics/lit.local.cfg uses NumericsFormat("cpu", its folder), test/gpu/lit.local.cfg NumericsFormat("gpu",
its folder). A test runs

    %python scripts/gpu/numerics.py cpu --case C --work %t --ind-run %ind-run --ind-opt %ind-opt
    %python scripts/gpu/numerics.py gpu --case C --work %t --ind-run %ind-run --ind-opt %ind-opt

(the values of the suite's substitutions, test/lit.cfg.py) in the folder's Output/, after removing %t, and
passes when the command exits 0, no line of its standard output says FAIL, and its output has the summary
line with every run passing ("cpu C: N of N input kinds pass", "gpu: N of N (case, input kind) runs pass
over 1 cases"). A command that cannot be started is UNRESOLVED; anything else short of that is FAIL.
The gpu tests require the `gpu` lit feature (UNSUPPORTED without it, as `REQUIRES: gpu` in a file).
"""
import importlib.util
import os
import re
import shutil

import lit.formats.base
import lit.Test
import lit.TestRunner
import lit.util

# What a run must print (re.search on each line of its standard output): the summary with N of N.
SUMMARY = {
    "cpu": r"cpu %(case)s: ([0-9]+) of \1 input kinds pass",
    "gpu": r"gpu: ([0-9]+) of \1 \(case, input kind\) runs pass over 1 cases",
}
# What a run must not print anywhere in its standard output.
FAILURE = "FAIL"


def _table(src_dir):
    """The script whose cases() is the table (and whose subcommands cpu and gpu run a case)."""
    return os.path.join(src_dir, "scripts", "gpu", "numerics.py")


def _case_names(src_dir):
    """The case names of numerics.py's table, in its order (the module imported from its file)."""
    path = _table(src_dir)
    spec = importlib.util.spec_from_file_location("ind_numerics_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.cases())


def _substitution(config, key):
    """The value test/lit.cfg.py gives the substitution `key` (%python, %ind-run, ...)."""
    for k, v in config.substitutions:
        if k == key:
            return v
    raise KeyError("lit_numerics: the suite defines no substitution %s" % key)


class NumericsFormat(lit.formats.base.TestFormat):
    """The tests of one folder (`folder`, the one whose lit.local.cfg makes the format): one per case, run by
    `numerics.py <mode>` (cpu or gpu)."""

    def __init__(self, mode, folder):
        assert mode in SUMMARY, mode
        self.mode = mode
        self.folder = os.path.realpath(folder)

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        source_path = testSuite.getSourcePath(path_in_suite)
        if os.path.realpath(source_path) != self.folder:
            return  # a subfolder inherits the format but holds no cases
        # The folder holds no test files: one there would never run (this format reads the table only).
        for name in sorted(os.listdir(source_path)):
            if any(name.endswith(suffix) for suffix in localConfig.suffixes):
                litConfig.error("%s: a file in a folder of lit_numerics tests is never run (the tests are the "
                                "cases of scripts/gpu/numerics.py)" % os.path.join(source_path, name))
        try:
            names = _case_names(localConfig.ind_src_dir)
        except Exception as e:  # a broken table is an error of the run, not zero tests
            litConfig.error("lit_numerics: cannot read the cases of %s: %s" % (_table(localConfig.ind_src_dir), e))
            return
        for case in names:
            test = lit.Test.Test(testSuite, path_in_suite + (case,), localConfig)
            if self.mode == "gpu":
                test.requires.append("gpu")
            yield test

    def command(self, test, work):
        """The argv of one case's run (the line a shim test's RUN line spelled)."""
        case = test.path_in_suite[-1]
        c = test.config
        return [_substitution(c, "%python"), _table(c.ind_src_dir),
                self.mode, "--case", case, "--work", work, "--ind-run", _substitution(c, "%ind-run"),
                "--ind-opt", _substitution(c, "%ind-opt")]

    def execute(self, test, litConfig):
        if test.config.unsupported:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "the folder's config marks it unsupported")
        missing = test.getMissingRequiredFeatures()
        if missing:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "Test requires the following unavailable features: %s"
                                   % ", ".join(missing))
        tmp_dir, tmp_base = lit.TestRunner.getTempPaths(test)
        work = tmp_base + ".tmp"
        cmd = self.command(test, work)
        header = "Command: %s\n" % " ".join(cmd)
        if litConfig.noExecute:
            return lit.Test.Result(lit.Test.PASS, header)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(tmp_dir, exist_ok=True)
        try:
            out, err, code = lit.util.executeCommand(cmd, cwd=os.path.dirname(tmp_dir), env=test.config.environment,
                                                     timeout=litConfig.maxIndividualTestTime)
        except lit.util.ExecuteCommandTimeoutException as e:
            return lit.Test.Result(lit.Test.TIMEOUT, "%s%s\nReached timeout of %s seconds"
                                   % (header, e.out + e.err, litConfig.maxIndividualTestTime))
        except OSError as e:
            return lit.Test.Result(lit.Test.UNRESOLVED, "%scannot run the command: %s" % (header, e))
        why = self.judge(test.path_in_suite[-1], out, code)
        report = "%sExit: %d\nStdout:\n%s\nStderr:\n%s" % (header, code, out, err)
        if why:
            return lit.Test.Result(lit.Test.FAIL, "%s\n%s" % (why, report))
        return lit.Test.Result(lit.Test.PASS, report)

    def judge(self, case, out, code):
        """Why the run of `case` failed (its exit code and standard output), or None when it passed."""
        if code != 0:
            return "the command exited %d" % code
        lines = out.splitlines()
        bad = [l for l in lines if FAILURE in l]
        if bad:
            return "the output says %s: %s" % (FAILURE, bad[0])
        summary = re.compile(SUMMARY[self.mode] % {"case": re.escape(case)})
        if not any(summary.search(l) for l in lines):
            return "no line of the output matches %r" % summary.pattern
        return None
