"""The examples in the engine's docstrings run as they read (python-chess's habit):
``engine.core`` (a game in a few lines) and ``engine.registry``."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import engine.core
import engine.registry

MODULES = [engine.core, engine.registry]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_docstring_examples_run(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, raise_on_error=False, verbose=False)
    assert result.attempted > 0, f"{module.__name__} has no examples"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {module.__name__} failed"
