"""Literal, slow transcriptions of encoding detection's choice among candidates.

``detect_encoding`` and ``parse_mixed`` are a filter and a choice: keep the
candidates under which every part decodes (the urlencoded parser of
tests/reference.py up to percent-decoding, then the Encoding Standard's
decoders in fatal mode from tests/reference_encoding.py), and take the one
whose decoded text costs least, ties going to UTF-8 and then to the name that
sorts first (after the legacy multi-byte encodings, in the Encoding
Standard's table order). The cost itself, the library's plausibility rules, comes from
``field_cost`` (its rules are tested one by one in tests/test_detect.py); what
these transcriptions check is everything around it: the parsing, the
decoding, the filter, the order and the fallbacks.
"""

from __future__ import annotations

from tests import reference_encoding as enc
from tests.reference import urlencoded_parse_to_bytes
from tests.reference_html import get_encoding
from urlencoded import Encoding
from urlencoded._html._detect import field_cost


def candidate_names(labels: list[str]) -> list[str]:
    """Each label's encoding name, once, in the order given; ``None`` for an unknown label."""
    names: list[str] = []
    for label in labels:
        name = get_encoding(label)
        assert name is not None, label
        if name not in names:
            names.append(name)
    return names


MULTI_BYTE = ["GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR"]


def tie_key(name: str) -> tuple[bool, int, str]:
    """UTF-8, then the multi-byte encodings in the Encoding Standard's order, then by name."""
    return (name != "UTF-8", MULTI_BYTE.index(name) if name in MULTI_BYTE else 7, name)


def ranking(parts: list[bytes], names: list[str]) -> list[tuple[float, str]]:
    """(cost, name) of each candidate that decodes every part, cheapest first."""
    ranked = []
    for name in names:
        texts = []
        for part in parts:
            text = enc.reference_decode_fatal(name, part)
            if text is None:
                break
            texts.append(text)
        else:
            ranked.append((round(field_cost(texts, Encoding(name))[0], 6), name))
    ranked.sort(key=lambda entry: (entry[0], tie_key(entry[1])))
    return ranked


def detect_encoding(data: bytes, labels: list[str]) -> str | None:
    """The name of the cheapest candidate under which every nonempty name and value decodes."""
    parts = [part for pair in urlencoded_parse_to_bytes(data) for part in pair if part]
    ranked = ranking(parts, candidate_names(labels))
    return ranked[0][1] if ranked else None


def parse_mixed(data: bytes, labels: list[str]) -> list[tuple[str, str, str]]:
    """Each field decoded with the cheapest candidate that decodes its name and value."""
    names = candidate_names(labels)
    pairs = urlencoded_parse_to_bytes(data)
    whole = [name for _, name in ranking([p for pair in pairs for p in pair if p], names)]

    def body_rank(name: str) -> int:
        return whole.index(name) if name in whole else len(whole)

    result = []
    for field_name, value in pairs:
        ranked = ranking([field_name, value], names)
        if ranked:
            best = min(ranked, key=lambda entry: (entry[0], body_rank(entry[1]), tie_key(entry[1])))
            chosen = best[1]
        else:
            chosen = min(
                names,
                key=lambda name: (
                    (
                        enc.reference_decode(name, field_name) + enc.reference_decode(name, value)
                    ).count("\ufffd"),
                    body_rank(name),
                    tie_key(name),
                ),
            )
        result.append(
            (enc.reference_decode(chosen, field_name), enc.reference_decode(chosen, value), chosen)
        )
    return result
