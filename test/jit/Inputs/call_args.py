#!/usr/bin/env python3
# call_args.py NIN NOUT: a host wrapper @call with NIN memref<8xf32> arguments and NOUT memref<8xf32>
# results (an empty body), for the CPU JIT's signature limits
import sys
nin, nout = int(sys.argv[1]), int(sys.argv[2])
ins = ", ".join(["memref<8xf32>"] * nin)
outs = ", ".join(["memref<8xf32>"] * nout)
args = ", ".join("%%a%d: memref<8xf32>" % i for i in range(nin))
vals = ", ".join(["%a0"] * nout)
print('"func.func"() <{function_type = (%s) -> (%s), sym_name = "call"}> ({' % (ins, outs))
print("^bb0(%s):" % args)
print('  "func.return"(%s) : (%s) -> ()' % (vals, outs))
print("}) : () -> ()")
