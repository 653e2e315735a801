"""Every URL or Encoding Standard link in the source points at an id the pinned spec defines.

Specs rename ids; a link to one that no longer exists sends readers nowhere.
The ids come from the vendored Bikeshed sources in tests/data/spec/: explicit
``id=`` and ``oldids=`` attributes, and the ids Bikeshed derives for a
``<dfn>`` without one (its ``for=`` value and text, simplified).
"""

from __future__ import annotations

import gzip
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
SPECS = {
    "url.spec.whatwg.org": "url.bs.gz",
    "encoding.spec.whatwg.org": "encoding.bs.gz",
}
LINK = re.compile(r"https://(url|encoding)\.spec\.whatwg\.org/#([^\s)\"'`>,]*[^\s)\"'`>,.:;])")
IDL_MEMBER = re.compile(r"\b(attribute|method|constructor)\b")


def _simplify(text: str) -> str:
    """Bikeshed's simplifyText: the id it makes from a dfn's text."""
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    text = re.sub(r"\(\)", "", text)
    text = re.sub(r"[\s/(,]+", "-", text)
    text = re.sub(r"[^a-z0-9_-]", "", text)
    return text.rstrip("-")


def _attribute(attributes: str, name: str) -> str | None:
    match = re.search(rf"\b{name}=(\"[^\"]*\"|'[^']*'|[^\s>]+)", attributes)
    return match.group(1).strip("\"'") if match else None


@cache
def spec_ids(file_name: str) -> frozenset[str]:
    source = gzip.decompress((ROOT / "tests/data/spec" / file_name).read_bytes()).decode("utf-8")
    ids = set(re.findall(r"\bid=\"?([^\s>\"]+)", source))
    ids.update(name.lower() for name in re.findall(r"^interface (\w+)", source, re.MULTILINE))
    for old in re.findall(r"\boldids=\"?([^\s>\"]+)", source):
        ids.update(old.split(","))
    for attributes, text in re.findall(r"<dfn\b([^>]*)>(.*?)</dfn>", source, re.DOTALL):
        if _attribute(attributes, "id"):
            continue
        linking_text = _attribute(attributes, "lt")
        base = _simplify(linking_text.split("|")[0] if linking_text else text)
        ids.add(base)
        idl_for = _attribute(attributes, "for")
        if IDL_MEMBER.search(attributes.replace(f"for={idl_for}", "")) and idl_for:
            # IDL members: "dom-" + interface + "-" + member name, without arguments.
            name = re.sub(r"<[^>]+>", "", linking_text or text).replace("new ", "")
            ids.add(f"dom-{_simplify(idl_for)}-{_simplify(name.split('(')[0])}")
        for_value = _attribute(attributes, "for")
        if for_value:
            ids.add(_simplify(for_value.split(",")[0]) + "-" + base)
    return frozenset(ids)


def _links() -> list[tuple[str, str, str]]:
    found = []
    for path in sorted((ROOT / "src").rglob("*.py")) + sorted((ROOT / "docs").rglob("*.rst")):
        for spec, fragment in LINK.findall(path.read_text(encoding="utf-8")):
            found.append((str(path.relative_to(ROOT)), f"{spec}.spec.whatwg.org", fragment))
    return sorted(set(found))


LINKS = _links()


def test_there_are_links() -> None:
    """The source links the spec often, so an empty scan means the scan is broken."""
    assert len(LINKS) > 20


def test_known_ids_are_derived() -> None:
    """The id derivation finds explicit ids and Bikeshed's derived ones."""
    ids = spec_ids("url.bs.gz")
    assert "concept-urlencoded-parser" in ids  # explicit
    assert "string-percent-decode" in ids  # for=string + text
    assert "application-x-www-form-urlencoded-percent-encode-set" in ids  # from the text
    assert "dom-urlsearchparams-getall" in ids  # IDL method
    assert "dom-urlsearchparams-urlsearchparams" in ids  # IDL constructor
    assert "urlsearchparams" in ids  # IDL interface
    assert "no-such-id" not in ids


@pytest.mark.parametrize(("path", "spec", "fragment"), LINKS)
def test_link_target_exists(path: str, spec: str, fragment: str) -> None:
    """The linked id exists in the pinned spec source."""
    assert fragment in spec_ids(SPECS[spec]), f"{path} links #{fragment}, which {spec} lacks"
