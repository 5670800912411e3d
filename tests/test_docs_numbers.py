"""Counts the docs state in prose (not in console blocks, which tests/test_docs.py runs)
are computed here and compared, so they cannot drift: the statements by verdict, the
mutation score per paper; and the figures of README.md and docs/getting-started.md /
docs/index.md, each from where it comes from — the stored runs and stores (the 7×7 and
8×8 Hex maps, the class search of LNK.C2, the link tables, the n = 9 sweep's sessions
and generated table), the pages that record a measurement (Benzene's ratios, the n = 9
projection), and, for the fresh-clone timings, the one dated measurement below
(``FRESH_CLONE``), which both pages must quote alike."""

import json
import re
from collections import Counter
from pathlib import Path

from verify.mutants import all_mutants, coverage
from verify.registry import REGISTRY, load_paper_statements

ROOT = Path(__file__).resolve().parents[1]
load_paper_statements()


def _paper_statements():
    from verify.registry import paper_prefixes

    papers = set(paper_prefixes())
    return {sid: st for sid, st in REGISTRY.items() if sid.split(".")[0] in papers or sid.startswith("PROJ.")}


def test_statement_counts_in_getting_started():
    text = " ".join((ROOT / "docs" / "getting-started.md").read_text().split())
    m = re.search(r"(\d+) registered statements, parts and readings — (\d+) `holds`, (\d+) `refuted` as recorded, (\d+) `found`",
                  text)
    assert m, "the main job's counts are missing from docs/getting-started.md"
    sts = _paper_statements().values()
    found = sum(st.kind == "ex" for st in sts)
    refuted = sum(st.kind != "ex" and st.expect == "refuted" for st in sts)
    holds = sum(st.kind != "ex" and st.expect == "holds" for st in sts)
    assert tuple(map(int, m.groups())) == (len(sts), holds, refuted, found)


def test_mutation_score_in_the_mutants_page():
    """The page's score is one run per scored mutant and route (verify.registry.routes)."""
    text = " ".join((ROOT / "docs" / "tools" / "mutants.md").read_text().split())
    everything = all_mutants()
    mutants = [m for m in everything if m.scored]
    runs = Counter(route for m in mutants for route in m.route_names())
    per_paper = Counter(m.sid.split(".")[0] for m in mutants for _ in m.route_names())
    cov = coverage()
    for paper, k in per_paper.items():
        assert f"{paper} {k}/{k} refuted" in text, (paper, k, "docs/tools/mutants.md")
    assert f"{sum(runs.values())} scored mutant runs of {len(everything)} mutants over {len(runs)} routes" in text
    assert ", ".join(f"{name} {k}/{k}" for name, k in runs.most_common()) in text
    assert f"every one of the {len(cov)} registered statements" in text
    assert all(cov.values())


# -- figures in the prose of README.md and docs/*.md, each tied to where it comes from ----

def _prose(path: str) -> str:
    return " ".join((ROOT / path).read_text().split())


FRESH_CLONE = {  # the last fresh-clone measurement (2026-12-04, the 2-core machine, otherwise idle), the one
    # place it is recorded: README.md and docs/getting-started.md must quote these figures
    "date": "2026-12-04", "check_wall": "57 s", "check_cpu": "128 s", "check_with_install": "77 s",
    "passed": "2,376", "skipped": "160", "xfailed": "3", "pytest": "6 min 47 s", "pytest_with_install": "6 min 56 s",
}


def test_the_fresh_clone_figures_are_one_measurement():
    """Issue 45: the main job's time was "about 2 min" in the README, 60 s and 57 s in
    getting-started (two dates); now one dated measurement, quoted the same way."""
    f = FRESH_CLONE
    readme, start = _prose("README.md"), _prose("docs/getting-started.md")
    assert f"{f['check_wall']} wall and {f['check_cpu']} of CPU on two cores, on a fresh clone on {f['date']}" in readme
    assert f"What it costs ({f['date']}, a fresh clone on the 2-core machine" in start
    assert f"took **{f['check_wall']} wall and {f['check_cpu']} of user CPU**, {f['check_with_install']} wall with the install" in start
    assert (f"({f['date']}, 2-core machine, otherwise idle): {f['passed']} passed, {f['skipped']} skipped (deep, and a few "
            f"that need what the machine lacks), {f['xfailed']} xfailed; pytest {f['pytest']}, {f['pytest_with_install']} "
            "wall with the install") in start
    assert (f"{f['check_wall']} wall on two cores on a fresh clone on {f['date']}, see [Getting started]"
            in _prose("docs/tools/check.md"))
    for gone in ("about 2 min", "1,641", "about 2–3 min"):
        assert gone not in readme and gone not in start, gone


def _openings(path: str) -> list[dict]:
    from verify import jsonl_store

    return [r for r in jsonl_store.read_records(ROOT / path)[1:] if "cell" in r]  # sittings' lines aside


def test_the_7x7_time_is_the_stored_runs():
    """Issue 45: the 7×7 map's time read "about a minute" (README) beside other figures;
    the one figure now is the kernel CPU of the stored run, computed here from its store."""
    recs = _openings("docs/hex/hex_openings_7x7.jsonl")
    cpu = sum(r["cpu"] for r in recs)
    want = (f"`hex-openings 7` gives the 7×7 one: its {len(recs)} searched openings took {cpu:.1f} s of kernel CPU in "
            "the stored run, `docs/hex/hex_openings_7x7.jsonl`")
    assert want in _prose("README.md")
    hexdoc = _prose("docs/tools/hex.md")
    assert (f"the 7×7 map kept in `docs/hex/hex_openings_7x7.jsonl`, computed with today's kernel, took {cpu:.1f} s "
            f"of kernel CPU for its {len(recs)} searched openings") in hexdoc
    assert f"The full 7×7 map ({cpu:.1f} s of kernel CPU in the stored run)" in hexdoc
    assert "≈ 1 min of CPU" not in hexdoc and "These are that first run's figures" in hexdoc  # the 179 s row is dated
    for page in ("README.md", "docs/getting-started.md", "docs/index.md", "docs/papers/hex.md"):
        assert "7×7 one in about a minute" not in _prose(page)


def test_the_readme_leaves_the_mutant_count_to_the_mutants_page():
    """The count changes with every new mutant; docs/tools/mutants.md states it, tested above."""
    import re

    text = _prose("README.md")
    assert "(every scored mutant is; the score per paper and per route is in `docs/tools/mutants.md`)" in text
    assert not re.search(r"\d+ scored mutants", text)


def _clock(seconds: float) -> str:
    h, m = divmod(round(seconds / 60), 60)
    return f"{h} h {m} min"


def test_the_8x8_figures_in_the_readme_come_from_the_stored_runs():
    import json

    from verify.papers.hex.openings_run import _cells, _openings_records

    text = _prose("README.md")
    run = json.loads((ROOT / "docs/hex/hex_openings_8x8_run.json").read_text())
    before = json.loads((ROOT / "docs/hex/hex_openings_8x8_before_templates_run.json").read_text())
    first = _cells(_openings_records(ROOT / "docs/hex/hex_openings_8x8_first_runs.jsonl"))
    cpu = run["kernel_cpu_seconds"]
    h4_h2 = run["openings"]["h4"]["cpu"] + run["openings"]["h2"]["cpu"]
    assert f"**{_clock(run['wall_seconds'])} wall**" in text
    assert f"the searches took {cpu:,.0f} s of kernel CPU ({cpu / 3600 / run['jobs']:.2f} h on {run['jobs']} cores), " \
           f"h4 and h2 alone {h4_h2:,.0f} s" in text
    assert f"the same run before the templates took {_clock(before['wall_seconds'])}" in text
    assert f"added up to {sum(r['seconds'] for r in first.values()):,.0f} s" in text
    assert len(first) == 32 and all(r["winner"] in "BW" for r in first.values())


def test_the_benzene_ratios_in_the_readme_are_the_hex_pages():
    """The README quotes the comparison with Benzene measured in docs/tools/hex.md."""
    readme, hex_page = _prose("README.md"), _prose("docs/tools/hex.md")
    assert "0.524× Benzene's CPU (27.8 s against 53.1 s" in readme
    assert "**Benzene 53.1 s, ours 27.8 s — 0.524×** (0.511× the session before" in hex_page
    rows = [json.loads(line) for line in (ROOT / "docs/hex/vs_benzene_8x8.jsonl").read_text().splitlines()
            if '"cell"' in line]
    ours, theirs = sum(r["ours_cpu"] for r in rows), sum(r["benzene_cpu"] for r in rows)
    assert len(rows) == 32
    assert (f"on all 32 8×8 openings of its `dfpn-solve-8x8.tst` {ours / theirs:.2f}× "
            f"({ours:,.0f} s against {theirs:,.0f} s in one resumable run") in readme
    assert f"ours {ours:,.1f} s of CPU against Benzene's {theirs:,.1f} s, {ours / theirs:.2f}×" in hex_page


def test_the_c2_figures_come_from_the_class_search_stores():
    from verify.papers.lnk.classes import c2_rows, stored_links

    rows = c2_rows()
    last = rows[-1]
    links = stored_links(17)
    assert last["n"] == 17 and last["complete"] and last["links"] == len(links) == 4
    ((n, m),) = {(k[0], k[1]) for k in links}
    dist = {r["largest_distance"] for r in rows if r["links"]}
    for page in ("README.md", "docs/index.md"):
        text = _prose(page)
        assert f"{last['links']} minimal weak links of weight {last['weight']} have d_max = 3" in text
        assert f"on {n} vertices" in text
    text = _prose("README.md")
    assert f"Each has {n} vertices, {m} edges and terminal distance {last['largest_distance']}" in text
    assert f"({last['graphs']:,} graphs, {last['pairs']:,} terminal pairs solved)" in text
    assert f"the largest terminal distance at any weight ≤ {last['weight']} is {max(dist)}" in text


def test_the_lnk_table_figures():
    """Table 1's n = 11 row and Table 3's w = 8 cell, from the stored searches; the paper's
    values from the published tables."""
    from verify import jsonl_store
    from verify.papers.lnk.classes import canonical_links
    from verify.papers.lnk.published import TAB2, TAB3

    w9 = [line for line in (ROOT / "docs/lnk/w9_links.txt").read_text().splitlines() if not line.startswith("#")]
    strong10 = jsonl_store.read_records(ROOT / "docs/lnk/n10_strong_independent.jsonl")
    assert len(strong10) - 1 == strong10[0]["mod"]
    w8 = len(canonical_links(tuple(x) for rec in strong10[1:] for x in rec["links"]))
    for page in ("README.md", "docs/index.md"):
        text = _prose(page)
        assert f"and {w8} at w = 8, not {TAB3[8][0]}" in text
        assert f"13 minimal strong links at w = 6, not {TAB3[6][0]}" in text
    assert len(w9) == TAB2[9][0] == 953
    assert f"Table 1's n = 11 row (953 minimal weak links, {TAB2[9][6]} S-irreducible)" in _prose("docs/index.md")
    assert "Table 1's n = 11 row (953 links)" in _prose("README.md")


def test_the_n9_figures_in_the_readme():
    """The prose around the generated n = 9 table: the statements, games and least
    hypothesis count from that table; the last session from docs/n9/sessions.jsonl; the
    projection from the table of docs/tools/check.md."""
    import json
    import re

    readme = (ROOT / "README.md").read_text()
    rows = re.findall(r"^\| (TSD\.\S+) \| holds \| 512/512 \| ([\d,]+) \| ([\d,]+)(?: ¹)? \|", readme, re.M)
    least = min(rows, key=lambda r: int(r[2].replace(",", "")))
    text = " ".join(readme.split())
    assert f"**All {len(rows)} hold at n = 9**, each with its hypothesis met on at least {least[2]} games (`{least[0]}`)" in text
    assert f"were checked on all {rows[0][1]} games of n = 9" in text and {r[1] for r in rows} == {rows[0][1]}
    last = json.loads((ROOT / "docs/n9/sessions.jsonl").read_text().splitlines()[-1])
    units = last["units_after"] - last["units_before"]
    assert (f"took {last['wall_s'] / 3600:.2f} h wall for the last {units:,} statement-games "
            f"({last['cpu_s'] / units * 1e6:.0f} µs of CPU each)") in text
    total = re.search(r"\| \*\*all 37\*\* \|.*\| \*\*\d+ / ([\d.]+)\*\* \| \*\*\d+×\*\* \|", (ROOT / "docs/tools/check.md").read_text())
    cpu_h = float(total.group(1))
    assert f"projected {cpu_h} CPU hours in all, {cpu_h / 2:.0f} hours on 2 cores" in text


def test_the_dual_finding_in_the_readme_is_the_registered_refutation():
    import re

    st = REGISTRY["TSD.DUAL/c"]
    n, _, g6, (s, t) = st.refuted_by
    counts = re.search(r"([\d,]+) of the ([\d,]+) such games of n = (\d+) have no dual", st.reading)
    assert counts and int(counts.group(3)) == n
    assert (f"at n = {n}, {counts.group(1)} of the {counts.group(2)} such games have none, the smallest `{g6}` with "
            f"terminals {s} and {t} (`TSD.DUAL/c`") in _prose("README.md")


def test_the_tsd_table_1_cells_in_the_index():
    from verify.papers.tsd.published import TSD_TAB1, TSD_TAB1_COLUMNS

    cells = sum(len(row) for row in TSD_TAB1.values())
    assert cells == len(TSD_TAB1) * len(TSD_TAB1_COLUMNS)
    assert f"Table 1 is reproduced (all {cells} cells) and extended to n = {max(TSD_TAB1) + 1}" in _prose("docs/index.md")


# -- the paper and tool pages (issue 45 item 8: every figure in prose generated or tested) --

def test_the_default_tier_depths_in_getting_started():
    """The depths the main job runs to, from each statement's ``tier_depth``."""
    depth = {sid: st.tier_depth for sid, st in _paper_statements().items()}

    def kind(sid):
        return type(REGISTRY[sid].domain).__name__

    games = {sid: d for sid, d in depth.items()
             if kind(sid) == "GameDomain" and sid.split(".")[0] in ("TSD", "LNK", "PROJ")}
    tables = {sid: games.pop(sid) for sid in list(games) if ".TAB" in sid}
    dual = games.pop("TSD.DUAL/c")
    ssg = max(d for sid, d in depth.items() if kind(sid) == "SwitchDomain")
    cells = max(d for sid, d in depth.items() if kind(sid) == "PositionDomain")
    lnk = "`LNK.TAB1`–`LNK.TAB3` to n = " + ", ".join(str(tables[f"LNK.TAB{i}"]) for i in (1, 2, 3))
    assert len(tables) == 4
    assert (f"(connected games to n = {max(games.values())} or lower for TSD and LNK (n = {dual} for `TSD.DUAL/c`; "
            f"the tables further, `TSD.TAB1` to n = {tables['TSD.TAB1']} and {lnk}), multigraphs to n = {ssg} for SSG, "
            f"Hex positions to {cells} cells for HEX)") in _prose("docs/getting-started.md")


def test_the_python_table_1_slowdown_is_the_warning():
    """Both pages quote the warning the Python fallback prints (verify/papers/tsd/table1.py)."""
    src = " ".join((ROOT / "verify/papers/tsd/table1.py").read_text().split())
    assert '"classifier, about 100 times slower."' in src
    assert "with a warning: about 100 times slower" in _prose("docs/getting-started.md")
    assert "(Table 1, with a warning and about 100× slower" in _prose("README.md")


def test_the_game_counts_are_lnk_table_1():
    """The numbers of games of n = 8 and 9 quoted in prose are LNK's Table 1 (published,
    and reproduced by LNK.TAB1 in every default run)."""
    from verify.papers.lnk.published import TAB1

    n8, n9 = f"{TAB1[8][1]:,}", f"{TAB1[9][1]:,}"
    assert f"`TSD.DUAL/c` on all {n8} games of n = 8" in _prose("docs/getting-started.md")
    assert f"all {n8} games on 8 vertices" in _prose("docs/papers/lnk.md")
    assert f"games — {n9} at n = 9 —" in _prose("docs/papers/lnk.md")
    assert f"hold on all {n9} games of n = 9" in _prose("docs/papers/tsd.md")
    assert f"| 8 | {n8} |" in (ROOT / "docs/tools/dead.md").read_text()
    assert f"| 8 | {n8} |" in (ROOT / "docs/tools/solve.md").read_text()


def test_the_mutant_counts_on_the_paper_pages():
    everything = all_mutants()

    def of(paper):
        return [m for m in everything if m.sid.split(".")[0] == paper]

    def scored(paper):
        return sum(m.scored for m in of(paper))

    tsd = _prose("docs/papers/tsd.md")
    assert f"TSD {scored('TSD')}/{scored('TSD')} and PROJ {scored('PROJ')}/{scored('PROJ')} mutants refuted" in tsd
    (equivalent,) = [m for m in of("TSD") if not m.scored]
    assert equivalent.sid == "TSD.T9" and "one more recorded as equivalent (T9's strategy" in tsd
    lnk = of("LNK")
    runs = sum(len(m.route_names()) for m in lnk if m.scored)
    text = _prose("docs/papers/lnk.md")
    assert f"{len(lnk)} mutants through the LNK checks" in text and f"— {runs} runs, every one refuted" in text
    assert all(m.scored for m in lnk)
    assert f"{len(of('HEX'))} mutants through the registered HEX checks, every one refuted" in _prose("docs/papers/hex.md")
    assert f"({len(of('SSG'))} in all, every one refuted" in _prose("docs/papers/ssg.md")
    assert all(m.scored for m in of("HEX") + of("SSG"))


def _table_rows(path: str) -> dict[str, list[str]]:
    rows = {}
    for line in (ROOT / path).read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and re.fullmatch(r"[A-Z]+\.[\w./,]+", cells[0]):
            rows[cells[0]] = cells
    return rows


def test_the_default_tiers_in_the_hex_and_ssg_tables():
    """The "n ≤ …" of each statement's row is its ``tier_depth``; a stated deep or
    ``--full`` depth its ``max_n``."""
    rows = _table_rows("docs/papers/hex.md")
    assert len(rows) == 19
    for name, cells in rows.items():
        base, _, parts = name.partition("/")
        sids = [f"{base}/{p}" for p in parts.split(",")] if parts else [base]
        tier = int(re.match(r"[nk] ≤ (\d+)", cells[2]).group(1))
        for sid in sids:
            assert REGISTRY[sid].tier_depth == tier, (sid, tier)
            deep = re.search(r"\(deep:? (\d+)[ )]", cells[2])
            if deep:
                assert REGISTRY[sid].max_n == int(deep.group(1)), sid
    rows = _table_rows("docs/papers/ssg.md")
    assert len(rows) == 6
    for sid, cells in rows.items():
        m = re.match(r"holds, (?:n ≤ (\d+)|K = 1\.\.(\d+))", cells[1])
        assert REGISTRY[sid].tier_depth == int(m.group(1) or m.group(2)), sid
    assert f"`--full` K ≤ {REGISTRY['SSG.GALE'].max_n}" in rows["SSG.GALE"][1]


def test_the_opening_counts_in_the_hex_page():
    """How many of Black's openings win, from the stored maps docs/hex/openings_*.txt."""
    def black_wins(k):
        lines = (ROOT / f"docs/hex/openings_{k}x{k}.txt").read_text().splitlines()
        start = lines.index(next(l for l in lines if l.startswith("Openings by Black")))
        cells = " ".join(lines[start + 1:start + 1 + k]).split()
        assert len(cells) == k * k and set(cells) <= {"B", "W"}
        return cells.count("B")

    text = _prose("docs/papers/hex.md")
    assert (f"5×5 by {black_wins(5)} of 25 cells, 6×6 by {black_wins(6)} of 36, **7×7 by {black_wins(7)} of 49**") in text


def test_the_dual_counts_in_the_tsd_page():
    """The counts around TSD.DUAL/c are the registered statement's reading."""
    st = REGISTRY["TSD.DUAL/c"]
    n, _, g6, (s, t) = st.refuted_by
    counts = re.search(r"([\d,]+) of the ([\d,]+) such games of n = (\d+) have no dual", st.reading)
    text = _prose("docs/papers/tsd.md")
    assert f"but at n = {n}, {counts.group(1)} of the {counts.group(2)} such games have none" in text
    assert f"(graph6 `{g6}`, 10 edges, terminals {s} and {t};" in text
    assert f"the default tier now checks `TSD.DUAL/c` up to n = {st.tier_depth}" in text


def test_the_n9_statement_count_in_the_tsd_page():
    readme = (ROOT / "README.md").read_text()
    rows = re.findall(r"^\| (TSD\.\S+) \| holds \| 512/512 \|", readme, re.M)
    assert f"All {len(rows)} TSD statements checked game by game" in _prose("docs/papers/tsd.md")


def test_the_class_search_cost_in_the_lnk_page():
    """The run's cost from its session log and the n = 17 store's shard records."""
    import json

    from verify import jsonl_store

    (session,) = [json.loads(l) for l in (ROOT / "docs/lnk/maxdeg3/sessions.jsonl").read_text().splitlines()]
    n17 = jsonl_store.read_records(ROOT / "docs/lnk/maxdeg3/weak_n17.jsonl")[1:]
    text = _prose("docs/papers/lnk.md")
    assert (f"took {session['cpu_s']:,.0f} s of CPU in {_clock(session['wall_s'])} of wall time on {session['jobs']} cores "
            f"(`docs/lnk/maxdeg3/sessions.jsonl`; the first {session['shards_before']} shards") in text
    assert (f"n = 17 alone: {sum(r['kernel_cpu'] for r in n17):,.0f} s of kernel CPU, "
            f"{sum(r['geng_cpu'] for r in n17):.0f} s of geng") in text


def test_the_lnk_page_quotes_the_published_tables():
    from verify.papers.lnk.published import TAB1, TAB2, TAB3

    text = _prose("docs/papers/lnk.md")
    cells = 4 * sum(n <= 9 for n in TAB1)  # connected graphs, games, minimal links, S-irreducible
    assert f"* Table 1, n ≤ 9: all {cells} published cells match" in text
    links, p_min, e_min, e_max, d_min, d_max, s, p, t, spt = TAB3[7]
    assert (f"{links} links, p_min {p_min}, E {e_min}–{e_max}, d_max {d_min}–{d_max}, irreducible {s}/{p}/{t}/{spt} — "
            "the paper's row exactly") in text
    links, p_min, e_min, e_max, d_min, d_max, s, p, t, spt = TAB2[8]
    assert f"the same {links} minimal weak links, {s} S-irreducible (Table 1's row)" in text
    assert f"p_min {p_min}, E {e_min}–{e_max}, d_max {d_min}–{d_max}, S/P/T/SPT-irreducible {s}/{p}/{t}/{spt}" in text
    assert f"not {TAB3[8][0]}**" in text and f"SPT-irreducible {TAB3[8][9]} match the paper" in text
    assert f"(paper {TAB3[8][6]}/{TAB3[8][7]}/{TAB3[8][8]})" in text


def test_the_n11_counts_in_the_lnk_page_are_its_store():
    from verify import jsonl_store

    recs = jsonl_store.read_records(ROOT / "docs/lnk/n11_store.jsonl")
    head, shards = recs[0], recs[1:]
    assert head["n"] == 11 and len(shards) == head["mod"]

    def total(key):
        return f"{sum(r['stats'][key] for r in shards):,}"

    text = _prose("docs/papers/lnk.md")
    assert f"all {head['mod']} geng shards (`geng -c -D7 11 res/{head['mod']}`)" in text
    assert (f"{total('graphs')} graphs (of 1,006,700,565 connected), {total('kept')} kept by the sieve, "
            f"{total('games')} pairs solved, {total('raw_links')} raw links") in text


# -- timings: each one in prose is either computed above from a store, or dated ------------

#: every page: README.md and each docs/**/*.md, found here so that a new page cannot escape
DATED_PAGES = ("README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts))
#: timings tied to their stores by the tests above (or named there), so no date is needed
_CPU_7X7 = f"{sum(r['cpu'] for r in _openings('docs/hex/hex_openings_7x7.jsonl')):.1f}"  # tied: computed above
TIED_TIMINGS = (f"{_CPU_7X7} s of kernel CPU in the stored run", f"took {_CPU_7X7} s of kernel CPU for its 25 searched openings",
                # tests/test_hex_openings_run.py::test_the_8x8_makespans_in_the_docs_are_the_stores
                "the first 8×8 map (30,358 s, below) two workers in index order would finish after 16,190 s, costliest "
                "first after 15,186 s, against 15,179 s for a perfect split")
_TIME = re.compile(r"(?<![\w.])\d[\d,.]*(?:–\d[\d,.]*)?\s*(?:s|min|h|ms|µs)\b")
#: what makes a figure a limit, not a measurement: a bound, budget, target, time-out, option or default just before it
#: ("≤ 0.5 s", "at most 1 s", "a budget of 300 s", "within 5 s", "(target: 30 min", "`--budget` (default 60 s")…
_LIMIT_BEFORE = re.compile(r"(?:≤|\bat most|\bwithin|\bbudget(?: of)?|\btime-?out(?: of)?|\btarget(?: of|:)?|\blimit(?: of)?"
                           r"|\bdefault|--[\w-]+=?)\s*`?\s*$")
#: … or such a word just after it ("the 150 s budget", "the 1 ms median target")
_LIMIT_AFTER = re.compile(r"\s*(?:median\s+)?(?:budget|target|limit|time-?out)\b")
_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def _prose_paragraphs(path: str) -> list[str]:
    """Paragraphs and table rows (each with the paragraph before its table) outside console/code blocks and generated blocks
    (``<!-- name: … -->`` … ``<!-- /name -->``)."""
    text = re.sub(r"^```.*?^```", "", (ROOT / path).read_text(), flags=re.S | re.M)
    text = re.sub(r"^<!-- ([\w-]+)[: ].*?^<!-- /\1 -->", "", text, flags=re.S | re.M)
    out, cur, intro = [], [], ""
    for line in text.splitlines() + [""]:
        if not line.strip() or line.startswith(("#", "|", "<!--")):
            if cur:
                out.append(intro := " ".join(cur))
                cur = []
            if line.startswith("#"):
                intro = ""
            if line.startswith("|"):  # a table row, with the paragraph that introduces its table
                out.append(f"{line} [{intro}]")
        else:
            cur.append(line.strip())
    return out


def _measured(para: str) -> list[str]:
    """The timings of a paragraph that are measurements: not a tied one, not a limit."""
    text = " ".join(para.split())
    for tied in TIED_TIMINGS:
        text = text.replace(tied, " ")
    return [m.group() for m in _TIME.finditer(text)
            if not _LIMIT_BEFORE.search(text[max(0, m.start() - 24):m.start()]) and not _LIMIT_AFTER.match(text, m.end())]


def test_limits_are_not_measurements():
    """A budget, target, time-out or default is not a measurement and needs no date; the
    measurement beside it still does."""
    for limit in ("the target, ≤ 0.5 s", "each at most 1 s", "a budget of 300 s", "refused past `--budget` (default 60 s)",
                  "unknown within 5 s", "(target: 30 min)", "against the target of 2 h", "the 150 s budget's depth",
                  "the 1 ms median target", "`--timeout` 60 s"):
        assert _TIME.search(limit) and _measured(limit) == [], limit
    for measured in ("took 12.3 s", "in 4 min wall", "(≈ 2 h on 2 cores)", "under 0.1 s", "ours 41.5 s"):
        assert _measured(measured), measured
    assert _measured("1 h 52 min wall, against the target of 2 h") == ["1 h", "52 min"]
    assert _measured("solved in 8.4 s (budget 60 s)") == ["8.4 s"]
    assert _measured("n = 12 with a 280 s budget: 116 s wall") == ["116 s"]  # what the budget allowed was used
    assert _measured(f"the stored run took {_CPU_7X7} s of kernel CPU in the stored run, and 5 s more") == ["5 s"]


def test_every_timing_in_prose_is_dated_or_tied():
    """A time in running text or a table is a measurement on one machine on one day: it
    carries its date ("measured YYYY-MM-DD", or the date of the run it quotes) in the same
    paragraph or table row, unless a test above computes it from a store or it is a limit
    (a budget, target, time-out or default: ``_LIMIT_BEFORE``, ``_LIMIT_AFTER``)."""
    assert {"README.md", "docs/tools/hex.md", "docs/tools/solve.md", "docs/tools/dead.md", "docs/tools/prove.md",
            "docs/lnk/plain.md", "docs/papers/hex.md"} <= set(DATED_PAGES)
    undated = []
    for page in DATED_PAGES:
        for para in _prose_paragraphs(page):
            if not _DATE.search(para) and (measured := _measured(para)):
                undated.append((page, measured, para[:120]))
    assert not undated, undated
