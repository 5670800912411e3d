"""Sphinx configuration of the shannon-verify documentation (``sphinx-build -W docs OUT``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

project = "shannon-verify"
author = "the shannon-verify developers"
copyright = "2026, the shannon-verify developers"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
master_doc = "index"
# data the project keeps beside the pages (stores, maps, proofs) is not part of the site
exclude_patterns = ["_build", "hex/*.jsonl", "lnk/*.jsonl", "lnk/*.txt", "hex/*.txt", "**/README.md",
                    "hex/*.md", "lnk/*.md"]  # notes kept beside the data (e.g. lnk/plain.md), not pages
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3
numpydoc_show_class_members = False
numpydoc_validation_checks: set = set()
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_typehints = "none"
suppress_warnings = ["myst.xref_missing", "ref.citation"]  # ref.citation: a numpydoc References entry the text does not cite
html_theme = "alabaster"
# a wider column than alabaster's 940 px page, and code blocks and wide tables that scroll
# sideways inside it instead of being cut at its edge (issue 45; docs/_static/code-blocks.css)
html_theme_options = {"page_width": "1180px", "body_max_width": "none"}
html_static_path = ["_static"]
html_css_files = ["code-blocks.css"]
nitpicky = False
autodoc_inherit_docstrings = False
