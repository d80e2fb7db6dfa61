"""Programs compiled ahead by ptxas in the torch backend (ind.backend.ptxas_setting, _attach_cubin, get_program;
test/torch/ptxas.test). No GPU: the device's architecture is a stand-in (backend._device_arch)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from ind import backend  # noqa: E402

text = open(sys.argv[1]).read()
ins, outs = [((1024, 1024), "f32")] + [((1024,), "f32")] * 3, [((1024, 1024), "f32")]
print("setting: default", backend.ptxas_setting(), "| options", backend.ptxas_setting({"ptxas": "auto"}))
backend._device_arch = lambda: "sm_90"
plain = backend.get_program(text, ins, outs, "cuda", {})
ahead = backend.get_program(text, ins, outs, "cuda", {"ptxas": "auto"})
print("without ptxas: cubin", plain.section("cubin") is not None)
print("with ptxas on sm_90: cubin", (ahead.section("cubin") or b"")[:4] == b"\x7fELF", "| a program of its own:", ahead is not plain)
backend._device_arch = lambda: "sm_80"
backend._CACHE.clear()
other = backend.get_program(text, ins, outs, "cuda", {"ptxas": "auto"})
print("with ptxas on sm_80 (the PTX targets sm_90): cubin", other.section("cubin") is not None)
cpu = backend.get_program(text, ins, outs, "cpu", {"ptxas": "auto"})
print("on the CPU: ptxas asked for nothing:", cpu.ptx is None)
