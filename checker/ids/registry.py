"""Every id the tool can report, in one place: the problems reading a page
finds, the lint checks, the verify verdicts and the outcomes of looking names
up in torch. Each has its default level, a one-line summary, a longer
explanation, the stage that reports it and, where there is one, the fix.

Configuration (`severity`, `[[ignore]]`), SARIF's rule list and the docs all
read this table, so an id known here can be re-levelled, ignored and declared
alike; a finding's default severity is decided here and nowhere else
(checker.model.finding's `finding`, the one constructor of `Finding`, takes
it from here)."""

from __future__ import annotations

from dataclasses import dataclass

# The stages, in the order a run reaches them.
READ, LINT, VERIFY, RESOLVE = "read", "lint", "verify", "resolve"
# The docs' claims against the repository's own tests (`docs-check tests`).
TESTS = "tests"
# What judges the run's own exceptions: inline suppressions, config ignores, baselines.
GATE = "gate"
# "note": reported, never a failure by default (a level for verdicts only).
NOTE = "note"


@dataclass(frozen=True)
class Check:
    """One id the tool reports: its level, stage and texts."""

    id: str
    level: str  # "error", "warning" or "note"
    stage: str
    summary: str
    explanation: str
    fix: str | None = None  # what to change in the docs, when there is one thing to do
    # When `docs-check fix` makes the fix itself ("" never). Every fix it makes
    # is certain: one right answer, changing nothing else; a fix that needs
    # judgement (which of two statuses is true) is never automatic.
    autofix: str = ""
    # The other stages that report it: a verify verdict that is also a static
    # fact (the docs against a rule's `expect`) is a lint finding too.
    also: tuple[str, ...] = ()

    @property
    def stages(self) -> tuple[str, ...]:
        """Every stage that reports it, `stage` first."""
        return (self.stage, *self.also)

    @property
    def fixable(self) -> bool:
        return bool(self.autofix)


# The levels of a finding (checker.model.finding's Severity), by value.
_E, _W = "error", "warning"

CHECKS: tuple[Check, ...] = (
    # reading a status
    Check(
        "status-unreadable",
        _E,
        READ,
        "a support status the normaliser cannot read",
        "The text after 是否支持 / 支持情况, a table mark or a block's 支持 / 不支持 is "
        "none of the spellings the status normaliser knows, so no product's support "
        "can be taken from it.",
        "Write the status as 是 / 否, ✔ / ✘, 是，暂不支持<term>PRODUCT</term>, or "
        "仅支持<term>PRODUCT</term>.",
    ),
    Check(
        "unknown-product",
        _E,
        READ,
        "a product name the catalogue does not know",
        "A status names a product that rules/catalogue.toml does not list, under any "
        "of its names or aliases.",
        "Use the product's catalogue name, or add it to rules/catalogue.toml.",
    ),
    Check(
        "status-conflict",
        _E,
        READ,
        "one entry states a product twice, differently",
        "Two rows, blocks or clauses of one entry (maybe under two names of one "
        "product) give a product different statuses. Neither is taken: the product's "
        "status is `conflict`, which verify counts as differing from any rule.",
        "Keep the one true statement and remove the other.",
    ),
    Check(
        "duplicate-status",
        _W,
        READ,
        "one entry states a product twice, the same way",
        "Two rows, blocks or clauses of one entry (maybe under two names of one "
        "product) give a product the same status.",
        "Remove the repeated statement.",
    ),
    Check(
        "nonstandard-mark",
        _W,
        READ,
        "a table mark other than ✔ / ✘",
        "A per-product table uses a mark that reads as support or its absence but is "
        "not the house mark (✗, ×, an HTML entity).",
        "Write ✔ or ✘.",
        autofix="always: the mark becomes ✔ or ✘, as it reads",
    ),
    Check(
        "table-cut",
        _E,
        READ,
        "a status table cut short by a line that is no table row",
        "Markdown ends a table at the first line that opens another block: a comment "
        "(a docs-check comment too), a `<div>`, a list item or a quote. The rows after "
        "that line are text, on GitHub and GitCode as for the reader, so the statuses "
        "they give are lost: the products stay unstated. Reported at the line that "
        "ends the table, when table rows follow it before the next blank line.",
        "Remove the line, or move it above the table: a comment for a row's finding "
        "goes above the table, as a docs-check-disable ... docs-check-enable region "
        "around it.",
    ),
    Check(
        "api-name-incomplete",
        _W,
        READ,
        "a short API name the page gives no namespace for",
        "The entry writes its API short (`Tensor.names`, `symbolic_trace`) and neither "
        "a link, an enclosing class, the page's other full names nor its file name "
        "completes it; it is kept as written, so checks by full name cannot see it. An "
        "API cell or title that holds more than a name (a note glued to the name, a "
        "sentence after it) is kept as written too, and quoted whole.",
        "Write the full name (`torch.Tensor.names`), or link the entry to its upstream "
        "page; move a note out of the API cell into the notes column.",
    ),
    Check(
        "api-name-not-plain",
        _E,
        READ,
        "an API name written with invisible characters or look-alike letters",
        "The heading, link text or anchor that names the entry's API holds a character "
        "that shows nothing or shows as another (a word joiner U+2060, a soft hyphen, "
        "U+FEFF, a zero-width joiner; a fullwidth letter), or a letter of another script "
        "among its Latin ones (a Cyrillic `а` in `put_metric`). Names are compared with "
        "the invisible characters removed and in NFKC form, so the entry still counts "
        "as the API it shows; a look-alike letter makes it another name, which no rule "
        "or page of the API matches.",
        "Retype the name in plain ASCII.",
    ),
    # block-style house rules
    Check(
        "block-id-mismatch",
        _E,
        READ,
        "a block's end comment carries another id than its start",
        "A `<!-- npu=... idN -->` block is closed by `<!-- end idM -->` with M not N.",
        "Make the end comment's id the start comment's.",
        autofix="always: the end comment takes the start comment's id",
    ),
    Check(
        "block-id-duplicate",
        _E,
        READ,
        "a block id used twice in one file",
        "Block ids identify a product's block within a page; two blocks share one.",
        "Give the second block an id of its own.",
        autofix="when the block is closed: it takes an id no other block of the page has",
    ),
    Check(
        "block-unclosed",
        _E,
        READ,
        "a block start comment without its end comment",
        "A `<!-- npu=... idN -->` comment opens a block that no `<!-- end idN -->` closes.",
        "Add the end comment after the block's text.",
    ),
    Check(
        "block-npu-unknown",
        _E,
        READ,
        "an npu code the catalogue does not know (codes are case-sensitive)",
        "The npu= code of a block start comment is not a code of rules/catalogue.toml.",
        "Use a code that rules/catalogue.toml lists (`910b`, `A3`, `950`, ...).",
        autofix="when the code is a catalogue code in another case (`910B` for `910b`)",
    ),
    Check(
        "block-npu-product",
        _E,
        READ,
        "a block whose npu code and product name disagree",
        "The block's npu= code belongs to one product and its text names another.",
        "Make the code and the product name the same product.",
    ),
    Check(
        "block-products",
        _E,
        READ,
        "a block that does not name exactly one product",
        "A product block must speak of one product; this one names none or several.",
    ),
    Check(
        "block-unopened",
        _E,
        READ,
        "a block end comment or item that no start comment opened",
        "A `<!-- end idN -->` comment comes where no block is open: its start comment "
        "is missing, or it closes a block a second time. An item in the list of a "
        "block whose end comment came before it is in no block, and is not read.",
        'Add the block\'s start comment `<!-- npu="CODE" idN -->` before its item, '
        "or remove the extra end comment.",
    ),
    # the model
    Check(
        "missing-status",
        _E,
        LINT,
        "an API entry without a support status",
        "An API heading or row has no support statement in any format.",
        "Add the support status under the entry.",
    ),
    Check(
        "duplicate-api",
        _W,
        LINT,
        "the same API documented again in one version, saying the same",
        "Two entries of one docs version name the same full API and give every "
        "product in scope the same status: harmless today, but the copies can drift.",
        "Keep one entry, or link the second to the first.",
    ),
    Check(
        "api-conflict",
        _E,
        LINT,
        "the same API documented twice in one version, saying different things",
        "Two entries of one docs version name the same full API and give a product "
        "different statuses; readers cannot tell which holds. Reported at the later "
        "entry's statement of the first product they differ on.",
        "Make the two entries agree, or remove one.",
    ),
    Check(
        "product-set-differs",
        _W,
        LINT,
        "an entry naming other products than the rest of its file",
        "Most entries of a page name one set of products; this entry names another, "
        "which is often a product left out by mistake.",
    ),
    Check(
        "link-target",
        _E,
        LINT,
        "a native-doc link whose anchor names another API",
        "The 原生文档 link of an entry points at another API's upstream page or anchor.",
        "Point the link at the entry's own API.",
    ),
    Check(
        "link-version",
        _E,
        LINT,
        "a native-doc link into another PyTorch docs version",
        "The 原生文档 link goes to the upstream docs of another PyTorch version than "
        "the page documents.",
        "Use the page's PyTorch version in the link.",
        autofix="always: the link takes the page's docs version",
    ),
    Check(
        "notes-product",
        _W,
        LINT,
        "restriction notes naming a product the status does not list",
        "The 限制与说明 text speaks of a product that the entry's status does not name.",
    ),
    Check(
        "notes-contradict-status",
        _E,
        LINT,
        "restriction notes speaking of a product as working where the status says unsupported",
        "The 限制与说明 text restricts how the API works on a product (`<term>X</term>：不支持"
        "complex64`, `X上仅支持fp32`, `针对<term>X</term>，…`), which says it works there, "
        "while the entry's status marks that product unsupported (✘, 否, or outside a "
        "仅支持 list). One of the two is wrong. Notes that deny the product the whole API "
        "(`X：不支持`, `X不支持该接口`) or only compare with it are no contradiction. "
        "Reported at the notes line, naming the line of the status.",
        "Mark the product supported if the API runs there (仅支持<term>X</term> when only "
        "there), or drop the notes about it.",
    ),
    Check(
        "link-docs-version",
        _E,
        LINT,
        "a pytorch.org docs link outside the native-doc line into another PyTorch docs version",
        "A link to the upstream PyTorch docs in a page's notes, overview or any line other "
        "than an entry's 原生文档 goes to another docs version than the page's folder "
        "documents; a version folder copied from the previous one keeps them.",
        "Use the page's PyTorch version in the link.",
        autofix="always: the link takes the page's docs version",
    ),
    Check(
        "version-title",
        _E,
        LINT,
        "a page title that names another PyTorch version than its folder",
        "The `#` title of a page in a pytorch_X-Y-Z folder (the version's menu page, "
        "`# PyTorch 2.13.0版本`) names another PyTorch version than the folder.",
        "Name the folder's version in the title.",
        autofix="always: the title takes the folder's version",
    ),
    Check(
        "lang-parity",
        _W,
        LINT,
        "the zh and en pages of a version say different things of an API",
        "Where the docs read hold both zh and en pages of a docs version, each API's "
        "entries in the two languages should say the same of every product. An API "
        "one language documents and the other lacks, or whose statuses differ, leaves "
        "the readers of one language with another answer. It is reported at the line "
        "of each side that has the entry; a page read alone, without its other "
        "language, is not compared.",
        "Make the two pages agree: add the missing entry, or correct the wrong status.",
    ),
    # verify: expectations against the docs
    Check(
        "missing-entry",
        _E,
        VERIFY,
        "a rule's API missing from a version's docs page",
        "An API rule names a page and versions; that version's page does not document "
        "the API, or the page is not there.",
        "Document the API on the page, or narrow the rule's versions.",
    ),
    # verify: the verdicts of the cross-check, per rule x version x product
    Check(
        "doc-differs-from-rule",
        _E,
        VERIFY,
        "the docs' status for a product is not the rule's expect",
        "What a version's page says of a product is not what the API rule expects.",
        "Change the page's status, or the rule's expect if the rule is wrong.",
        # the page and the rule are both written down: lint reports it as a
        # finding at the product's line (checker.checks.expected), verify as a verdict
        also=(LINT,),
    ),
    Check(
        "doc-claims-support-test-fails",
        _E,
        VERIFY,
        "documented supported; the behaviour test fails on that product's NPU",
        "The docs say the product supports the API, and the rule's behaviour test "
        "failed on that product's NPU with the page's torch release.",
    ),
    Check(
        "doc-denies-support-test-passes",
        _W,
        VERIFY,
        "documented unsupported; the behaviour test passes on that product's NPU",
        "The docs say the product does not support the API, yet the behaviour test "
        "passes there. A warning by default (the docs may be cautious); an error with "
        "--strict.",
    ),
    Check(
        "unverified",
        NOTE,
        VERIFY,
        "no evidence from that product's NPU with that torch release (an error with --require-npu)",
        "No behaviour run on that product's NPU with the page's torch release; a CPU "
        "reference run or a fake torch_npu never verifies a product.",
    ),
    Check(
        "behaviour-run-error",
        _E,
        VERIFY,
        "the behaviour test could not run on the NPU",
        "The behaviour test on the product's NPU crashed or timed out before it "
        "reported its cases.",
    ),
    Check(
        "repo-test-missing",
        _E,
        VERIFY,
        "a rule's repository test file is not at the version's test ref",
        "The rule names a test of the docs repository's own suite (`test =`), and "
        "the file is not in the tree of the ref `--test-ref` (or the configuration's "
        "`test-refs`) gives that docs version, so the test could not run there. "
        "Without a test ref, a test file that no docs root holds is only a note in "
        "the report.",
        "Give the version the ref of the branch that holds the test, or correct the "
        "rule's `test` path.",
    ),
    # resolve: the documented names looked up in each version's torch
    Check(
        "api-missing",
        _E,
        RESOLVE,
        "an API absent from the torch release it is documented for",
        "The name is documented for a torch release that has no such module or attribute.",
        "Remove the entry, or correct its name.",
    ),
    Check(
        "api-needs-optional-dependency",
        _W,
        RESOLVE,
        "an API that cannot be looked up without an optional package (tensorboard, etcd, ...)",
        "Importing the name's module needs a package the interpreter lacks.",
    ),
    Check(
        "api-error",
        _E,
        RESOLVE,
        "looking an API up in its torch release raised an exception",
        "An import or attribute lookup of the name raised something other than a "
        "missing module or attribute.",
    ),
    Check(
        "api-unverified",
        _W,
        RESOLVE,
        "an API absent from torch alone that torch_npu may add, where torch_npu does not import",
        "torch alone lacks the name and torch_npu, which may add it, could not be imported.",
    ),
    Check(
        "api-outside-torch",
        _E,
        RESOLVE,
        "an API name outside torch and torch_npu, which is never looked up",
        "The name's first part is neither torch nor torch_npu (`os.path.join`, "
        "`antigravity.x`, a misspelt `trch.add`, a short name kept as written), so it is "
        "no API of the torch release the page documents. --resolve-apis imports nothing "
        "but torch, torch_npu and what they import themselves: the name is not looked "
        "up, and nothing is imported for it, even where it would import.",
        "Write the full torch or torch_npu name (`torch.Tensor.abs`), or remove the entry.",
    ),
    # the run's own exceptions: what silences findings, judged after the gate
    Check(
        "suppression-unknown-rule",
        _E,
        GATE,
        "a docs-check comment names a rule id that does not exist",
        "A `<!-- docs-check-disable... RULE -->` comment names an id (or prefix) that "
        "no check of the registry has, so it silences nothing; most often a misspelling.",
        "Write an id `docs-check rules` lists (the message suggests the closest).",
    ),
    Check(
        "unused-suppression",
        _W,
        GATE,
        "a docs-check comment that suppressed nothing",
        "A `<!-- docs-check-disable-next-line RULE -->` or `<!-- docs-check-disable RULE "
        "-->` region had no finding of RULE to silence: the mistake it was written for "
        "has been fixed, or it is on the wrong line.",
        "Remove the comment, or move it to the line it is for.",
    ),
    Check(
        "unused-ignore",
        _W,
        GATE,
        "a configuration [[ignore]] that ignored nothing",
        "An `[[ignore]]` table matched no finding in the pages checked, or its path "
        "matches no page of the configuration's docs at all (the page was renamed or "
        "removed).",
        "Remove the [[ignore]] table, or correct its path, rule or api.",
    ),
    Check(
        "stale-baseline",
        _W,
        GATE,
        "a baseline entry whose finding is gone",
        "The baseline records a finding on a page this run checked, and the page no "
        "longer has it: it was fixed, and the baseline still lets it come back unseen.",
        "Record the baseline again (`docs-check baseline ... --output FILE`).",
    ),
)

# the claims against the repository's own tests (`docs-check tests`): verdicts, as verify's
CHECKS += (
    Check(
        "claim-unbacked",
        NOTE,
        TESTS,
        "a product marked supported whose API no test of the repository reaches on the NPU",
        "The entry marks the product supported, and no test case of the test tree at "
        "that version reaches the API on the NPU: no call or attribute chain resolves to "
        "it, no method of a known class is it, no test or OpInfo name names it, no rule's "
        "`test` is for it, or only tests that run it on CPU tensors do (the message "
        "names them). Nothing the repository runs on the NPU backs the claim.",
        "Add a test that exercises the API on the NPU, or name one in a rule's `test`.",
    ),
    Check(
        "claim-tests-disabled",
        _W,
        TESTS,
        "a product marked supported while every test reaching its API is disabled on NPU",
        "The entry marks the product supported, and every test case that reaches the "
        "API by a call or by its name is listed in that release's "
        "`.pytorch-disabled-tests*.json` (for that product, or for every product): the "
        "team's own tests do not run it on the NPU.",
        "Mark the product unsupported, or fix and enable the tests.",
    ),
    Check(
        "unsupported-but-tested",
        NOTE,
        TESTS,
        "an API marked unsupported on every product while enabled NPU tests reach it",
        "The entry marks every product unsupported, yet test cases that run on the NPU "
        "and are not disabled there call the API (or name it, or call a method of its "
        "class). A test that runs it on CPU tensors says nothing of the NPU.",
        "Check whether the API works on the NPU; if it does, mark it supported.",
    ),
)

REGISTRY: dict[str, Check] = {check.id: check for check in CHECKS}
