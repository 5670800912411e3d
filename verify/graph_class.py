"""Graph classes: the connected graphs a statement, ``check`` or ``hunt`` runs over.

A *graph class* is a set of connected graphs closed under isomorphism, given by
constraints that nauty's ``geng`` [1]_ can impose while it generates, or that a filter
applies to its output:

==================  =================================  ===================================
spec item           the graph                          how it is enumerated
==================  =================================  ===================================
``maxdeg=D``        every vertex has degree ≤ D        ``geng -D D``
``mindeg=D``        every vertex has degree ≥ D        ``geng -d D``
``trianglefree``    no 3-cycle                         ``geng -t``
``c4free``          no 4-cycle (as a subgraph)         ``geng -f``
``bipartite``       two-colourable                     ``geng -b``
``planar``          has a plane embedding              nauty's ``planarg`` on geng's output,
                                                       else :func:`networkx.check_planarity`
==================  =================================  ===================================

A spec joins items with commas, in any order (``"maxdeg=3,mindeg=2"``); the empty spec
is the class of all connected graphs.  :class:`GraphClass` parses a spec, gives it back
in one canonical form (:attr:`GraphClass.spec`, items sorted), gives geng's flags
(:meth:`GraphClass.geng_flags`) and decides membership from the definitions above
(:meth:`GraphClass.contains`), which is what the tests hold the enumeration to.

>>> c = GraphClass.parse("mindeg=2, maxdeg=3")
>>> c.spec, c.geng_flags()
('maxdeg=3,mindeg=2', ['-d2', '-D3'])
>>> str(c)
'connected graphs with minimum degree ≥ 2 and maximum degree ≤ 3'
>>> import networkx as nx
>>> c.contains(nx.cycle_graph(5)), c.contains(nx.path_graph(5))
(True, False)

References
----------
.. [1] B. D. McKay, A. Piperno, "Practical graph isomorphism, II", J. Symbolic
   Computation 60 (2014); nauty and Traces user's guide (``geng``, ``planarg``).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields

import networkx as nx

from .errors import InputError

__all__ = ["GraphClass", "MAX_DEGREE_BOUND", "as_graph_class"]

MAX_DEGREE_BOUND = 31
"""The largest degree bound a spec may give: geng makes graphs of at most 32 vertices."""

_USAGE = "use maxdeg=D, mindeg=D, trianglefree, c4free, bipartite, planar"
_FLAGS = {"trianglefree": "triangle_free", "c4free": "c4_free", "bipartite": "bipartite", "planar": "planar"}
_DEGREES = {"maxdeg": "max_degree", "mindeg": "min_degree"}


@dataclass(frozen=True)
class GraphClass:
    """A class of connected graphs (see the module docstring); every field at its default
    is the class of all connected graphs.

    Parameters
    ----------
    max_degree, min_degree : int or None
        Bounds on every vertex's degree (0 to :data:`MAX_DEGREE_BOUND`), or None for none.
    triangle_free, c4_free, bipartite, planar : bool
        No 3-cycle; no 4-cycle (not necessarily induced); two-colourable; planar.

    Raises
    ------
    InputError
        A bound that is not an integer in range, or a minimum degree above the maximum.

    Examples
    --------
    >>> GraphClass(max_degree=3, triangle_free=True).spec
    'maxdeg=3,trianglefree'
    >>> GraphClass(min_degree=4, max_degree=3)
    Traceback (most recent call last):
    ...
    verify.errors.InputError: Graph class 'maxdeg=3,mindeg=4' is empty: mindeg 4 is above maxdeg 3.
    """

    max_degree: int | None = None
    min_degree: int | None = None
    triangle_free: bool = False
    c4_free: bool = False
    bipartite: bool = False
    planar: bool = False

    def __post_init__(self) -> None:
        for key, name in _DEGREES.items():
            d = getattr(self, name)
            if d is not None and (isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= MAX_DEGREE_BOUND):
                raise InputError(f"The bound {key}={d!r} must be a whole number from 0 to {MAX_DEGREE_BOUND}.")
        for key, name in _FLAGS.items():
            if not isinstance(getattr(self, name), bool):
                raise InputError(f"The graph class field {name} must be True or False, not {getattr(self, name)!r}.")
        if self.max_degree is not None and self.min_degree is not None and self.min_degree > self.max_degree:
            raise InputError(f"Graph class {self.spec!r} is empty: mindeg {self.min_degree} is above maxdeg {self.max_degree}.")

    @classmethod
    def parse(cls, spec: str) -> GraphClass:
        """The class of a spec such as ``"maxdeg=3,mindeg=2"`` (``""``: all connected graphs).

        Items are separated by commas, with spaces allowed around them; keys are
        case-insensitive, and ``-`` or ``_`` inside a key is ignored (``triangle-free``);
        ``all`` names no constraint.

        Parameters
        ----------
        spec : str
            The spec.

        Returns
        -------
        GraphClass

        Raises
        ------
        InputError
            An unknown item, an item given twice, a bound that is not a whole number from 0
            to :data:`MAX_DEGREE_BOUND`, or contradictory bounds (one sentence).

        Examples
        --------
        >>> GraphClass.parse("bipartite, maxdeg=4") == GraphClass(max_degree=4, bipartite=True)
        True
        >>> GraphClass.parse("").is_all
        True
        >>> GraphClass.parse("maxdeg=x")
        Traceback (most recent call last):
        ...
        verify.errors.InputError: The bound maxdeg='x' must be a whole number from 0 to 31.
        """
        if not isinstance(spec, str):
            raise InputError(f"A graph class spec is a string such as 'maxdeg=3', not {type(spec).__name__}.")
        values: dict = {}
        for item in spec.split(","):
            item = item.strip()
            if not item:
                continue
            key, eq, value = item.partition("=")
            key = key.strip().lower().replace("-", "").replace("_", "")
            value = value.strip()
            if key == "all" and not eq:
                continue
            if key in _DEGREES and not eq:
                raise InputError(f"Graph class item {item!r} needs a bound, as in {key}=3.")
            if key in _FLAGS and eq:
                raise InputError(f"Graph class item {item!r} takes no value; write {key}.")
            if key in _DEGREES:
                name = _DEGREES[key]
                if not re.fullmatch(r"[+-]?[0-9]+", value):
                    raise InputError(f"The bound {key}={value!r} must be a whole number from 0 to {MAX_DEGREE_BOUND}.")
                bound = int(value)
            elif key in _FLAGS:
                name, bound = _FLAGS[key], True
            else:
                raise InputError(f"Unknown graph class {item!r}; {_USAGE}.")
            if name in values:
                raise InputError(f"Graph class {spec!r} gives {key} twice.")
            values[name] = bound
        return cls(**values)

    @property
    def spec(self) -> str:
        """The canonical spec: the items sorted, joined by commas (``""`` for all graphs).

        >>> GraphClass.parse("planar,mindeg=1,maxdeg=12").spec
        'maxdeg=12,mindeg=1,planar'
        """
        items = [f"{key}={getattr(self, name)}" for key, name in _DEGREES.items() if getattr(self, name) is not None]
        items += [key for key, name in _FLAGS.items() if getattr(self, name)]
        return ",".join(sorted(items))

    @property
    def is_all(self) -> bool:
        """Whether this is the class of all connected graphs (no constraint).

        >>> GraphClass().is_all, GraphClass(planar=True).is_all
        (True, False)
        """
        return self == GraphClass()

    def geng_flags(self) -> list[str]:
        """geng's command-line flags for the class (planarity is not one: see the module docstring).

        >>> GraphClass.parse("trianglefree,maxdeg=3,mindeg=2,planar").geng_flags()
        ['-d2', '-D3', '-t']
        >>> GraphClass.parse("bipartite,c4free").geng_flags()
        ['-f', '-b']
        """
        flags = []
        if self.min_degree is not None:
            flags.append(f"-d{self.min_degree}")
        if self.max_degree is not None:
            flags.append(f"-D{self.max_degree}")
        if self.triangle_free:
            flags.append("-t")
        if self.c4_free:
            flags.append("-f")
        if self.bipartite:
            flags.append("-b")
        return flags

    def contains(self, graph) -> bool:
        """Whether ``graph`` is in the class, from the definitions (connected included).

        Parameters
        ----------
        graph : networkx.Graph, dict or sequence
            A networkx graph, an adjacency dict ``{v: neighbours}``, or a sequence whose
            item ``i`` holds the neighbours of vertex ``i``; self-loops are ignored.

        Returns
        -------
        bool
            False for the graph with no vertices (it is not connected).

        Examples
        --------
        >>> c = GraphClass.parse("trianglefree")
        >>> c.contains([[1, 2], [0, 2], [0, 1]]), c.contains({0: [1], 1: [0, 2], 2: [1]})
        (False, True)
        >>> GraphClass().contains({0: [1], 1: [0], 2: []})
        False
        """
        g = _as_networkx(graph)
        if g.number_of_nodes() == 0 or not nx.is_connected(g):
            return False
        degrees = [d for _, d in g.degree()]
        if self.max_degree is not None and max(degrees) > self.max_degree:
            return False
        if self.min_degree is not None and min(degrees) < self.min_degree:
            return False
        nbrs = {v: set(g.adj[v]) for v in g}
        if self.triangle_free and any(nbrs[u] & nbrs[v] for u, v in g.edges):
            return False
        if self.c4_free:
            nodes = list(g)
            if any(len(nbrs[a] & nbrs[b]) > 1 for i, a in enumerate(nodes) for b in nodes[i + 1:]):
                return False
        if self.bipartite and not nx.is_bipartite(g):
            return False
        if self.planar and not nx.check_planarity(g)[0]:
            return False
        return True

    def __and__(self, other: GraphClass) -> GraphClass:
        """The intersection of two classes (raises :class:`~verify.errors.InputError` when it
        is empty by its degree bounds).

        >>> (GraphClass.parse("maxdeg=4,planar") & GraphClass.parse("maxdeg=3,bipartite")).spec
        'bipartite,maxdeg=3,planar'
        """
        if not isinstance(other, GraphClass):
            return NotImplemented

        def pick(a, b, f):
            return b if a is None else a if b is None else f(a, b)

        lo, hi = pick(self.min_degree, other.min_degree, max), pick(self.max_degree, other.max_degree, min)
        if lo is not None and hi is not None and lo > hi:
            raise InputError(f"Graph classes {self.spec!r} and {other.spec!r} have no graph in common: "
                             f"mindeg {lo} is above maxdeg {hi}.")
        return GraphClass(hi, lo, *(getattr(self, n) or getattr(other, n) for n in _FLAGS.values()))

    def to_json(self) -> dict:
        """The fields as a JSON-ready dict (:meth:`from_json` reads it back).

        >>> GraphClass.from_json(GraphClass(max_degree=3).to_json()) == GraphClass(max_degree=3)
        True
        """
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> GraphClass:
        """The class of a dict written by :meth:`to_json` (checked as the constructor checks).

        >>> GraphClass.from_json({"planar": True}).spec
        'planar'
        """
        if not isinstance(data, dict):
            raise InputError(f"A graph class in JSON is an object of its fields, not {type(data).__name__}.")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InputError(f"Unknown graph class field {unknown[0]!r}; the fields are {', '.join(sorted(known))}.")
        return cls(**data)

    def __str__(self) -> str:
        """The class in words, for a person.

        >>> str(GraphClass())
        'connected graphs'
        >>> str(GraphClass.parse("planar,bipartite,c4free,mindeg=3,maxdeg=3"))
        'connected bipartite C4-free planar 3-regular graphs'
        >>> str(GraphClass.parse("trianglefree,maxdeg=3"))
        'connected triangle-free graphs with maximum degree ≤ 3'
        """
        words = ["connected"]
        words += [w for w, on in (("bipartite", self.bipartite), ("triangle-free", self.triangle_free),
                                  ("C4-free", self.c4_free), ("planar", self.planar)) if on]
        lo, hi = self.min_degree, self.max_degree
        if lo is not None and lo == hi:
            return " ".join(words + [f"{lo}-regular graphs"])
        bounds = ([f"minimum degree ≥ {lo}"] if lo is not None else []) + ([f"maximum degree ≤ {hi}"] if hi is not None else [])
        return " ".join(words + ["graphs"]) + (" with " + " and ".join(bounds) if bounds else "")


def as_graph_class(value) -> GraphClass:
    """A :class:`GraphClass` from a spec string, a class, or None (all connected graphs).

    >>> as_graph_class("maxdeg=3") == as_graph_class(GraphClass(max_degree=3))
    True
    >>> as_graph_class(None).is_all
    True
    """
    if value is None:
        return GraphClass()
    if isinstance(value, GraphClass):
        return value
    return GraphClass.parse(value)


def _as_networkx(graph) -> nx.Graph:
    if isinstance(graph, nx.Graph):
        g = nx.Graph(graph)
    else:
        items = graph.items() if isinstance(graph, dict) else enumerate(graph)
        g = nx.Graph()
        for v, nbrs in items:
            g.add_node(v)
            g.add_edges_from((v, u) for u in nbrs)
    g.remove_edges_from(list(nx.selfloop_edges(g)))
    return g
