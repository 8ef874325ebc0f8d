"""The build: the engine's hottest modules compiled to C by mypyc (the same
Python, type-checked, run several times faster), unless ENGINE_PURE=1 — with
what a compiled class cannot derive at run time (its copy, its annotations for
its JSON) derived from the sources first (``engine._build.generate``).

``pip install -e .`` compiles them next to their sources; ``engine/_build.py``
then runs the sources instead whenever one has changed since (a warning says
so), until the next install compiles them again.  An editable install whose
sources have not changed since the last compile keeps its modules
(``engine._build.reusable``; ``ENGINE_REBUILD=1`` compiles them anyway).  Without
a C compiler or Python's headers, the install stops at once and says so in one
line (``engine._build.compiler_problem``).
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

build: dict[str, Any] = runpy.run_path(str(Path(__file__).parent / "engine" / "_build.py"), run_name="build")
compiled: list[str] = [] if os.environ.get("ENGINE_PURE") == "1" else list(build["COMPILED"])
here = Path(__file__).parent
# pip runs setup.py three times an install: egg_info and dist_info (the metadata) need
# no compile, editable_wheel or bdist_wheel compile.  An editable install keeps the modules
# compiled beside the sources when they are of these very sources (engine._build.reusable).
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
compiling = bool(compiled) and not BUILDS.isdisjoint(sys.argv)
kept = bool(compiled) and "bdist_wheel" not in sys.argv and build["reusable"]()
if compiled and not kept and (problem := build["compiler_problem"]()):
    raise SystemExit(problem)  # at once, in one line, rather than gcc's missing after a minute
if kept:
    compiling = False
    print("engine: the compiled modules are of these very sources: kept, not compiled again", file=sys.stderr)
elif compiling:  # the native records' copies and annotations, derived from the sources
    compiled += build["generate"]()
elif not compiled:
    for path in build["GENERATED"]:
        (here / path).unlink(missing_ok=True)
wanted = {*compiled, build["COPIES"]} if compiled else set()
for lib in [*(here / "engine").rglob("*.so"), *here.glob("engine__mypyc.*.so")]:
    source = str(lib.relative_to(here).with_name(lib.name.split(".")[0] + ".py"))
    if not compiled or (source not in wanted and not lib.name.startswith("engine__mypyc")):
        lib.unlink()  # compiled once and no longer: the source runs
ext_modules: list[Any] = []
if compiling:
    from mypyc.build import mypycify

    ext_modules = mypycify(compiled, opt_level="3", group_name="engine")
    build["STAMP"].write_text(json.dumps(build["digests"](), indent=1) + "\n", encoding="utf-8")
elif kept:  # named, not compiled (KeptOrCompiled): an editable install's finder maps it
    ext_modules = [Extension(build["libraries"]()[-1].name.split(".")[0], sources=[])]
elif not compiled and build["STAMP"].exists():
    build["STAMP"].unlink()


class KeptOrCompiled(build_ext):
    """Compiles the engine; or, when the install keeps what it compiled before, nothing:
    the group's module (engine__mypyc, at the checkout's root) is then only named, so
    that setuptools' editable finder still maps it, as after a compile."""

    def run(self) -> None:
        if not kept:
            super().run()


class WithLocales(build_py):
    """A wheel carries the words: locales/ (at the checkout's root, beside the code it
    serves) goes into the package as ``bot/locales``, where ``bot.i18n`` looks first."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads locales/ where it is
        for ftl in sorted((here / "locales").glob("*/*.ftl")):
            target = Path(self.build_lib) / "bot" / ftl.relative_to(here)
            self.mkpath(str(target.parent))
            self.copy_file(str(ftl), str(target))


setup(ext_modules=ext_modules, cmdclass={"build_py": WithLocales, "build_ext": KeptOrCompiled})
