"""Reports of a ``shannon-verify check`` run, as Markdown and as an HTML page.

``shannon-verify check`` records its results in ``.shannon-verify/last-run.json``: a
list of :meth:`Result.to_json() <verify.registry.Result.to_json>` dicts (``id``,
``verdict``, ``n_range``, ``instances``, ``hypothesis_true``, ``seconds`` and, when a
game was found, ``witness`` and ``counterexample``, the path of the stored JSON whose
PNG lies beside it).  This module turns such a list, together with the statement
registry, into a report that contains

* a header: when the report was made, the shannon-verify version, the run file, and
  the number of statements by verdict;
* a list of what *needs attention*: statements that ``fails``, or whose verdict is
  ``unknown`` (undecided, e.g. interrupted), ``vacuous`` (the hypothesis never held,
  so nothing was checked) or ``not-found`` (no example), and statements recorded as
  refuted whose counterexample was not reached.  These are flagged (⚠ / ✗ and a
  colour) in the table too, never left among the passes;
* a table with one row per statement: id, kind, verdict, range of n, games checked
  (every one of them: the enumeration is exhaustive), how often the hypothesis held,
  what backs the answers on each game (:func:`backed_by`: the decision procedures the
  check consulted — Python searches, compiled kernels cross-checked in tests, SAT
  answers not certified in the run, z3's word), seconds, and a link to its
  counterexample;
* one section per statement with a game (``fails``, ``refuted``, ``found``): the
  statement's text, reading and source, the game (graph6, n, m, terminals, edges),
  the check's details, the picture, and the commands that reproduce and inspect it.

The rendering functions :func:`render_markdown` and :func:`render_html` are pure
(results and registry in, text out); :func:`load_run` reads a run file and
:func:`write_report` writes ``report.md``, ``report.html`` and the copied pictures
(``img/``) and counterexample files (``data/``) into one folder, which can be moved
as a whole.

>>> results = [{"id": "MY.X", "verdict": "vacuous", "n_range": [2, 5], "instances": 30,
...             "hypothesis_true": 0, "seconds": 0.1}]
>>> md = render_markdown(results, {}, generated="2026-01-01 00:00 UTC", version="0.1.0")
>>> "⚠ vacuous" in md
True
"""

from __future__ import annotations

import base64
import datetime as _dt
import html
import json
import re
import shutil
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import quote

from .errors import InputError
from .registry.statement import VERDICTS

__all__ = [
    "load_run",
    "backed_by",
    "by_verdict",
    "attention",
    "render_markdown",
    "render_html",
    "write_report",
    "NO_RUN",
]

NO_RUN = "No run is recorded yet; run 'shannon-verify check' first."

#: Verdicts that show a game (a counterexample or, for ``found``, a witness).
WITH_GAME = ("fails", "refuted", "found")

# verdict -> (mark, css colour); marks make flagged verdicts visible without colour.
_STYLE = {
    "holds": ("✓", "#1a7f37"),
    "refuted": ("✓", "#6f42c1"),
    "found": ("✓", "#0b7285"),
    "fails": ("✗", "#cf222e"),
    "unknown": ("⚠", "#b35900"),
    "vacuous": ("⚠", "#b35900"),
    "not-found": ("⚠", "#b35900"),
}
_REQUIRED = {"id": str, "verdict": str, "n_range": list, "instances": int, "hypothesis_true": int, "seconds": (int, float)}


# ---------------------------------------------------------------------------
# reading a run


def load_run(path) -> list[dict]:
    """The results recorded in a run file (``.shannon-verify/last-run.json``).

    Parameters
    ----------
    path : str or Path
        The run file written by ``shannon-verify check``.

    Returns
    -------
    list of dict
        One :meth:`~verify.registry.Result.to_json` dict per statement, in run order.

    Raises
    ------
    InputError
        If the file does not exist (:data:`NO_RUN`), is not JSON, or is not a list of
        results.

    Examples
    --------
    >>> load_run("/nonexistent/last-run.json")
    Traceback (most recent call last):
    ...
    verify.errors.InputError: No run is recorded yet; run 'shannon-verify check' first.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(NO_RUN) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"Cannot read {p}: {getattr(exc, 'strerror', None) or exc}.") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if hasattr(exc, "lineno") else ""
        raise InputError(f"{p} is not valid JSON{where}; run 'shannon-verify check' again.") from None
    if not isinstance(data, list):
        raise InputError(f"{p} is not a shannon-verify run: it should hold a list of results.")
    for k, r in enumerate(data, 1):
        if not isinstance(r, dict):
            raise InputError(f"{p} is not a shannon-verify run: result {k} is not an object.")
        for key, typ in _REQUIRED.items():
            if not isinstance(r.get(key), typ) or isinstance(r.get(key), bool):
                raise InputError(f"{p} is not a shannon-verify run: result {k} has no valid {key!r}.")
        n_range = r["n_range"]
        if len(n_range) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in n_range):
            raise InputError(f"{p} is not a shannon-verify run: result {k} has no valid 'n_range'.")
        if not isinstance(r.get("witness", {}), dict) or not isinstance(r.get("counterexample", ""), str):
            raise InputError(f"{p} is not a shannon-verify run: result {k} has a malformed witness.")
        if r["verdict"] not in VERDICTS:
            raise InputError(f"{p} is not a shannon-verify run: result {k} has the unknown verdict {r['verdict']!r}.")
    return data


def backed_by(result: Mapping) -> str:
    """What backs a result: every instance enumerated (the games column), each decided by
    the procedures the run recorded (:mod:`verify.backing`), with their standing.

    >>> backed_by({"oracles": ["hex-kernel", "fast"]})
    'memoised Shannon solver (Python); Hex kernel hexsolve.c (C kernel, cross-checked in tests)'
    >>> backed_by({})
    'not recorded'
    """
    from .backing import describe

    if "oracles" not in result:  # a run file written before the procedures were recorded
        return "not recorded"
    return describe(result["oracles"])


def by_verdict(results: Sequence[Mapping]) -> dict[str, int]:
    """How many results have each verdict, in the order of ``VERDICTS``; zeros left out.

    >>> by_verdict([{"verdict": "holds"}, {"verdict": "fails"}, {"verdict": "holds"}])
    {'holds': 2, 'fails': 1}
    """
    counts = Counter(r["verdict"] for r in results)
    return {v: counts[v] for v in VERDICTS if counts[v]}


def attention(result: Mapping, statement=None) -> str:
    """Why ``result`` needs attention, as a short phrase; ``""`` when it does not.

    Parameters
    ----------
    result : dict
        One result of a run.
    statement : Statement, optional
        Its registered statement (for ``expect``); without it only the verdict counts.

    Examples
    --------
    >>> attention({"verdict": "vacuous", "n_range": [2, 5]})
    'vacuous: the hypothesis never held for n ≤ 5, so nothing was checked'
    >>> attention({"verdict": "holds", "n_range": [2, 5]})
    ''
    """
    v, hi = result["verdict"], result["n_range"][-1]
    reason = result.get("reason")
    if v == "fails":
        return "fails: counterexample below"
    if v == "unknown":
        return f"unknown: {reason or 'undecided'}"
    if v == "vacuous":
        return f"vacuous: the hypothesis never held for n ≤ {hi}, so nothing was checked"
    if v == "not-found":
        return f"not-found: no example with n ≤ {hi}"
    if statement is not None and getattr(statement, "expect", "holds") == "refuted" and v != "refuted":
        return f"recorded as refuted, but no counterexample with n ≤ {hi}"
    return ""


# ---------------------------------------------------------------------------
# shared pieces


def _slug(sid: str) -> str:
    """A file-name and anchor-safe form of a statement id.

    >>> _slug("TSD.T11/a")
    'TSD.T11_a'
    """
    return re.sub(r"[^A-Za-z0-9._-]", "_", sid)


def _gh_anchor(sid: str) -> str:
    """The anchor GitHub gives the Markdown heading ``sid``.

    >>> _gh_anchor("TSD.T11/a")
    'tsdt11a'
    """
    return re.sub(r"[^\w\- ]", "", sid.lower()).replace(" ", "-")


def _stem(result: Mapping) -> str:
    return Path(result["counterexample"]).stem if result.get("counterexample") else ""


def _n_range(result: Mapping) -> str:
    lo, hi = result["n_range"][0], result["n_range"][-1]
    return f"{lo}–{hi}" if lo != hi else str(lo)


def _edges(witness: Mapping) -> str:
    return ",".join("-".join(map(str, e)) if isinstance(e, list) else str(e) for e in witness.get("edges") or [])


def _commands(result: Mapping, stored: Mapping | None) -> list[str]:
    """The shell commands that reproduce (and inspect) the game of ``result``."""
    stored = stored or {}
    w = result.get("witness") or {}
    out = [stored.get("reproduce") or (f"shannon-verify check {result['id']} --max-n {w['n']}" if "n" in w else "")]
    t = w.get("terminals") or []
    if stored.get("inspect"):
        out.append(stored["inspect"])
    elif "graph6" in w and len(t) == 2:
        out.append(f"shannon-verify dead --graph6 '{w['graph6']}' --terminals {t[0]} {t[1]}")
    return [c for c in out if c]


def _game_word(result: Mapping, statement) -> str:
    if result["verdict"] == "found" or getattr(statement, "kind", "") == "ex":
        return "witness"
    return "counterexample"


def _facts(result: Mapping, statement, stored: Mapping | None) -> tuple[str, list[tuple[str, str]]]:
    """The statement's text and the (label, value) lines of a section, values unescaped."""
    stored = stored or {}
    text = getattr(statement, "text", "") or stored.get("statement", "") or "(not in the registry)"
    lines = [
        ("Reading", " ".join((getattr(statement, "reading", "") or stored.get("reading", "")).split())),
        ("Source", getattr(statement, "source", "")),
        ("Kind", getattr(statement, "kind", "") or stored.get("kind", "")),
    ]
    return " ".join(text.split()), [(k, v) for k, v in lines if v]


def _witness_lines(w: Mapping) -> list[tuple[str, str]]:
    """(label, code) pairs describing a witness game."""
    t = w.get("terminals") or []
    rows = [
        ("graph6", w.get("graph6", "")),
        ("n, m", f"{w.get('n', '?')}, {w.get('m', '?')}"),
        ("terminals", " ".join(map(str, t))),
        ("edges", _edges(w)),
    ]
    details = w.get("details")
    items = details.items() if isinstance(details, dict) else ([("", details)] if details else [])
    for k, v in items:
        rows.append((f"details: {k}" if k else "details", json.dumps(v, ensure_ascii=False)))
    return rows


class _Page:
    """What both formats show: header facts, counts and the attention notes."""

    def __init__(self, results, registry, generated, version):
        if generated is None:
            generated = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        if version is None:
            from . import __version__ as version
        self.generated, self.version = generated, version
        self.counts = by_verdict(results)
        self.total = len(results)
        self.plural = "s" if self.total != 1 else ""
        self.notes = {r["id"]: attention(r, _statement(registry, r["id"])) for r in results}
        self.flagged = [r for r in results if self.notes[r["id"]]]


def _verdict_style(verdict: str, note: str) -> tuple[str, str, bool]:
    """(mark, colour, flagged) of a verdict; a note turns a passing mark into ⚠.

    >>> _verdict_style("holds", ""), _verdict_style("holds", "recorded as refuted")
    (('✓', '#1a7f37', False), ('⚠', '#b35900', True))
    """
    mark, colour = _STYLE[verdict]
    if note and mark == "✓":
        mark, colour = "⚠", _STYLE["unknown"][1]
    return mark, colour, mark != "✓"


def _statement(registry, sid):
    return (registry or {}).get(sid)


# ---------------------------------------------------------------------------
# Markdown


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|#!])")


def _md(text) -> str:
    r"""``text`` with Markdown's special characters escaped, on one line.

    >>> _md("a*b|c")
    'a\\*b\\|c'
    """
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


def _md_code(text, in_table: bool = False) -> str:
    """``text`` as a Markdown code span (safe for backticks, and for ``|`` in tables).

    >>> _md_code("a`b")
    '``a`b``'
    """
    text = str(text).replace("\n", " ")
    fence = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    if in_table:
        text = text.replace("|", "\\|")
    return f"{fence}{pad}{text}{pad}{fence}"


def _md_verdict(result: Mapping, note: str) -> str:
    mark, _, loud = _verdict_style(result["verdict"], note)
    return f"**{mark} {result['verdict']}**" if loud else f"{mark} {result['verdict']}"


def render_markdown(results: Sequence[Mapping], registry: Mapping | None = None, *, pictures: Mapping | None = None,
                    files: Mapping | None = None, stored: Mapping | None = None, generated: str | None = None,
                    version: str | None = None, run_file: str = "") -> str:
    """The report of a run as Markdown (GitHub flavour).

    Parameters
    ----------
    results : list of dict
        The run, as returned by :func:`load_run`.
    registry : dict, optional
        Statement id -> :class:`~verify.registry.Statement` (usually ``REGISTRY``), for
        kind, text, reading, source and the expected verdict.
    pictures : dict, optional
        Statement id -> the address of its picture (relative path); none shown without.
    files : dict, optional
        Statement id -> the address of a copy of its counterexample JSON.
    stored : dict, optional
        Statement id -> the contents of its counterexample JSON (for the commands).
    generated, version : str, optional
        Date and shannon-verify version shown in the header (default: now, this one).
    run_file : str, optional
        The run file named in the header.

    Returns
    -------
    str

    Examples
    --------
    >>> r = {"id": "TSD.T12", "verdict": "holds", "n_range": [2, 4], "instances": 20,
    ...      "hypothesis_true": 51, "seconds": 0.02}
    >>> md = render_markdown([r], generated="2026-01-01 00:00 UTC", version="0.1.0")
    >>> [line for line in md.splitlines() if line.startswith("| TSD")]
    ['| TSD.T12 |  | ✓ holds | 2–4 | 20 | 51 | not recorded | 0.02 |  |  |']
    """
    pictures, files, stored = pictures or {}, files or {}, stored or {}
    page = _Page(results, registry, generated, version)
    notes = page.notes
    out = ["# shannon-verify report", ""]
    out.append(f"Generated {_md(page.generated)} by shannon-verify {_md(page.version)}" + (f" from {_md_code(run_file)}." if run_file else "."))
    out.append("")
    summary = " · ".join(f"{k} {v}" for v, k in page.counts.items())
    out.append(f"**{page.total} statement{page.plural}**" + (f": {summary}" if summary else " (the run checked nothing)"))
    out.append("")
    if page.flagged:
        out += [f"## ⚠ Needs attention ({len(page.flagged)})", ""]
        out += [f"- **{_md(r['id'])}** — {_md(notes[r['id']])}" for r in page.flagged]
    else:
        out += ["Nothing needs attention: every statement holds, is refuted as recorded, or has its example found."]
    out += ["", "## Statements", ""]
    out.append("| id | kind | verdict | n | games | hypothesis true | backed by | seconds | counterexample | note |")
    out.append("|---|---|---|---|--:|--:|---|--:|---|---|")
    for r in results:
        st = _statement(registry, r["id"])
        link = f"[{_md(_stem(r) or _game_word(r, st))}](#{_gh_anchor(r['id'])})" if r["verdict"] in WITH_GAME else ""
        cells = [
            _md(r["id"]),
            _md(getattr(st, "kind", "")),
            _md_verdict(r, notes[r["id"]]),
            _n_range(r),
            str(r["instances"]),
            str(r["hypothesis_true"]),
            _md(backed_by(r)),
            f"{r['seconds']:.2f}",
            link,
            _md(r.get("reason") or notes[r["id"]]),
        ]
        out.append("| " + " | ".join(cells) + " |")
    for r in results:
        if r["verdict"] not in WITH_GAME:
            continue
        st = _statement(registry, r["id"])
        text, facts = _facts(r, st, stored.get(r["id"]))
        out += ["", f"## {_md(r['id'])}", ""]
        out.append(f"**{r['verdict']}** — {_game_word(r, st)} with n = {(r.get('witness') or {}).get('n', '?')}.")
        out += ["", f"> {_md(text)}", ""]
        out += [f"- {k}: {_md(v)}" for k, v in facts]
        w = r.get("witness")
        if not w:
            out += ["", "No game was recorded with this result."]
            continue
        out += [f"- {k}: {_md_code(v)}" for k, v in _witness_lines(w)]
        if r.get("counterexample"):
            copy = f" ([copy]({quote(files[r['id']])}))" if r["id"] in files else ""
            out.append(f"- stored as: {_md_code(r['counterexample'])}{copy}")
        if r["id"] in pictures:
            out += ["", f"![{_md(r['id'])} {_game_word(r, st)}]({quote(pictures[r['id']])})"]
        elif r.get("counterexample"):
            out += ["", "_(no picture found)_"]
        out += ["", "Reproduce:", "", "```sh", *_commands(r, stored.get(r["id"])), "```"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# HTML

_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 72em;
       padding: 0 1em; color: #1f2328; line-height: 1.45; }
h1 { margin-bottom: .2em; } .meta { color: #59636e; margin-top: 0; }
table { border-collapse: collapse; width: 100%; margin: 1em 0; font-size: .92em; }
th, td { border: 1px solid #d1d9e0; padding: .3em .55em; text-align: left; vertical-align: top; }
th { background: #f6f8fa; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.flag td { background: #fff8e6; } tr.bad td { background: #ffebe9; }
.v { font-weight: 600; white-space: nowrap; } .badge { display: inline-block; padding: .1em .6em;
       border-radius: 1em; color: #fff; margin-right: .4em; font-size: .9em; }
.attention { border-left: .35em solid #b35900; background: #fff8e6; padding: .4em 1em; margin: 1em 0; }
.attention.bad { border-color: #cf222e; background: #ffebe9; } .ok { color: #1a7f37; }
section.game { border-top: 1px solid #d1d9e0; margin-top: 2em; }
blockquote { margin: .5em 0; padding: .2em 1em; border-left: .25em solid #d1d9e0; color: #31363c; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2em 1em; } dt { color: #59636e; }
dd { margin: 0; } code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .92em; }
pre { background: #f6f8fa; padding: .6em; overflow-x: auto; }
img.game { max-width: 26em; width: 100%; border: 1px solid #d1d9e0; }
"""


def _e(text) -> str:
    """``text`` escaped for HTML (quotes too).

    >>> _e('<a href="x">&</a>')
    '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;'
    """
    return html.escape(str(text), quote=True)


def _html_verdict(result: Mapping, note: str) -> str:
    mark, colour, _ = _verdict_style(result["verdict"], note)
    return f'<span class="v" style="color:{colour}">{mark} {_e(result["verdict"])}</span>'


def render_html(results: Sequence[Mapping], registry: Mapping | None = None, *, pictures: Mapping | None = None,
                stored: Mapping | None = None, generated: str | None = None, version: str | None = None,
                run_file: str = "") -> str:
    """The report of a run as one HTML page (inline CSS, no scripts).

    Parameters
    ----------
    results, registry, stored, generated, version, run_file
        As for :func:`render_markdown`; the stored JSON is also shown, folded.
    pictures : dict, optional
        Statement id -> its picture's ``src``: a relative path or a ``data:`` URI.

    Returns
    -------
    str

    Examples
    --------
    >>> r = {"id": "<X>", "verdict": "unknown", "n_range": [2, 4], "instances": 3,
    ...      "hypothesis_true": 1, "seconds": 0.5, "reason": "interrupted"}
    >>> page = render_html([r], generated="2026-01-01 00:00 UTC", version="0.1.0")
    >>> "&lt;X&gt;" in page and "<X>" not in page and "⚠ unknown" in page
    True
    """
    pictures, stored = pictures or {}, stored or {}
    page = _Page(results, registry, generated, version)
    notes = page.notes
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>shannon-verify report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>shannon-verify report</h1>",
        f'<p class="meta">Generated {_e(page.generated)} by shannon-verify {_e(page.version)}'
        + (f" from <code>{_e(run_file)}</code>" if run_file else "")
        + "</p>",
    ]
    badges = "".join(f'<span class="badge" style="background:{_STYLE[v][1]}">{k} {_e(v)}</span>' for v, k in page.counts.items())
    out.append(f"<p><strong>{page.total} statement{page.plural}</strong> {badges or '(the run checked nothing)'}</p>")
    if page.flagged:
        bad = " bad" if any(r["verdict"] == "fails" for r in page.flagged) else ""
        out.append(f'<div class="attention{bad}"><strong>⚠ Needs attention ({len(page.flagged)})</strong><ul>')
        out += [f'<li><a href="#st-{_slug(r["id"])}">{_e(r["id"])}</a> — {_e(notes[r["id"]])}</li>' for r in page.flagged]
        out.append("</ul></div>")
    else:
        out.append('<p class="ok">Nothing needs attention: every statement holds, is refuted as recorded, or has its example found.</p>')
    out.append("<h2>Statements</h2><table><thead><tr><th>id</th><th>kind</th><th>verdict</th><th>n</th>"
               "<th>games</th><th>hypothesis true</th><th>backed by</th><th>seconds</th><th>counterexample</th><th>note</th>"
               "</tr></thead><tbody>")
    for r in results:
        st, note = _statement(registry, r["id"]), notes[r["id"]]
        cls = ' class="bad"' if r["verdict"] == "fails" else (' class="flag"' if note else "")
        link = f'<a href="#game-{_slug(r["id"])}">{_e(_stem(r) or _game_word(r, st))}</a>' if r["verdict"] in WITH_GAME else ""
        out.append(
            f'<tr id="st-{_slug(r["id"])}"{cls}><td><code>{_e(r["id"])}</code></td><td>{_e(getattr(st, "kind", ""))}</td>'
            f"<td>{_html_verdict(r, note)}</td><td>{_n_range(r)}</td>"
            f'<td class="num">{r["instances"]}</td><td class="num">{r["hypothesis_true"]}</td><td>{_e(backed_by(r))}</td>'
            f'<td class="num">{r["seconds"]:.2f}</td><td>{link}</td><td>{_e(r.get("reason") or note)}</td></tr>'
        )
    out.append("</tbody></table>")
    for r in results:
        if r["verdict"] in WITH_GAME:
            out.append(_html_section(r, _statement(registry, r["id"]), pictures.get(r["id"]), stored.get(r["id"])))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_section(r: Mapping, st, picture: str | None, stored: Mapping | None) -> str:
    text, facts = _facts(r, st, stored)
    w = r.get("witness")
    word = _game_word(r, st)
    out = [
        f'<section class="game" id="game-{_slug(r["id"])}">',
        f'<h2><a href="#st-{_slug(r["id"])}">{_e(r["id"])}</a> — {_html_verdict(r, "")}</h2>',
        f"<blockquote>{_e(text)}</blockquote>",
        "<dl>" + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in facts),
    ]
    if not w:
        out += ["</dl>", "<p>No game was recorded with this result.</p>", "</section>"]
        return "\n".join(out)
    out.append("".join(f"<dt>{_e(k)}</dt><dd><code>{_e(v)}</code></dd>" for k, v in _witness_lines(w)))
    if r.get("counterexample"):
        out.append(f"<dt>stored as</dt><dd><code>{_e(r['counterexample'])}</code></dd>")
    out.append("</dl>")
    if picture:
        out.append(f'<p><img class="game" src="{_e(picture)}" alt="{_e(r["id"])} {word}: graph6 {_e(w.get("graph6", ""))}"></p>')
    elif r.get("counterexample"):
        out.append("<p><em>(no picture found)</em></p>")
    out.append("<p>Reproduce:</p><pre>" + _e("\n".join(_commands(r, stored))) + "</pre>")
    if stored:
        out.append("<details><summary>stored JSON</summary><pre>" + _e(json.dumps(stored, indent=1, ensure_ascii=False)) + "</pre></details>")
    out.append("</section>")
    return "\n".join(out)


# ---------------------------------------------------------------------------
# writing a report folder


def _resolve(path: str, bases: Sequence[Path]) -> Path | None:
    p = Path(path)
    if p.is_absolute():
        return p if p.is_file() else None
    for b in bases:
        if (b / p).is_file():
            return b / p
    return None


def write_report(
    results: Sequence[Mapping],
    out_dir,
    registry: Mapping | None = None,
    *,
    self_contained: bool = False,
    run_file=None,
    generated: str | None = None,
) -> tuple[Path, Path]:
    """Write ``report.md`` and ``report.html`` of ``results`` into ``out_dir``.

    Each counterexample's picture is copied to ``out_dir/img/`` and its JSON to
    ``out_dir/data/`` (relative counterexample paths are looked up from the current
    folder, then from the folder holding ``.shannon-verify/``), so the folder can be
    moved as a whole.

    Parameters
    ----------
    results : list of dict
        The run, as returned by :func:`load_run`.
    out_dir : str or Path
        The folder to write (created if missing).
    registry : dict, optional
        Statement id -> :class:`~verify.registry.Statement`.
    self_contained : bool, optional
        Embed the pictures in the HTML as ``data:image/png;base64`` URIs, so that
        ``report.html`` stands alone (the Markdown still uses ``img/``).
    run_file : str or Path, optional
        The run file the results came from (named in the header; its folder's parent
        is searched for relative counterexample paths).
    generated : str, optional
        The date shown in the header (default: now).

    Returns
    -------
    (Path, Path)
        The Markdown and HTML files written.

    Raises
    ------
    InputError
        If ``out_dir`` is a file or cannot be written.

    Examples
    --------
    >>> import tempfile
    >>> r = {"id": "A", "verdict": "holds", "n_range": [2, 3], "instances": 4,
    ...      "hypothesis_true": 2, "seconds": 0.0}
    >>> with tempfile.TemporaryDirectory() as d:
    ...     md, page = write_report([r], d)
    ...     (md.name, page.name, "| A |" in md.read_text())
    ('report.md', 'report.html', True)
    """
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out} is a file, not a folder for the report.")
    bases = [Path.cwd()]
    if run_file is not None:
        bases.append(Path(run_file).resolve().parent.parent)
    pictures, embedded, files, stored = {}, {}, {}, {}
    used: set[str] = set()
    try:
        for r in results:
            src = _resolve(r["counterexample"], bases) if r.get("counterexample") else None
            if src is None:
                continue
            name = f"{_slug(r['id'])}--{src.stem}"
            while name in used:
                name += "_"
            used.add(name)
            try:
                data = json.loads(src.read_text(encoding="utf-8"))
            except ValueError:
                data = None
            if isinstance(data, dict):
                stored[r["id"]] = data
            (out / "data").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, out / "data" / f"{name}.json")
            files[r["id"]] = f"data/{name}.json"
            png = src.with_suffix(".png")
            if png.is_file():
                (out / "img").mkdir(parents=True, exist_ok=True)
                shutil.copyfile(png, out / "img" / f"{name}.png")
                pictures[r["id"]] = f"img/{name}.png"
                if self_contained:
                    embedded[r["id"]] = "data:image/png;base64," + base64.b64encode(png.read_bytes()).decode("ascii")
        common = dict(registry=registry, stored=stored, generated=generated, run_file=str(run_file or ""))
        md_path, html_path = out / "report.md", out / "report.html"
        out.mkdir(parents=True, exist_ok=True)
        md_path.write_text(render_markdown(results, pictures=pictures, files=files, **common), encoding="utf-8")
        html_path.write_text(render_html(results, pictures=embedded if self_contained else pictures, **common), encoding="utf-8")
    except OSError as exc:
        raise InputError(f"Cannot write the report to {out}: {exc.strerror or exc}.") from None
    return md_path, html_path
