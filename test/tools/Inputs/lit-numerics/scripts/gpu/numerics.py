"""A stand-in for scripts/gpu/numerics.py (test/tools/lit-numerics-format.test): a table of cases, each of which
does what its name says when run as `numerics.py cpu|gpu --case C --work W --ind-run R --ind-opt O`."""
import sys


def cases():
    return {c: {} for c in ("pass", "fail", "fail_exit0", "no_summary", "short_count", "usage_error")}


def main(argv):
    mode, case = argv[1], argv[argv.index("--case") + 1]
    print("argv: " + " ".join(argv[1:]))
    if case == "usage_error":
        sys.stderr.write("numerics.py: error: argument --case: invalid choice\n")
        return 2
    passed = {"fail": 1, "short_count": 1}.get(case, 2)
    if case in ("fail", "fail_exit0"):
        print("FAIL: %s/nan (1 outputs)" % case)
    if case != "no_summary":
        if mode == "cpu":
            print("cpu %s: %d of 2 input kinds pass" % (case, passed))
        else:
            print("gpu: %d of 2 (case, input kind) runs pass over 1 cases" % passed)
    return 1 if case == "fail" else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
