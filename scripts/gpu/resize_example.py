#!/usr/bin/env python3
"""Rewrites an example's shapes from one size to another: every dimension equal to FROM inside a
`tensor<...>` or `memref<...>` type becomes TO, and so does an entry of a `normalized_shape` (layer_norm's
trailing shape, a shape too). Refuses (exit 1, message on stderr) when FROM occurs
anywhere else in the program text outside // comments (a constant, an attribute such as a reshape's
shape, a derived number like FROM*FROM), since those would need a decision a text rewrite cannot make.

usage: resize_example.py IN.mlir FROM TO > OUT.mlir"""
import re
import sys


def resize(text, old, new):
    old_s, new_s = str(old), str(new)
    type_re = re.compile(r"\b(tensor|memref)<([^<>]*)>")
    norm_re = re.compile(r"(normalized_shape = array<i64: )([0-9, ]*)>")

    def fix_norm(m):
        dims = [new_s if d.strip() == old_s else d.strip() for d in m.group(2).split(",")]
        return "%s%s>" % (m.group(1), ", ".join(dims))

    def fix_type(m):
        dims = m.group(2).split("x")
        dims = [new_s if d == old_s else d for d in dims]
        return "%s<%s>" % (m.group(1), "x".join(dims))

    out_lines = []
    problems = []
    derived = {str(old * old)}  # e.g. a flattened FROM x FROM view
    for lineno, line in enumerate(text.splitlines(keepends=True), 1):
        code, sep, comment = line.partition("//")
        code = norm_re.sub(fix_norm, type_re.sub(fix_type, code))
        rest = norm_re.sub("", type_re.sub("", code))
        for tok in re.findall(r"\d+(?:\.\d+)?(?:[eE][-+]?\d+)?", rest):
            if tok.split(".")[0] == old_s or tok in derived:
                problems.append("line %d: '%s' outside a shape: %s" % (lineno, tok, line.strip()))
        out_lines.append(code + sep + comment)
    return "".join(out_lines), problems


def main():
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__.split("\n\n")[-1] + "\n")
        return 1
    path, old, new = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    with open(path) as f:
        text = f.read()
    out, problems = resize(text, old, new)
    if problems:
        for p in problems:
            sys.stderr.write("resize_example.py: %s: %s\n" % (path, p))
        return 1
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
