"""Counts the docs state in prose (not in console blocks, which tests/test_docs.py runs)
are computed here and compared, so they cannot drift: the statements by verdict, the
mutation score per paper.  (Timings in the docs are dated measurements, each saying
when and where it was taken.)"""

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
    text = " ".join((ROOT / "docs" / "tools" / "mutants.md").read_text().split())
    mutants = [m for m in all_mutants() if m.scored]
    per_paper = Counter(m.sid.split(".")[0] for m in mutants)
    cov = coverage()
    covered = Counter(sid.split(".")[0] for sid, ms in cov.items() if ms)
    for paper, k in per_paper.items():
        want = f"{paper} {k}/{k}" + (f" ({covered[paper]} statements)" if paper != "PROJ" else "")
        assert want in text, (want, "docs/tools/mutants.md")
    assert f"{len(mutants)} scored mutants" in text
    assert f"every one of the {len(cov)} registered statements" in text
    assert all(cov.values())
