#!/usr/bin/env python3
"""Writes ind's wheel: python/ind plus the self-contained libind (libind-standalone.so, CMake target
ind_standalone: LLVM/MLIR linked in) as ind/_lib/libind.so, where python/ind/core.py looks first.

    python3 scripts/ind_wheel.py --library build/lib/libind-standalone.so --out-dir build/dist

scripts/wheel.sh builds the library and runs this; docs/packaging.md. Standard library only (a wheel is a zip
with a .dist-info folder: METADATA, WHEEL, entry_points.txt, RECORD), so building it needs nothing from PyPI.
The metadata is pyproject.toml's [project] table; the version is the library's ind_version(), which
python/ind/__init__.py's __version__ must equal (checked here). Also a PEP 517 build backend (pyproject.toml's
[build-system]): `pip wheel .` / `pip install .` from a checkout run scripts/wheel.sh.
"""
import argparse
import base64
import ctypes
import hashlib
import os
import re
import subprocess
import sys
import sysconfig
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "python", "ind")
LIB_IN_WHEEL = "ind/_lib/libind.so"


def project_table():
    """pyproject.toml's [project] (name, summary, requirements, entry points)."""
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        sys.exit("ind_wheel: needs Python >= 3.11 (tomllib) to read pyproject.toml")
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def library_version(path):
    """ind_version() of the library (loaded in a child, so that this process keeps no 130 MB mapping)."""
    code = ("import ctypes, sys; f = ctypes.CDLL(sys.argv[1]).ind_version; f.restype = ctypes.c_char_p; "
            "print(f().decode())")
    r = subprocess.run([sys.executable, "-c", code, os.path.abspath(path)], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("ind_wheel: cannot load %s: %s" % (path, r.stderr.strip()))
    return r.stdout.strip()


def package_version():
    with open(os.path.join(PACKAGE, "__init__.py")) as f:
        m = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M)
    return m.group(1) if m else None


def platform_tag():
    return re.sub(r"[-.]", "_", sysconfig.get_platform())  # linux-x86_64 -> linux_x86_64


def metadata(proj, version):
    lines = ["Metadata-Version: 2.1", "Name: " + proj["name"], "Version: " + version,
             "Summary: " + proj["description"]]
    if "requires-python" in proj:
        lines.append("Requires-Python: " + proj["requires-python"])
    for url_name, url in proj.get("urls", {}).items():
        lines.append("Project-URL: %s, %s" % (url_name, url))
    for req in proj.get("dependencies", []):
        lines.append("Requires-Dist: " + req)
    for extra, reqs in proj.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: " + extra)
        for req in reqs:
            lines.append('Requires-Dist: %s ; extra == "%s"' % (req, extra))
    body = ""
    readme = proj.get("readme")
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(ROOT, readme)) as f:
            body = "\n" + f.read()
    return "\n".join(lines) + "\n" + body


def entry_points(proj):
    out = []
    for group, eps in proj.get("entry-points", {}).items():
        out.append("[%s]" % group)
        out.extend("%s = %s" % (k, v) for k, v in eps.items())
        out.append("")
    return "\n".join(out)


def _hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build(library, out_dir, compresslevel=6):
    """Writes the wheel into out_dir; returns its path."""
    proj = project_table()
    version = library_version(library)
    pv = package_version()
    if pv != version:
        sys.exit("ind_wheel: python/ind/__init__.py says __version__ = %r but the library's ind_version() is %r "
                 "(libind/ind.c): make them equal" % (pv, version))
    name = proj["name"]
    tag = "py3-none-" + platform_tag()
    dist_info = "%s-%s.dist-info" % (name, version)
    # Reproducible: every entry dated $SOURCE_DATE_EPOCH (default 1980-01-01, the zip format's earliest).
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    date = time.gmtime(max(epoch, 315532800))[:6]
    files = []  # (name in the wheel, bytes, mode)
    for fn in sorted(os.listdir(PACKAGE)):
        if fn.endswith(".py"):
            with open(os.path.join(PACKAGE, fn), "rb") as f:
                files.append(("ind/" + fn, f.read(), 0o644))
    with open(library, "rb") as f:
        files.append((LIB_IN_WHEEL, f.read(), 0o755))
    files.append((dist_info + "/METADATA", metadata(proj, version).encode(), 0o644))
    files.append((dist_info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: ind scripts/ind_wheel.py\n"
                                         "Root-Is-Purelib: false\nTag: %s\n" % tag).encode(), 0o644))
    eps = entry_points(proj)
    if eps:
        files.append((dist_info + "/entry_points.txt", eps.encode(), 0o644))
    files.append((dist_info + "/top_level.txt", b"ind\n", 0o644))
    record = "".join("%s,%s,%d\n" % (n, _hash(d), len(d)) for n, d, _ in files) + dist_info + "/RECORD,,\n"
    files.append((dist_info + "/RECORD", record.encode(), 0o644))
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "%s-%s-%s.whl" % (name, version, tag))
    tmp = path + ".part"
    with zipfile.ZipFile(tmp, "w") as z:
        for n, d, mode in files:
            info = zipfile.ZipInfo(n, date_time=date)
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, d, compresslevel=compresslevel)
    os.replace(tmp, path)
    return path


# --- PEP 517 (pyproject.toml [build-system], backend-path scripts): `pip wheel .` runs scripts/wheel.sh ------

def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """$IND_BUILD_DIR picks the build tree (default build/); the interpreter running pip packs the wheel."""
    env = dict(os.environ)
    env.setdefault("IND_WHEEL_PYTHON", sys.executable)
    r = subprocess.run(["bash", os.path.join(ROOT, "scripts", "wheel.sh"), os.path.abspath(wheel_directory)],
                       stdout=subprocess.PIPE, text=True, check=True, env=env)
    return os.path.basename(r.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--library", required=True, help="libind-standalone.so (CMake target ind_standalone)")
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--compress-level", type=int, default=6, help="zlib level, 0-9 (default 6)")
    a = ap.parse_args()
    print(build(a.library, a.out_dir, a.compress_level))


if __name__ == "__main__":
    main()
