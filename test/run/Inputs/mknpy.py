#!/usr/bin/env python3
import struct, sys
# mknpy.py OUT HLEN [FORTRAN]: a version 2.0 .npy of float32 [1.5, -2.0] whose header is HLEN bytes
# (spaces, then '\n'); FORTRAN is the fortran_order value written as is (default False)
out, hlen = sys.argv[1], int(sys.argv[2])
fortran = sys.argv[3] if len(sys.argv) > 3 else "False"
d = "{'descr': '<f4', 'fortran_order': %s, 'shape': (2,), }" % fortran
h = (d + " " * (hlen - len(d) - 1) + "\n").encode()
open(out, "wb").write(b"\x93NUMPY\x02\x00" + struct.pack("<I", hlen) + h + struct.pack("<2f", 1.5, -2.0))
