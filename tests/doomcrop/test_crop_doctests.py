"""The examples in the Doomcrop package's docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import doomlings_access.doomcrop as package

MODULES = sorted(m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + "."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
