"""The package's layers: no import circles among the modules of ``verify``.

Every import of a module of ``verify`` — at module level or deferred inside a function
(a deferred import hides a circle from Python, not from the design) — is an edge of a
graph over ``verify.*``; every strongly connected component with more than one module is
an import circle.  The test fails on any circle not in :data:`KNOWN_CIRCLES` (circles
being taken apart, each to be removed from the list when it is), naming its modules.
Kernels never import the registry or the sweep (:data:`KERNELS`), and the registry never
imports the sweep.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1] / "verify"

# modules that solve or decide, below the registry and the sweep
KERNELS = ("verify.game", "verify.formats", "verify.graphs", "verify.solve", "verify.dead", "verify.concepts",
           "verify.hexboard")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _resolve(current: str, is_package: bool, level: int, module: str | None) -> str:
    base = current.split(".") if is_package else current.split(".")[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def import_graph() -> nx.DiGraph:
    modules = {module_name(p): p for p in ROOT.rglob("*.py")}
    g = nx.DiGraph()
    g.add_nodes_from(modules)
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        is_package = path.name == "__init__.py"
        for node in tree.body:
            stack = [node]
            while stack:
                n = stack.pop()
                if isinstance(n, ast.If) and isinstance(n.test, ast.Name) and n.test.id == "TYPE_CHECKING":
                    continue  # annotations only
                targets = []
                if isinstance(n, ast.Import):
                    targets = [a.name for a in n.names]
                elif isinstance(n, ast.ImportFrom):
                    mod = _resolve(name, is_package, n.level, n.module) if n.level else n.module
                    targets = [mod] + [f"{mod}.{a.name}" for a in n.names]
                for t in targets:
                    while t and t not in modules:
                        t = t.rpartition(".")[0]
                    if t and t != name and t.startswith("verify"):
                        g.add_edge(name, t)
                stack.extend(ast.iter_child_nodes(n))
    # a package imports its __init__'s imports; importing a submodule runs its parents' __init__ too
    for name in list(g):
        parent = name.rpartition(".")[0]
        while parent:
            if parent in modules and name.startswith(parent + "."):
                g.add_edge(name, parent)
            parent = parent.rpartition(".")[0]
    return g


def circles(g: nx.DiGraph) -> list[list[str]]:
    out = []
    for comp in nx.strongly_connected_components(g):
        if len(comp) > 1:
            out.append(sorted(comp))
    return sorted(out)


def _without_package_edges(g: nx.DiGraph) -> nx.DiGraph:
    """Edges from a module to its own parent package are implied by Python; a package
    importing its own submodules in __init__ is the usual re-export, not a layer breach."""
    h = g.copy()
    h.remove_edges_from([(a, b) for a, b in g.edges if a.startswith(b + ".") or b.startswith(a + ".")])
    return h


# circles being taken apart (issue 20): a new circle, or one of these growing, fails the test
KNOWN_CIRCLES: list[list[str]] = []  # none left: every circle found from now on fails the test


def test_no_import_circles():
    found = circles(_without_package_edges(import_graph()))
    new = [c for c in found if c not in KNOWN_CIRCLES]
    assert not new, "import circles: " + "; ".join(" <-> ".join(c) for c in new)


def test_known_circles_are_still_there():
    """A circle taken apart leaves this list too, so the list never hides a new one."""
    found = circles(_without_package_edges(import_graph()))
    assert all(c in found for c in KNOWN_CIRCLES), [c for c in KNOWN_CIRCLES if c not in found]


def test_kernels_never_import_the_registry_or_the_sweep():
    g = _without_package_edges(import_graph())
    bad = [(a, b) for a, b in g.edges
           if a.startswith(KERNELS) and b.startswith(("verify.registry", "verify.sweep", "verify.cli"))]
    assert not bad, bad


def test_the_registry_never_imports_the_sweep():
    g = _without_package_edges(import_graph())
    bad = [(a, b) for a, b in g.edges if a.startswith("verify.registry") and b.startswith("verify.sweep")]
    assert not bad, bad
