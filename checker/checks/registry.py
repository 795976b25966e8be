"""Every rule the checker can report, with its default severity, and the one
constructor of `Finding` so that a rule's severity is decided in one place."""

from __future__ import annotations

from dataclasses import dataclass

from checker.model.finding import Finding, Severity

E, W = Severity.ERROR, Severity.WARNING

RULES: dict[str, tuple[Severity, str]] = {
    # reading a status
    "status-unreadable": (E, "a support status the normaliser cannot read"),
    "unknown-product": (E, "a product name the catalogue does not know"),
    "nonstandard-mark": (W, "a table mark other than ✔ / ✘"),
    # block-style house rules
    "block-id-mismatch": (E, "a block's end comment carries another id than its start"),
    "block-id-duplicate": (E, "a block id used twice in one file"),
    "block-unclosed": (E, "a block start comment without its end comment"),
    "block-npu-unknown": (E, "an npu code the catalogue does not know (codes are case-sensitive)"),
    "block-npu-product": (E, "a block whose npu code and product name disagree"),
    "block-products": (E, "a block that does not name exactly one product"),
    # the model
    "missing-status": (E, "an API entry without a support status"),
    "duplicate-api": (E, "the same API documented twice in one version"),
    "product-set-differs": (W, "an entry naming other products than the rest of its file"),
    "link-target": (E, "a native-doc link whose anchor names another API"),
    "link-version": (E, "a native-doc link into another PyTorch docs version"),
    "notes-product": (W, "restriction notes naming a product the status does not list"),
    # verify
    "missing-entry": (E, "a rule's API missing from a version's docs page"),
    # resolve: the documented names looked up in each version's torch
    "api-missing": (E, "an API absent from the torch release it is documented for"),
    "api-needs-optional-dependency": (
        W,
        "an API that cannot be looked up without an optional package (tensorboard, etcd, ...)",
    ),
    "api-error": (E, "looking an API up in its torch release raised an exception"),
    "api-unverified": (
        W,
        "an API absent from torch alone that torch_npu may add, where torch_npu does not import",
    ),
}


@dataclass(frozen=True)
class Problem:
    """A finding before it knows where it is: what the normaliser and block
    parser return, placed by the reader that knows path and line."""

    rule: str
    message: str

    def at(self, path: str, line: int) -> Finding:
        return finding(self.rule, path, line, self.message)


def finding(rule: str, path: str, line: int, message: str, api: str | None = None) -> Finding:
    severity, _ = RULES[rule]
    return Finding(path=path, line=line, rule=rule, severity=severity, message=message, api=api)
