"""The urlencoded parser over a block of a few long fields.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Forms of long percent-encoded values (text in any script but Latin) have few
joints and many escapes. For such a block the general way of ``_bulk.py``
translates every byte and then counts the joints; here four ``str.replace``
calls (each "=" and "&" to a stand-in, which a search finds to be rare, "+"
to a space, "%" to a2b_qp's "=") cost less than the translation, and finds
count the joints and check their order (:func:`_alternating_joints`). After
decoding, the text must hold exactly as many stand-ins as the raw block held
joints: one more would have come from an escape such as ``%1E``, or from a
stand-in already in the block, and then the block goes the general way. The
properties in ``tests/test_bulk.py`` run this path on every block against
``tests/reference.py``.
"""

from __future__ import annotations

from binascii import a2b_qp

from ._percent import decoded_as_escapes

__all__ = ["parse_sparse"]

# A block whose first field is shorter than this is not tried as a sparse one.
_FIRST_FIELD = 512
# Most fields per character that the sparse path walks before giving up.
_FIELD_SHIFT = 9


def _alternating_joints(text: str, most: int) -> int:
    """k if the joints of *text* are "=" then "&=" k times, in that order; else -1.

    Steps 1-3.3 read such a text as k + 1 sequences that each hold exactly
    one "=". Two finds per field, each over the bytes up to the next joint:
    for a text of a few long fields, far fewer steps than a pass over every
    character. -1 too once more than *most* fields are seen.
    """
    name_end = text.find("=")
    pair_end = text.find("&")
    count = 0
    while name_end != -1 and (pair_end == -1 or name_end < pair_end):
        next_name_end = text.find("=", name_end + 1)
        if pair_end == -1:
            return count if next_name_end == -1 else -1
        if next_name_end != -1 and next_name_end < pair_end:
            return -1  # a sequence with two "="
        count += 1
        if count > most:
            return -1
        name_end = next_name_end
        pair_end = text.find("&", pair_end + 1)
    return -1


# The stand-ins of the sparse path, and the joints they stand for.
_PAIR_END = "\x1e"
_NAME_END = "\x1f"


def parse_sparse(
    block: bytes, errors: str, text: str | None = None
) -> list[tuple[str, str]] | None:
    """The parser over a block of a few long fields with escapes, or None.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    *block* is a block of whole sequences separated by "&", and *text* the
    same as a str if the caller has it. None unless the block is ASCII, its
    first field is long and the steps below succeed: the caller then parses
    it the general way.
    """
    if block.find(b"&") < _FIRST_FIELD:
        return None
    if text is None:
        if not block.isascii():
            return None
        text = block.decode("ascii")
    if "%" not in text or "\n" in text or "\r" in text:
        return None  # nothing to decode; or a2b_qp would join lines after "="
    pairs = _alternating_joints(text, len(text) >> _FIELD_SHIFT)
    if pairs == -1:
        return None
    escaped = (
        text.replace("=", _NAME_END).replace("&", _PAIR_END).replace("+", " ").replace("%", "=")
    )
    decoded = a2b_qp(escaped)
    if not decoded_as_escapes(text, decoded):
        return None
    try:
        # https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
        parts = decoded.decode("utf-8", errors).replace(_PAIR_END, _NAME_END).split(_NAME_END)
    except UnicodeDecodeError:
        return None  # the field-by-field path reports the field's offset
    if len(parts) != 2 * pairs + 2:
        return None
    names_and_values = iter(parts)
    return list(zip(names_and_values, names_and_values))
