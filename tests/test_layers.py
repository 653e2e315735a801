"""The layer folders: each offers what the others use through its ``__init__``, and only that."""

from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

import urlencoded

PACKAGE = pathlib.Path(urlencoded.__file__).parent
LAYERS = ["_core", "_encoding", "_html", "_web", "_tools", "dialects"]


def _imports() -> list[tuple[str, list[str], list[str]]]:
    """(importing file, imported module as parts, names) for every relative import."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        package = parts[:-1]  # a module's package, or for __init__.py the package itself
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - (node.level - 1)]
                module = base + (node.module.split(".") if node.module else [])
                names = [alias.name for alias in node.names]
                found.append((str(path.relative_to(PACKAGE)), module, names))
    return found


def test_no_private_module_of_another_layer_is_imported() -> None:
    """Code outside a layer imports from the layer's package, never from its private modules."""
    crossings = []
    for where, module, _names in _imports():
        if len(module) > 2 and module[1] in LAYERS and module[2].startswith("_"):
            layer_of_importer = where.split("/")[0] if "/" in where else None
            if layer_of_importer != module[1]:
                crossings.append(f"{where} imports {'.'.join(module)}")
    assert crossings == []


@pytest.mark.parametrize("layer", LAYERS)
def test_every_name_a_layer_offers_exists(layer: str) -> None:
    """Each name in a layer's __all__ resolves, those loaded on first use included."""
    package = importlib.import_module(f"urlencoded.{layer}")
    for name in package.__all__:
        assert getattr(package, name) is not None or name.isupper(), name


def test_names_taken_from_a_layer_are_offered() -> None:
    """Every name imported from a layer's package is in that layer's __all__."""
    missing = []
    for where, module, names in _imports():
        if len(module) == 2 and module[1] in LAYERS:
            offered = importlib.import_module(".".join(module)).__all__
            missing += [f"{where}: {name}" for name in names if name not in offered]
    assert missing == []
