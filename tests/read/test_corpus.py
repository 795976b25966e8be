"""The real docs in ../shared/corpus/ascend-pytorch, read in place.

The master snapshot is read once per session (tests/conftest.py's
`master_read`, shared with the other tests that assert on it). Numbers
asserted here were measured outside the tool first (the commands are in the
comments) and are, where cheap, measured again below by a plain line scan that
shares no code with the reader, so the tool is checked against the text and not
against itself."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.model.support import Entry
from checker.sources.corpus import Corpus, read_corpus

CATALOGUE = default_catalogue()
SCOPE = CATALOGUE.scope
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
A2_A3_NOT_950 = {"atlas-a2": "supported", "atlas-a3": "supported", "ascend-950": "unsupported"}
VERSIONS = {  # folder -> version
    "pytorch_2-7-1": "2.7.1",
    "pytorch_2-11-0": "2.11.0",
    "pytorch_2-12-0": "2.12.0",
    "pytorch_2-13-0": "2.13.0",
}

# Measured with, in master/docs/zh/api/native_api:
#   for v in pytorch_*; do echo "$v $(cat $v/*.md | grep -c '\*\*支持情况\*\*：')"; done
# (every entry in master is in the table format, one `**支持情况**：` label each;
# `grep -c '^\*\*原生文档\*\*'` gives the same numbers, one link per entry).
ENTRIES_PER_VERSION = {"2.7.1": 3388, "2.11.0": 3247, "2.12.0": 3249, "2.13.0": 3249}

# Measured with `docs-check lint` on master, then checked:
#  - by the line scan below (test_lint_counts_match_a_plain_scan), per version;
#  - by eye in the text (2.12.0 unless noted):
#    torch-nn.md:4607 `### torch.nn.parameter.is_lazy` links docs/2.11 (also in
#      2.13.0; 2.7.1 and 2.11.0 link their own version);
#    torch-backends.md:454 mkldnn.is_available has a 4-row table with
#      <term>Atlas 训练系列产品</term>; every other table in the file has 3 rows;
#    Named-Tensors.md:17 and torch-Tensor.md:17 both `### ... torch.Tensor`, with
#      the same table, each heading the methods of its page (the pages' frame,
#      no duplicate-api), and Named-Tensors.md:141 /
#      torch-Tensor.md:3018 both `flatten()` under it, whose 950DT rows (153,
#      3030) say ✘ and ✔ (api-conflict); 2.13.0 has no Named-Tensors.md: 3
#      versions x 2;
#    torch-nn.md:1680 ConvTranspose2d: table lists A2/A3/950DT, notes say
#      "<term>Atlas 训练系列产品</term>/<term>Atlas A2 训练系列产品</term>，需手动...";
#      likewise Tensor.addcdiv_ / addcmul_ (Atlas 训练系列产品) and Tensor.to
#      (Atlas 推理系列产品): 4 APIs x 4 versions.
FINDINGS_BY_RULE = {
    "api-conflict": 3,
    "link-version": 2,
    "notes-product": 16,
    # torch.nested.narrow and torch.fft.ifftshift in each version: Ascend 950DT ✘,
    # notes `<term>Ascend 950DT</term>：不支持complex64，complex128`
    "notes-contradict-status": 8,
    "product-set-differs": 4,
}


@pytest.fixture(scope="module")
def native_api(corpus: Path) -> Path:
    return corpus / "master" / "docs" / "zh" / "api" / "native_api"


@pytest.fixture(scope="module")
def master(master_read: Corpus) -> Corpus:
    return master_read  # the session's one read of it (tests/conftest.py)


@pytest.fixture(scope="module")
def master_findings(master: Corpus) -> list[Finding]:
    return lint_pages(master.pages, CATALOGUE)


def entries_of(corpus: Corpus) -> list[Entry]:
    return [entry for page in corpus.pages for entry in page.entries]


def read_sample(corpus: Path, name: str) -> list[Entry]:
    sample = read_corpus([str(corpus / name)], CATALOGUE)
    assert sample.errors == ()
    return entries_of(sample)


def version_folder(path: str) -> str:
    return next(part for part in Path(path).parts if part.startswith("pytorch_"))


# --- a plain line scan of the master pages, independent of the reader -------------

_LINK = re.compile(r"^\*\*原生文档\*\*：\[([^\]]*)\]\((https?://[^)]*)\)")
_HEADING = re.compile(r"^#{2,6}\s+(.*)$")
_METHOD = re.compile(r'^> <font size="3">(.*?)</font>')
_ROW = re.compile(r"^\|\s*<term>(.*?)</term>\s*\|\s*(\S*)\s*\|")
_TERM = re.compile(r"<term>(.*?)</term>")
# `<term>X</term>：` and a restriction after it (not a bare 不支持 / 否)
_RESTRICTED = re.compile(r"<term>([^<]*)</term>：(?!\s*(?:不支持|否)\s*$)\S")
_CROSS = {"✘", "&#10008;", "&#10007;"}
_DOCS = re.compile(r"pytorch\.org/docs/([^/]+)/")


@dataclass
class Scanned:
    name: str
    docs_version: str
    products: list[str | None] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)  # each row's mark, as written
    note_terms: list[str] = field(default_factory=list)
    restricted: list[str] = field(default_factory=list)  # note terms a restriction follows


def _last_word(markup: str) -> str:
    return re.sub(r"<[^>]+>", "", markup).replace("\\", "").split()[-1]


def scan_file(path: Path) -> Iterator[Scanned]:
    """Entries as the raw lines show them: a heading or `> <font>` line, then the
    `**原生文档**` link; product-table rows; <term>s after `**限制与说明**`."""
    title: tuple[str, str] | None = None
    parent = ""
    current: Scanned | None = None
    in_notes = False
    for line in path.read_text(encoding="utf-8").splitlines():
        heading, method, link = _HEADING.match(line), _METHOD.match(line), _LINK.match(line)
        if heading or method:
            if current:
                yield current
            current, in_notes = None, False
            if heading:
                title = ("heading", _last_word(heading.group(1)))
            elif method:
                title = ("method", re.sub(r"\(.*\)$", "", _last_word(method.group(1))))
        elif link and title:
            kind, name = title
            text = link.group(1).replace("\\", "")
            if kind == "heading":
                parent = full = name
            elif text.startswith("torch") and text.endswith("." + name):
                full = text
            else:
                full = f"{parent}.{name}"
            docs = _DOCS.search(link.group(2))
            current = Scanned(full, docs.group(1) if docs else "")
            title = None
        elif current:
            if line.startswith("**限制与说明**"):
                in_notes = True
            elif line.startswith("</div>"):
                in_notes = False
            row = _ROW.match(line)
            if row and not in_notes:
                current.products.append(CATALOGUE.by_name(row.group(1)))
                current.marks.append(row.group(2))
            if in_notes:
                current.note_terms.extend(_TERM.findall(line))
                current.restricted.extend(_RESTRICTED.findall(line))
    if current:
        yield current


def scan_counts(folder: Path) -> Counter[str]:
    """Per rule, what the scan sees in one version folder."""
    wanted = ".".join(VERSIONS[folder.name].split(".")[:2])
    counts: Counter[str] = Counter()
    first: dict[str, tuple[Scanned, bool]] = {}
    for path in sorted(folder.glob("*.md")):
        scanned = list(scan_file(path))
        counts["entries"] += len(scanned)
        # an entry the next one of its page is a member of heads its methods
        heads = [
            n + 1 < len(scanned) and scanned[n + 1].name.startswith(f"{a.name}.")
            for n, a in enumerate(scanned)
        ]
        for entry, frame in zip(scanned, heads, strict=True):
            if entry.name not in first:
                first[entry.name] = (entry, frame)
                continue
            rows = sorted(zip(entry.products, entry.marks, strict=True), key=str)
            earlier, earlier_frame = first[entry.name]
            same = rows == sorted(zip(earlier.products, earlier.marks, strict=True), key=str)
            if same and frame and earlier_frame:
                continue  # a class heading its methods on both pages
            counts["duplicate-api" if same else "api-conflict"] += 1
        counts["link-version"] += sum(entry.docs_version != wanted for entry in scanned)
        sets = Counter(frozenset(entry.products) for entry in scanned if entry.products)
        if sets:
            usual = sets.most_common(1)[0][0]
            counts["product-set-differs"] += sum(n for s, n in sets.items() if s != usual)
        for entry in scanned:
            named = {CATALOGUE.by_name(term) for term in entry.note_terms} - {None}
            counts["notes-product"] += len(named - set(entry.products))
            crossed = {
                p for p, mark in zip(entry.products, entry.marks, strict=True) if mark in _CROSS
            }
            restricted = {CATALOGUE.by_name(term) for term in entry.restricted}
            counts["notes-contradict-status"] += len(crossed & restricted)
    return +counts


# --- master: what was read ------------------------------------------------------


def test_master_reads_every_version_page(master: Corpus, native_api: Path) -> None:
    assert master.errors == ()
    on_disk = sorted(str(p) for folder in VERSIONS for p in (native_api / folder).glob("*.md"))
    assert len(on_disk) == 252  # find master -path '*pytorch_*' -name '*.md' | wc -l
    assert sorted(str(Path(page.path).resolve()) for page in master.pages) == [
        str(Path(p).resolve()) for p in on_disk
    ]


def test_master_entry_count_per_version(master: Corpus, native_api: Path) -> None:
    counted = Counter(entry.version for entry in entries_of(master))
    assert dict(counted) == ENTRIES_PER_VERSION
    # and the grep, redone here in Python
    for folder, version in VERSIONS.items():
        labels = sum(
            line.count("**支持情况**：")
            for path in (native_api / folder).glob("*.md")
            for line in path.read_text(encoding="utf-8").splitlines()
        )
        assert labels == ENTRIES_PER_VERSION[version], folder
    # every entry sits in the folder of its version
    assert all(VERSIONS[version_folder(e.path)] == e.version for e in entries_of(master))


def test_master_every_entry_has_a_status(master: Corpus, master_findings: list[Finding]) -> None:
    entries = entries_of(master)
    assert [e.api for e in entries if e.status is None] == []
    assert {e.format for e in entries} == {"table"}
    assert not [f for f in master_findings if f.rule == "missing-status"]
    # Tables speak of named products only; every entry names the three in scope.
    assert all(e.status and set(SCOPE) <= set(e.status.products) for e in entries)
    assert all(e.api.startswith("torch.") for e in entries)


# --- put_metric, in master and in the format samples -----------------------------


def test_put_metric_in_every_master_version(master: Corpus) -> None:
    found = [e for e in entries_of(master) if e.api == PUT_METRIC]
    assert sorted(e.version for e in found) == sorted(VERSIONS.values())
    for entry in found:
        assert entry.expanded(SCOPE) == A2_A3_NOT_950, entry.version
        assert entry.format == "table"
        assert Path(entry.path).name == "torch-distributed-elastic.md"
        source = Path(entry.path).read_text(encoding="utf-8").splitlines()
        assert source[entry.line - 1] == f"### {PUT_METRIC}"


SAMPLES = [
    # sample, its format, version, put_metric over the scope; entries counted by
    #   grep -rc '^\*\*原生文档\*\*' <sample>   -> 120, 120, 13 (one link per entry)
    #   grep -rc '^|torch\.' rows-v2.7.1-7.3.0    -> 104 (one row per API)
    # (in the entity sample one of the 120 tables sits under **产品支持情况**：, the
    # others under **支持情况**：, so counting that label gives 119)
    ("inline-af7cebeb8", "inline", "2.12.0", A2_A3_NOT_950, 120),
    ("entity-8706fedbe", "table", "2.12.0", A2_A3_NOT_950, 120),
    ("blocks-020dcefad", "blocks", "2.12.0", A2_A3_NOT_950, 13),
    # the old row table says only 是: the whole scope
    ("rows-v2.7.1-7.3.0", "rows", "2.7.1", dict.fromkeys(SCOPE, "supported"), 104),
]


@pytest.mark.parametrize(("sample", "fmt", "version", "expected", "count"), SAMPLES)
def test_sample_put_metric_and_format(
    corpus: Path, sample: str, fmt: str, version: str, expected: dict[str, str], count: int
) -> None:
    entries = read_sample(corpus, sample)
    assert len(entries) == count
    starts = "|torch." if fmt == "rows" else "**原生文档**"
    lines = [
        line
        for path in (corpus / sample).rglob("*.md")
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    assert sum(line.startswith(starts) for line in lines) == count
    assert {e.format for e in entries} == {fmt}
    (put_metric,) = [e for e in entries if e.api == PUT_METRIC]
    assert put_metric.version == version
    assert put_metric.expanded(SCOPE) == expected
    assert all(e.status is not None for e in entries)


def test_entity_sample_states_what_the_table_page_states(corpus: Path) -> None:
    """The entity sample (marks as &#10004; / &#10007;) against master's 2.12.0
    table page of the same module: the same APIs, each with the same status."""
    entity = read_sample(corpus, "entity-8706fedbe")
    table = read_sample(
        corpus,
        "master/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md",
    )
    entity_status = {e.api: e.expanded(SCOPE) for e in entity}
    table_status = {e.api: e.expanded(SCOPE) for e in table}
    assert len(entity_status) == len(entity) == 120
    assert entity_status == table_status
    # not trivially equal: both contain a fully unsupported API as well
    assert len({tuple(s.values()) for s in table_status.values()}) == 2


# --- lint on master --------------------------------------------------------------


def test_lint_counts_by_rule_on_master(master_findings: list[Finding]) -> None:
    assert dict(Counter(f.rule for f in master_findings)) == FINDINGS_BY_RULE


def test_lint_counts_match_a_plain_scan(
    master: Corpus, master_findings: list[Finding], native_api: Path
) -> None:
    for folder, version in VERSIONS.items():
        scanned = scan_counts(native_api / folder)
        assert scanned.pop("entries") == ENTRIES_PER_VERSION[version]
        tool = Counter(f.rule for f in master_findings if version_folder(f.path) == folder)
        assert tool == scanned, folder


def test_master_findings_seen_in_the_text(master_findings: list[Finding], native_api: Path) -> None:
    def at(folder: str, name: str, line: int) -> list[str]:
        return [
            f.rule
            for f in master_findings
            if version_folder(f.path) == folder and Path(f.path).name == name and f.line == line
        ]

    def text(folder: str, name: str, line: int) -> str:
        path = native_api / folder / name
        return path.read_text(encoding="utf-8").splitlines()[line - 1]

    v = "pytorch_2-12-0"
    assert at(v, "torch-nn.md", 4611) == ["link-version"]
    assert text(v, "torch-nn.md", 4607) == "### torch.nn.parameter.is_lazy"
    assert text(v, "torch-nn.md", 4611).startswith("**原生文档**：")
    assert "pytorch.org/docs/2.11/" in text(v, "torch-nn.md", 4611)
    assert at(v, "torch-backends.md", 464) == ["product-set-differs"]
    assert text(v, "torch-backends.md", 464) == "| <term>Atlas 训练系列产品</term> | ✔ |"
    assert at(v, "torch-Tensor.md", 17) == []
    assert text(v, "Named-Tensors.md", 17).endswith(" torch.Tensor")
    assert text(v, "torch-Tensor.md", 17).endswith(" torch.Tensor")
    assert at(v, "torch-Tensor.md", 3030) == ["api-conflict"]
    assert text(v, "torch-Tensor.md", 3030) == "| <term>Ascend 950DT</term> | ✔ |"
    assert text(v, "Named-Tensors.md", 153) == "| <term>Ascend 950DT</term> | ✘ |"
    assert at(v, "torch-nn.md", 1697) == ["notes-product"]
    assert "<term>Atlas 训练系列产品</term>" in text(v, "torch-nn.md", 1697)
    assert at(v, "torch-Tensor.md", 612) == ["notes-product"]
    assert "<term>Atlas 训练系列产品</term>" in text(v, "torch-Tensor.md", 612)


def test_master_names_with_underscores_and_case_twin_pages(
    master: Corpus, master_findings: list[Finding]
) -> None:
    """`### torch._foreach_neg_` is not emphasis, and prune.identity's page is
    identity_function.html upstream: neither is a link-target finding."""
    apis = Counter(e.api for e in entries_of(master))
    assert apis["torch._foreach_neg_"] == 4
    assert apis["torch.foreach_neg"] == 0
    assert apis["torch.nn.utils.prune.identity"] == 4
    assert not [f for f in master_findings if f.rule == "link-target"]


# -- full names: completing short names changes none of the real snapshots' ----------

# sha256 (first 16 hex digits) of the sorted `page:line:api` of every entry,
# measured before names were completed from the page's namespace (commit
# 21e0cf5): every entry of every snapshot already had its full name.
NAMES_DIGEST = {
    "blocks-020dcefad": (13, "1e29b68513f0452c"),
    "entity-8706fedbe": (120, "89302ca21b6e0eaf"),
    "inline-af7cebeb8": (120, "40ef8fd49b76deec"),
    "master": (13133, "c4c0ef2baa2d4259"),
    "rows-v2.7.1-7.3.0": (104, "228227bc96c66b6e"),
}


@pytest.mark.parametrize("snapshot", sorted(NAMES_DIGEST))
def test_no_entry_of_a_snapshot_changes_name(
    corpus: Path, snapshot: str, request: pytest.FixtureRequest
) -> None:
    root = corpus / snapshot
    # master's read and findings are the module's (a read of it costs seconds)
    read = request.getfixturevalue("master") if snapshot == "master" else None
    read = read or read_corpus([str(root)], CATALOGUE)
    names = sorted(f"{Path(e.path).relative_to(root)}:{e.line}:{e.api}" for e in entries_of(read))
    digest = hashlib.sha256("\n".join(names).encode()).hexdigest()[:16]
    assert (len(names), digest) == NAMES_DIGEST[snapshot]
    assert all(name.split(":")[-1].startswith(("torch.", "torch_npu.")) for name in names)
    found = (
        request.getfixturevalue("master_findings")
        if snapshot == "master"
        else lint_pages(read.pages, CATALOGUE)
    )
    assert [f for f in found if f.rule == "api-name-incomplete"] == []
