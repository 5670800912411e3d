"""What backs a verdict (issue 19, item 5): the decision procedures a check consulted are
recorded as it runs — in this process, in worker processes, and across a resumed store —
and the report names them with their standing."""

from verify.backing import describe, recording, standing, used
from verify.registry import REGISTRY, load_paper_statements, run_statement
from verify.sweep import sweep
from verify.sweep.backends import Processes, Serial
from verify.sweep.store import Store

load_paper_statements()


def test_in_process_the_procedures_consulted_are_recorded():
    r = run_statement(REGISTRY["TSD.T12"], max_n=4, emit=False)
    assert r.verdict == "holds" and r.oracles == ["dead-brute"]
    assert r.to_json()["oracles"] == ["dead-brute"]


def test_worker_processes_send_theirs_back(tmp_path):
    st = REGISTRY["TSD.T14"]
    r = sweep(st, max_n=6, backend=Processes(2), emit=False, mod=3)
    assert r.verdict == "holds" and "dead-sat" in r.oracles
    assert standing(r.oracles) == "sat"


def test_a_resumed_store_keeps_them(tmp_path):
    st = REGISTRY["TSD.T12"]
    store = Store(tmp_path / "s.db")
    run_id = store.new_run("test", {}, {})
    first = sweep(st, max_n=4, backend=Serial(), store=store, run_id=run_id, emit=False)
    again = sweep(st, max_n=4, backend=Serial(), store=store, run_id=run_id, emit=False)  # every shard from the store
    assert first.oracles == again.oracles == ["dead-brute"]


def test_cached_answers_are_backed_by_what_computed_them():
    from verify.papers.lnk.search import minimal_links

    minimal_links(5)
    with recording() as r:
        minimal_links(5)  # a cache hit
    assert "fast" in r.names


def test_a_check_that_consults_nothing_says_so():
    with recording() as r:
        pass
    assert r.names == set() and describe(r.names) == "the statement's own Python code"
    with recording() as outer:
        with recording() as inner:
            used("hex-kernel")
    assert outer.names == inner.names == {"hex-kernel"} and standing(outer.names) == "kernel"


def test_nested_recordings_with_equal_sets_close_in_order():
    """Two open recordings with equal (empty) sets: each closes itself, not the other."""
    from verify import backing

    with recording() as outer:
        with recording():
            pass
        used("fast")
        with recording():
            pass
    assert outer.names == {"fast"} and backing._open() == []


def test_recordings_of_two_threads_stay_apart():
    import threading

    seen = {}

    def run(name):
        with recording() as r:
            used(name)
            barrier.wait()
        seen[name] = r.names

    barrier = threading.Barrier(2)
    threads = [threading.Thread(target=run, args=(n,)) for n in ("fast", "hex-kernel")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"fast": {"fast"}, "hex-kernel": {"hex-kernel"}}
