"""TSD: A. M. Steane, *Threat, support and dead edges in the Shannon game* (arXiv:1210.7985).

Statements register on import, one module per part of the paper:

==================  ===========================================================
``games.py``        §2–§4 on games: the model, no draw, captured/lost sets,
                    domination (Theorems 1–6, 9–11), the pair results of §4.1
``graph.py``        §4 graph identities: threat, support, Lemmas 2–5, Theorems 7–8
``dead.py``         §5 dead vertices and edges (Theorems 12–16, spectators)
``links.py``        §7 multi-links: the or-rule and the and-rule (Theorems 17–18)
``figs.py``         the figures' captions and examples (smallest witnesses)
``dual.py``         §3's closing remark on dual graphs (``dual_graph.py`` builds them)
``lemmas.py``       the project's induced-path lemma (PROJ.INDUCED_PATH) behind
                    the dead-item oracles; not in the paper
``table.py``        §6 Table 1 (``table1.py`` computes it, ``table1_kernel.c`` in C;
                    ``published.py`` holds the paper's rows, used only to compare)
``_memo.py``        answers the checks reuse within a game (and the dead-item
                    oracle's across statements); registers nothing
==================  ===========================================================

``PENDING`` names the catalogue ids not encoded yet.
"""

from . import dead, dual, figs, games, graph, lemmas, links, table  # noqa: F401  (registration happens on import)

PENDING: dict[str, str] = {}
