"""Sphinx configuration for the urlencoded documentation."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import urlencoded

project = "urlencoded"
author = "The urlencoded authors"
copyright = "2026, The urlencoded authors"
release = urlencoded.__version__
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.intersphinx"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
intersphinx_mapping: dict[str, tuple[str, None]] = {}
html_theme = "alabaster"
exclude_patterns = ["_build"]
nitpicky = False
