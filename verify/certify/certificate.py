"""UNSAT certificates of ``shannon-verify prove`` and ``dead --proof``: write them, and check them.

A certificate is a directory with three files:

``formula.cnf``
    the query exactly as the solver got it (DIMACS; the same clause list, in order);
``proof.drup``
    the solver's clausal refutation (text DRUP: RUP lemmas and deletions, as Glucose
    writes it through PySAT's ``with_proof=True``);
``manifest.json``
    what the CNF claims (statement, n, mutant or not, encoder), the SHA-256 and size of
    both files, the solver and its version, and timings.

Either file may be gzip-compressed (``formula.cnf.gz``, ``proof.drup.gz``).

:func:`check_certificate` checks a certificate with no help from the solver:

1. the manifest is well formed and names files inside the directory (else
   :class:`CertificateError`: bad input);
2. the files are within the size limits, decompressed too (a gzip bomb is refused);
3. both files hash to the manifest's SHA-256 (else: rejected, "changed after writing");
4. the CNF is re-derived from the project's encoder for the manifest's statement and
   n and must be byte-identical (else: rejected) — this is what ties the certificate to
   the statement rather than to some formula (skip with ``reencode=False``); a
   dead-item certificate (family ``"dead-item"``, :mod:`verify.certify.dead_items`) is
   re-derived from the game, item and cycle cuts its manifest records, each cut checked
   sound first (else: rejected);
5. an independent checker verifies that the proof refutes the CNF:
   :mod:`drup_check <verify.certify.checker>` (C) or :mod:`verify.certify.rup` (Python).

What a certificate does *not* cover: that the encoder expresses the statement (see the
README's "what ties the CNF to the statement"), and for the dead-item family, the
induced-path lemma the encoders rely on.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
import zlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..errors import InputError, ShannonVerifyError

__all__ = ["CertificateError", "Outcome", "MANIFEST", "dimacs_chunks", "dimacs_sha256", "write_certificate",
           "read_manifest", "check_certificate", "is_certificate_dir", "certificate_dirs", "summary", "DEFAULT_MAX_BYTES"]

MANIFEST = "manifest.json"
DEAD_FAMILY = "dead-item"  # verify.certify.dead_items.FAMILY
FORMAT = "shannon-verify UNSAT certificate"
VERSION = 1
DEFAULT_MAX_BYTES = 4 * 2**30
"""Largest file (after decompression) :func:`check_certificate` reads: 4 GiB each."""
MAX_MANIFEST_BYTES = 2**20
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$")
_HEX = re.compile(r"^[0-9a-f]{64}$")
_CHUNK = 1 << 20


class CertificateError(InputError):
    """Not a certificate: missing or malformed manifest, missing file, file too large."""


@dataclass
class Outcome:
    """The verdict of :func:`check_certificate`."""

    dir: str
    certified: bool
    reason: str
    statement: str
    n: int
    mutant: bool
    encoder: str
    checker: str = ""
    check_seconds: float = 0.0
    reencode: str = "skipped"  # 'identical' | 'skipped'
    reencode_seconds: float = 0.0
    stats: dict = field(default_factory=dict)
    item: str = ""  # a dead-item certificate's item, "vertex a1" or "edge 0-3"

    def to_json(self) -> dict:
        out = asdict(self)
        if not self.item:
            del out["item"]
        return out


# ----------------------------------------------------------------- writing
def dimacs_chunks(nvars: int, clauses: list[list[int]], batch: int = 65536) -> Iterator[bytes]:
    """The DIMACS text of ``clauses`` in byte chunks (header ``p cnf nvars len``).

    >>> b"".join(dimacs_chunks(3, [[1, -2], [], [3]]))
    b'p cnf 3 3\\n1 -2 0\\n 0\\n3 0\\n'
    """
    yield f"p cnf {nvars} {len(clauses)}\n".encode()
    for i in range(0, len(clauses), batch):
        # repr of a list of int lists is C-speed; "[[1, -2], [3]]" -> "1 -2 0\n3 0\n"
        text = repr(clauses[i:i + batch])[2:-2].replace("], [", " 0\n").replace(",", "")
        yield (text + " 0\n").encode()


def dimacs_sha256(nvars: int, clauses: list[list[int]]) -> str:
    h = hashlib.sha256()
    for chunk in dimacs_chunks(nvars, clauses):
        h.update(chunk)
    return h.hexdigest()


class _HashingWriter:
    def __init__(self, path: Path, compress: bool) -> None:
        self.raw = open(path, "wb")
        self.out = gzip.GzipFile(fileobj=self.raw, mode="wb", compresslevel=6, mtime=0) if compress else self.raw
        self.content = hashlib.sha256()
        self.size = 0

    def write(self, b: bytes) -> None:
        self.out.write(b)
        self.content.update(b)
        self.size += len(b)

    def close(self) -> None:
        if self.out is not self.raw:
            self.out.close()
        self.raw.close()


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            h.update(chunk)
    return h.hexdigest()


def write_certificate(directory: str | Path, *, nvars: int, clauses: list[list[int]], proof, claim: dict,
                      solver: dict, compress: bool = False) -> dict:
    """Write ``formula.cnf``, ``proof.drup`` (``proof``: a binary file object read from
    its start, or an iterable of text lines) and ``manifest.json`` into ``directory``
    (created if needed); return the manifest.

    ``claim`` holds ``statement``, ``n``, ``mutant``, ``family``, ``encoder`` and
    ``query`` (a sentence); ``solver`` the solver's name, version and times.
    """
    d = Path(directory)
    if d.exists() and not d.is_dir():
        raise InputError(f"{d} exists and is not a directory.")
    d.mkdir(parents=True, exist_ok=True)
    gz = ".gz" if compress else ""
    for stale in ("formula.cnf", "formula.cnf.gz", "proof.drup", "proof.drup.gz", MANIFEST):
        (d / stale).unlink(missing_ok=True)
    t0 = time.perf_counter()
    cnf_name, proof_name = f"formula.cnf{gz}", f"proof.drup{gz}"
    w = _HashingWriter(d / cnf_name, compress)
    try:
        for chunk in dimacs_chunks(nvars, clauses):
            w.write(chunk)
    finally:
        w.close()
    cnf_entry = {"file": cnf_name, "sha256": _file_sha256(d / cnf_name), "content_sha256": w.content.hexdigest(),
                 "bytes": (d / cnf_name).stat().st_size, "content_bytes": w.size, "variables": nvars,
                 "clauses": len(clauses)}
    w = _HashingWriter(d / proof_name, compress)
    lemmas = deletions = 0
    tail = b""
    try:
        if hasattr(proof, "read"):
            proof.seek(0)
            while chunk := proof.read(_CHUNK):
                w.write(chunk)
                lemmas += chunk.count(b"\n")
                deletions += chunk.count(b"d ")
                tail = (tail + chunk)[-64:]
        else:
            for line in proof:
                b = (line.rstrip("\n") + "\n").encode()
                w.write(b)
                lemmas += 1
                deletions += b.startswith(b"d ")
                tail = (tail + b)[-64:]
    finally:
        w.close()
    proof_entry = {"file": proof_name, "format": "DRUP (text DRAT without RAT lemmas)",
                   "sha256": _file_sha256(d / proof_name), "content_sha256": w.content.hexdigest(),
                   "bytes": (d / proof_name).stat().st_size, "content_bytes": w.size,
                   "lemmas": lemmas - deletions, "deletions": deletions,
                   "ends_with_empty_clause": tail.rstrip().split(b"\n")[-1].strip() == b"0"}
    manifest = {"format": FORMAT, "version": VERSION, **claim, "cnf": cnf_entry, "proof": proof_entry,
                "solver": solver, "write_seconds": round(time.perf_counter() - t0, 3),
                "written": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
    tmp = d / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, indent=2) + "\n")
    os.replace(tmp, d / MANIFEST)
    return manifest


# ----------------------------------------------------------------- reading
def is_certificate_dir(path: str | Path) -> bool:
    """Whether ``path`` holds something named ``manifest.json`` (whatever it is: a FIFO or
    a device there is refused by :func:`read_manifest` in one sentence of its own)."""
    return os.path.lexists(Path(path, MANIFEST))


def certificate_dirs(path: str | Path) -> list[Path]:
    """``path`` itself when it holds a manifest, else its immediate subdirectories that do
    (``prove --up-to N --proof DIR`` writes one per n), sorted."""
    p = Path(path)
    if is_certificate_dir(p):
        return [p]
    if not p.is_dir():
        return []
    return sorted((q for q in p.iterdir() if q.is_dir() and is_certificate_dir(q)), key=lambda q: q.name)


def _req(m: dict, key: str, typ, where: str = "manifest"):
    if key not in m:
        raise CertificateError(f"The {where} has no '{key}'.")
    v = m[key]
    if typ is int and isinstance(v, bool) or not isinstance(v, typ):
        raise CertificateError(f"The {where}'s '{key}' is not a {getattr(typ, '__name__', typ)}.")
    return v


def read_manifest(directory: str | Path) -> dict:
    """The validated manifest of a certificate directory; :class:`CertificateError` if it
    is not one."""
    d = Path(directory)
    if not d.exists():
        raise CertificateError(f"{d} does not exist.")
    if not d.is_dir():
        raise CertificateError(f"{d} is not a directory.")
    mp = d / MANIFEST
    if not os.path.lexists(mp):
        raise CertificateError(f"{d} is not a certificate directory (no {MANIFEST}).")
    if not mp.is_file():
        raise CertificateError(f"{mp} is not a regular file (a FIFO, a device or a broken link), so not a manifest.")
    if mp.stat().st_size > MAX_MANIFEST_BYTES:
        raise CertificateError(f"{mp} is larger than {MAX_MANIFEST_BYTES // 1024} KiB; not a manifest.")
    try:
        m = json.loads(mp.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise CertificateError(f"{mp} is not JSON.") from None
    if not isinstance(m, dict) or m.get("format") != FORMAT:
        raise CertificateError(f"{mp} is not a shannon-verify certificate manifest.")
    if m.get("version") != VERSION:
        raise CertificateError(f"{mp} has version {m.get('version')!r}; this shannon-verify reads version {VERSION}.")
    _req(m, "statement", str)
    n = _req(m, "n", int)
    if not 2 <= n <= 10_000:
        raise CertificateError(f"The manifest's n = {n} is out of range.")
    _req(m, "mutant", bool)
    _req(m, "encoder", str)
    for key in ("cnf", "proof"):
        e = _req(m, key, dict)
        name = _req(e, "file", str, f"manifest's {key}")
        if not _NAME.match(name):
            raise CertificateError(f"The manifest's {key} file name {name[:60]!r} is not a plain file name.")
        if not _HEX.match(_req(e, "sha256", str, f"manifest's {key}")):
            raise CertificateError(f"The manifest's {key} sha256 is not 64 hex digits.")
    return m


def _stage(path: Path, limit: int, tmpdir: Path) -> tuple[Path, str, str]:
    """``(plain file, sha256 of the stored file, sha256 of its content)``; a ``.gz`` file is
    decompressed into ``tmpdir``, stopping at ``limit`` bytes (a gzip bomb is refused)."""
    if not os.path.lexists(path):
        raise CertificateError(f"{path.name} is missing from {path.parent}.")
    if not path.is_file():
        raise CertificateError(f"{path} is not a regular file (a FIFO, a device or a broken link).")
    size = path.stat().st_size
    if size > limit:
        raise CertificateError(f"{path.name} is {size / 2**30:.2f} GiB, above the {limit / 2**30:g} GiB limit (--max-gib).")
    stored = _file_sha256(path)
    if not path.name.endswith(".gz"):
        return path, stored, stored
    out = tmpdir / path.name[:-3]
    content = hashlib.sha256()
    total = 0
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        with open(path, "rb") as src, open(out, "wb") as dst:
            while True:
                chunk = d.unconsumed_tail or src.read(_CHUNK)
                if not chunk:
                    break
                piece = d.decompress(chunk, _CHUNK)
                total += len(piece)
                if total > limit:
                    raise CertificateError(f"{path.name} decompresses to more than {limit / 2**30:g} GiB: refused "
                                           "(a gzip bomb?).")
                content.update(piece)
                dst.write(piece)
                if d.eof:
                    if d.unused_data or src.read(1):
                        raise CertificateError(f"{path.name} has data after its gzip stream.")
                    break
            if not d.eof:
                raise CertificateError(f"{path.name} is a truncated gzip file.")
    except zlib.error:
        raise CertificateError(f"{path.name} is not a valid gzip file.") from None
    return out, stored, content.hexdigest()


class _Unsound:
    def __init__(self, reason: str) -> None:
        self.reason = reason


def _item_words(m: dict) -> str:
    it = m.get("item")
    if isinstance(it, dict) and "vertex" in it:
        return f"vertex {it.get('label', it['vertex'])}"
    if isinstance(it, dict) and isinstance(it.get("label", it.get("edge")), list):
        return "edge " + "-".join(map(str, it.get("label", it.get("edge"))))
    return "an item"


class Rejected(ShannonVerifyError):
    """The manifest's query is well formed but unsound (a cut that is no union of induced
    cycles): the certificate is rejected, it is not bad input."""


def _rederived_sha256(m: dict, rederive, rederive_dead):
    """The SHA-256 of the CNF re-derived from the manifest, or :class:`_Unsound`."""
    if m.get("family") == DEAD_FAMILY:
        if rederive_dead is None:
            raise CertificateError("Re-deriving a dead item's CNF needs its encoder "
                                   "(rederive_dead=verify.certify.dead_items.rederive).")
        try:
            nvars, clauses = rederive_dead(m)
        except Rejected as exc:
            return _Unsound(str(exc))
        except MemoryError:
            raise CertificateError(f"Re-deriving the CNF of the manifest's game (n = {m['n']}) ran out of "
                                   "memory.") from None
        return dimacs_sha256(nvars, clauses)
    if rederive is None:
        raise CertificateError("Re-deriving the CNF needs the encoder (rederive=verify.prove.prove.cnf_query).")
    try:
        q = rederive(m["statement"], m["n"], mutant=m["mutant"], encoder=m["encoder"], method=m.get("method"))
    except CertificateError:
        raise
    except InputError as exc:
        raise CertificateError(f"The manifest's query cannot be re-derived: {exc}") from None
    except MemoryError:
        raise CertificateError(f"Re-deriving the CNF of {m['statement']} at n = {m['n']} ran out of memory.") from None
    if q is None:
        raise CertificateError(f"{m['statement']} has no CNF encoding to re-derive.")
    return dimacs_sha256(q.nvars, q.clauses)


def check_certificate(directory: str | Path, *, reencode: bool = True, method: str = "c",
                      max_bytes: int = DEFAULT_MAX_BYTES, rederive=None, rederive_dead=None) -> Outcome:
    """Check one certificate directory (see the module docstring for the steps).

    ``rederive`` is the encoder's entry point (:func:`verify.prove.prove.cnf_query`), given
    by the caller so that the checker never imports the encoders it checks; ``reencode``
    needs it.  ``rederive_dead`` does the same for a dead-item certificate (manifest
    family ``"dead-item"``, written by ``dead --proof DIR``):
    :func:`verify.certify.dead_items.rederive`.  Either may raise
    :class:`CertificateError` to refuse a query before encoding it (``check-proof``
    bounds n so).

    Bad input raises :class:`CertificateError`; a certificate that does not certify
    returns an :class:`Outcome` with ``certified=False`` and a one-sentence ``reason``.
    """
    from .checker import check_files

    d = Path(directory)
    m = read_manifest(d)
    out = Outcome(str(d), False, "", m["statement"], m["n"], m["mutant"], m["encoder"])
    dead = m.get("family") == DEAD_FAMILY
    if dead:
        out.item = _item_words(m)
    cnf_path, proof_path = d / m["cnf"]["file"], d / m["proof"]["file"]
    tmp = Path(tempfile.mkdtemp(prefix="sv-cert-"))
    try:
        cnf_plain, cnf_sha, cnf_content = _stage(cnf_path, max_bytes, tmp)
        proof_plain, proof_sha, _ = _stage(proof_path, max_bytes, tmp)
        for name, sha, entry in ((cnf_path.name, cnf_sha, m["cnf"]), (proof_path.name, proof_sha, m["proof"])):
            if sha != entry["sha256"]:
                out.reason = f"{name} was changed after it was written (its SHA-256 differs from the manifest's)."
                return out
        if reencode:
            t0 = time.perf_counter()
            expect = _rederived_sha256(m, rederive, rederive_dead)
            out.reencode_seconds = round(time.perf_counter() - t0, 3)
            if isinstance(expect, _Unsound):
                out.reason = f"The manifest's query is unsound: {expect.reason}."
                return out
            if expect != cnf_content:
                what = (f"encoder '{m['encoder']}' gives for {m['statement']}{' (mutant)' if m['mutant'] else ''} "
                        f"at n = {m['n']}") if not dead else f"the game gives for {out.item}"
                out.reason = f"{cnf_path.name} is not the CNF that {what} (re-derived, SHA-256 differs)."
                return out
            out.reencode = "identical"
        r = check_files(cnf_plain, proof_plain, method)
        out.checker, out.check_seconds, out.stats = r.checker, round(r.seconds, 3), r.stats
        out.certified = r.ok
        out.reason = "" if r.ok else r.reason.rstrip(".") + "."
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def summary(o: Outcome) -> str:
    """One line for the CLI."""
    what = f"{o.statement}{' (mutant)' if o.mutant else ''}, n = {o.n}"
    if o.item:
        what = f"{o.item} is dead (n = {o.n})"
    if not o.certified:
        return f"{what}: REJECTED ({o.dir}): {o.reason}"
    s = o.stats
    used = f", {s['core_lemmas']} used" if "core_lemmas" in s else ""
    lem = f"{s.get('lemmas', s.get('lemmas_checked', '?'))} lemmas{used}"
    tie = ("CNF re-derived from encoder '%s': identical" % o.encoder) if o.reencode == "identical" else "CNF not re-derived"
    if o.item and o.reencode == "identical":
        tie = "CNF re-derived from the game, the item and the cuts: identical"
    return (f"{what}: CERTIFIED ({o.dir}) — the query is unsatisfiable: {lem}, checked by {o.checker} in "
            f"{o.check_seconds:.2f} s; {tie}.")
