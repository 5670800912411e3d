"""``shannon-verify report``: Markdown and HTML of the last run, and its errors (exit 2)."""

import json
import re

import pytest

from verify.cli import main
from verify.errors import InputError
from verify.registry import REGISTRY, load_paper_statements
from verify.report import NO_RUN, load_run, render_html, render_markdown, write_report

LAST = ".shannon-verify/last-run.json"

HAND_MADE = [
    {"id": "TSD.T12", "verdict": "holds", "n_range": [2, 4], "instances": 20, "hypothesis_true": 51, "seconds": 0.02},
    {"id": "TSD.T14", "verdict": "vacuous", "n_range": [2, 3], "instances": 4, "hypothesis_true": 0,
     "seconds": 0.01, "reason": "the hypothesis never held in scope"},
    {"id": "TSD.T15", "verdict": "unknown", "n_range": [2, 8], "instances": 1234, "hypothesis_true": 99,
     "seconds": 12.5, "reason": "interrupted"},
    {"id": "MY.<b>&", "verdict": "fails", "n_range": [2, 3], "instances": 4, "hypothesis_true": 2, "seconds": 0.0,
     "witness": {"graph6": "Bo", "n": 3, "m": 2, "edges": [[0, 1], [0, 2]], "terminals": [1, 2],
                 "details": {"vertices": ["<script>"]}}},
]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """A real run: ``check TSD.T13.EX TSD.T12 TSD.T11/a --max-n 4 --json`` in a fresh folder."""
    d = tmp_path_factory.mktemp("run")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(d)
        assert main(["check", "TSD.T13.EX", "TSD.T12", "TSD.T11/a", "--max-n", "4", "--json", "--no-progress"]) == 0
    return d


@pytest.fixture
def in_run(checked, monkeypatch):
    monkeypatch.chdir(checked)
    return checked


def table_rows(md):
    """The statement table as {id: cells}, split on unescaped ``|``."""
    rows = [re.split(r"(?<!\\)\|", line)[1:-1] for line in md.splitlines() if line.startswith(("| TSD", "| MY"))]
    return {cells[0].strip(): [c.strip() for c in cells] for cells in rows}


def test_report_of_a_real_run(in_run, capsys):
    code, out, _ = run(capsys, "report", "--json", "--out", "rep")
    assert code == 0
    data = json.loads(out)
    assert data["statements"] == 3 and data["by_verdict"] == {"holds": 1, "refuted": 1, "found": 1}
    assert data["markdown"].endswith("report.md") and data["html"].endswith("report.html")
    md = (in_run / data["markdown"]).read_text()
    rows = table_rows(md)
    assert rows["TSD.T12"] == ["TSD.T12", "thm", "✓ holds", "2–4", "20", "75", rows["TSD.T12"][6], rows["TSD.T12"][7], "", ""]
    # what backs it: T12 decides deadness by brute force over every colouring (n ≤ 7)
    assert rows["TSD.T12"][6] == "brute force over colourings (Python)"
    assert rows["TSD.T13.EX"][1:3] == ["ex", "✓ found"] and "[Cd\\_t2-3](#tsdt13ex)" in rows["TSD.T13.EX"][8]
    assert rows["TSD.T11/a"][2] == "✓ refuted" and rows["TSD.T11/a"][3] == "2–3"
    assert "Nothing needs attention" in md and "shannon-verify 0.1.0" in md
    assert "shannon-verify check TSD.T13.EX --max-n 4" in md and "graph6: `Cd`" in md and "edges: `0-1,0-3,2-3`" in md
    assert "![TSD.T13.EX witness](img/TSD.T13.EX--Cd_t2-3.png)" in md
    page = (in_run / data["html"]).read_text()
    assert '<img class="game" src="img/TSD.T13.EX--Cd_t2-3.png"' in page
    assert '<img class="game" src="img/TSD.T11_a--Bo_t1-2.png"' in page
    assert (in_run / "rep/img/TSD.T13.EX--Cd_t2-3.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads((in_run / "rep/data/TSD.T11_a--Bo_t1-2.json").read_text())["id"] == "TSD.T11/a"
    assert "data:image/png" not in page


def test_self_contained_embeds_pictures(in_run, capsys):
    code, out, _ = run(capsys, "report", "--out", "self", "--self-contained")
    assert code == 0 and "3 statements: 1 holds, 1 refuted, 1 found" in out
    page = (in_run / "self/report.html").read_text()
    srcs = re.findall(r'<img class="game" src="([^"]*)"', page)
    assert len(srcs) == 2 and all(s.startswith("data:image/png;base64,iVBOR") for s in srcs)


def test_flags_vacuous_unknown_and_escapes(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    run_file = tmp_path / "hand.json"
    run_file.write_text(json.dumps(HAND_MADE))
    code, out, _ = run(capsys, "report", "--input", str(run_file), "--out", "out", "--json")
    assert code == 0 and json.loads(out)["by_verdict"] == {"holds": 1, "fails": 1, "unknown": 1, "vacuous": 1}
    md = (tmp_path / "out/report.md").read_text()
    rows = table_rows(md)
    assert rows["TSD.T14"][2] == "**⚠ vacuous**" and rows["TSD.T15"][2] == "**⚠ unknown**"
    assert rows["TSD.T15"][9].startswith("interrupted") and rows["TSD.T12"][2] == "✓ holds"
    assert "## ⚠ Needs attention (3)" in md and "- **TSD.T14** — vacuous" in md
    assert "MY.\\<b\\>&" in md and "**✗ fails**" in md
    page = (tmp_path / "out/report.html").read_text()
    assert "<b>&" not in page and "MY.&lt;b&gt;&amp;" in page and "<script>" not in page
    assert page.count('class="flag"') == 2 and page.count('class="bad"') == 1
    assert "⚠ vacuous" in page and "⚠ unknown" in page and "Needs attention (3)" in page
    assert "(not in the registry)" in page and "<img" not in page


def test_recorded_refuted_but_not_reached_is_flagged():
    load_paper_statements()
    r = {"id": "TSD.T11/a", "verdict": "holds", "n_range": [2, 2], "instances": 1, "hypothesis_true": 0, "seconds": 0.0}
    md = render_markdown([r], REGISTRY, generated="today", version="x")
    assert "**⚠ holds**" in md and "recorded as refuted, but no counterexample with n ≤ 2" in md
    assert "⚠ holds" in render_html([r], REGISTRY, generated="today", version="x")


def test_no_run_recorded(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=re.escape(NO_RUN)):
        load_run(LAST)
    code, _, err = run(capsys, "report")
    assert code == 2 and "No run is recorded yet; run 'shannon-verify check' first." in err
    code, _, err = run(capsys, "report", "--input", "nothing.json")
    assert code == 2 and "nothing.json does not exist." in err


@pytest.mark.parametrize(
    "content, message",
    [
        ("[{", r"is not valid JSON \(line 1, column 3\)"),
        ('{"id": "X"}', "should hold a list of results"),
        ("[1]", "result 1 is not an object"),
        ('[{"id": "X", "verdict": "holds"}]', "result 1 has no valid 'n_range'"),
        ('[{"id": "X", "verdict": "ok", "n_range": [2, 3], "instances": 1, "hypothesis_true": 0, "seconds": 0}]',
         "unknown verdict 'ok'"),
        ('[{"id": "X", "verdict": "holds", "n_range": [2], "instances": 1, "hypothesis_true": 0, "seconds": 0}]',
         "result 1 has no valid 'n_range'"),
        ('[{"id": "X", "verdict": "fails", "n_range": [2, 3], "instances": 1, "hypothesis_true": 0, "seconds": 0, '
         '"witness": [1]}]', "result 1 has a malformed witness"),
    ],
)
def test_malformed_run(tmp_path, monkeypatch, capsys, content, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".shannon-verify").mkdir()
    (tmp_path / LAST).write_text(content)
    with pytest.raises(InputError, match=message):
        load_run(tmp_path / LAST)
    code, _, err = run(capsys, "report")
    assert code == 2 and err.count("\n") == 1 and re.search(message, err)


def test_out_is_a_file(tmp_path):
    (tmp_path / "f").write_text("")
    with pytest.raises(InputError, match="is a file, not a folder"):
        write_report(HAND_MADE, tmp_path / "f")


def test_empty_run(tmp_path):
    md, page = write_report([], tmp_path / "r")
    assert "**0 statements** (the run checked nothing)" in md.read_text() and "the run checked nothing" in page.read_text()


def test_help(capsys):
    with pytest.raises(SystemExit) as e:
        main(["report", "--help"])
    out = capsys.readouterr().out
    assert e.value.code == 0 and "--self-contained" in out and "--input" in out and "--out" in out


def test_relative_counterexample_found_beside_the_run(checked, tmp_path, monkeypatch):
    """A relative ``counterexample`` path is looked up from the folder holding ``.shannon-verify/``."""
    real = {r["id"]: r for r in load_run(checked / LAST)}["TSD.T13.EX"]
    project = tmp_path / "project"
    (project / "counterexamples/TSD.T13.EX").mkdir(parents=True)
    (project / ".shannon-verify").mkdir()
    for suffix in (".json", ".png"):
        src = real["counterexample"][: -len(".json")] + suffix
        (project / "counterexamples/TSD.T13.EX" / ("Cd_t2-3" + suffix)).write_bytes(open(src, "rb").read())
    moved = dict(real, counterexample="counterexamples/TSD.T13.EX/Cd_t2-3.json")
    lost = dict(HAND_MADE[3], counterexample="counterexamples/MY/nowhere.json")
    (project / LAST).write_text(json.dumps([moved, lost]))
    monkeypatch.chdir(tmp_path)
    md, page = write_report(load_run(project / LAST), tmp_path / "out", run_file=project / LAST)
    assert (tmp_path / "out/img/TSD.T13.EX--Cd_t2-3.png").is_file() and "_(no picture found)_" in md.read_text()
    assert page.read_text().count("<img") == 1 and "shannon-verify check TSD.T13.EX --max-n 4" in page.read_text()
