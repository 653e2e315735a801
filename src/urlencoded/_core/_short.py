"""The urlencoded parser over a short input: a query string of a few fields.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Most queries are a few dozen bytes. For them the setup of the block paths
(``_bulk.py``: stand-ins chosen, tables looked up, the joints found and
counted) costs more than the parsing, so a short ASCII input takes the
fewest C calls that give the same pairs, each on the whole input where it
can: "+" becomes a space and the joints stand-ins in one translation, every
escape is decoded by one ``binascii.a2b_qp`` and the text by one UTF-8
decode, and then the sequences are split one by one, as the spec does.

Two checks make the whole-input decode exact. The stand-ins for "&" and "="
are the controls 0x1E and 0x1F, so the input must hold neither as a
character (a printable input holds no control) nor as an escape. And
a2b_qp must have read every "%" as an escape: an "=" it left (from a "%"
that starts no escape, or from "%3D"), or a final "%" that it dropped, send
the input to the exact length check of ``_percent.py``. A legacy encoding
that is ASCII-compatible decodes the whole with :func:`decode_runs`, which
decodes each name and value apart where one pass would not do.
``tests/test_bulk.py`` checks this path against ``tests/reference.py`` on
inputs of every length up to :data:`SHORT`.
"""

from __future__ import annotations

from binascii import a2b_qp

from .._encoding import Encoding, decode_runs

__all__ = ["SHORT", "parse_short", "parse_short_bytes", "split_plain_short"]

#: The longest input parsed here; longer ones go to the block paths, whose
#: setup then costs less than a Python step per field.
SHORT = 256

# For a2b_qp: "%" becomes its "=", "+" a space, "&" and "=" the stand-ins.
_TO_QP = bytes.maketrans(b"%+&=", b"= \x1e\x1f")


def split_plain_short(text: str) -> list[tuple[str, str]]:
    """The string parser on a short ASCII *text* without "%".

    https://url.spec.whatwg.org/#concept-urlencoded-string-parser: with
    nothing to percent-decode, step 3.4's "+" to space is all that changes.
    """
    if "+" in text:
        text = text.replace("+", " ")
    if "&" not in text:
        # One sequence (or none): no list of sequences to build.
        if not text:
            return []
        name, _, value = text.partition("=")
        return [(name, value)]
    pairs = []
    # Step 1, then step 3 for each non-empty sequence.
    for sequence in text.split("&"):
        if sequence:
            name, _, value = sequence.partition("=")
            pairs.append((name, value))
    return pairs


def _percent_decoded(text: str, raw: bytes | None) -> bytes | None:
    """Steps 3.4-3.5 up to the decode for every name and value of *text* (*raw* its
    bytes, if at hand) at once: "+" to space, the joints to the stand-ins, then
    percent-decoding; or None where the checks above fail."""
    if not text.isprintable() or (
        "%1" in text and ("%1E" in text or "%1e" in text or "%1F" in text or "%1f" in text)
    ):
        return None
    decoded = a2b_qp((text.encode("ascii") if raw is None else raw).translate(_TO_QP))
    if (0x3D in decoded or text[-1] == "%") and len(text) - len(decoded) != 2 * text.count("%"):
        return None  # some "%" starts no escape
    return decoded


def parse_short_bytes(raw: bytes) -> list[tuple[bytes, bytes]] | None:
    """The parser up to the decode on a short *raw* input: percent-decoded
    ``(bytes, bytes)`` pairs, or None (see :func:`parse_short`).

    https://url.spec.whatwg.org/#concept-urlencoded-parser, steps 1-4 and the
    percent-decoding of step 5.
    """
    if 0x25 not in raw:
        # Step 3.4 only: "+" to space; nothing to percent-decode.
        if 0x2B in raw:
            raw = raw.replace(b"+", b" ")
        pairs = []
        for sequence in raw.split(b"&"):
            if sequence:
                name, _, value = sequence.partition(b"=")
                pairs.append((name, value))
        return pairs
    if not raw.isascii():
        return None
    decoded = _percent_decoded(raw.decode("ascii"), raw)
    if decoded is None:
        return None
    pairs = []
    for sequence in decoded.split(b"\x1e"):
        if sequence:
            name, _, value = sequence.partition(b"\x1f")
            pairs.append((name, value.replace(b"\x1f", b"=") if 0x1F in value else value))
    return pairs


def parse_short(
    text: str, encoding: Encoding | None = None, errors: str = "replace"
) -> list[tuple[str, str]] | None:
    """The string parser on a short ASCII *text* with a "%", or None.

    https://url.spec.whatwg.org/#concept-urlencoded-string-parser, decoding
    with *encoding* (an ASCII-compatible one) instead of UTF-8 if given.

    None where the checks above fail, or, with *errors* "strict" (UTF-8
    only), where some name or value is not UTF-8: the caller then takes the
    general path.
    """
    decoded = _percent_decoded(text, None)
    if decoded is None:
        return None
    if encoding is None:
        try:
            output = decoded.decode("utf-8", errors)
        except UnicodeDecodeError:
            return None
    else:
        found = decode_runs(encoding, decoded, b"\x1e\x1f", False)
        assert found is not None  # not fatal
        output = found
    if "\x1e" not in output:
        # Steps 3.2-3.3 for one sequence; a later "=" belongs to the value.
        name, _, value = output.partition("\x1f")
        return [(name, value.replace("\x1f", "=") if "\x1f" in value else value)]
    pairs = []
    for sequence in output.split("\x1e"):
        # Step 3.1: skip empty sequences; 3.2-3.3: name, value at the first "=".
        if sequence:
            name, _, value = sequence.partition("\x1f")
            pairs.append((name, value.replace("\x1f", "=") if "\x1f" in value else value))
    return pairs
