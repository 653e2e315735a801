"""Literal transcriptions for a URL string's query read by its scheme.

- The scheme as the basic URL parser finds it
  (https://url.spec.whatwg.org/#concept-basic-url-parser: its first steps,
  then the scheme start state and the scheme state, up to the ":").
- A query that is plain percent-encoding (RFC 3986 §3.4, RFC 6068 §5 for
  ``mailto:``): the urlencoded parser's steps with step 3.4 (``+`` becomes a
  space) left out, so a ``+`` stands for itself.
- The table of which schemes' queries are forms, as docs/urlsearchparams.rst
  gives it.
"""

from __future__ import annotations

from tests.reference import percent_decode_bytes, utf8_decode_without_bom, utf8_encode

FORM_SCHEMES = ("http", "https", "ws", "wss")


def _is_ascii_alpha(char: str) -> bool:
    return "a" <= char <= "z" or "A" <= char <= "Z"


def _is_ascii_alphanumeric(char: str) -> bool:
    return _is_ascii_alpha(char) or "0" <= char <= "9"


def scheme_of(url: str) -> str | None:
    """The scheme the basic URL parser would find in *url* (no base), or None."""
    # Remove leading C0 control or space; remove all ASCII tab or newline.
    start = 0
    while start < len(url) and ord(url[start]) <= 0x20:
        start += 1
    text = "".join(char for char in url[start:] if char not in "\t\n\r")
    # Scheme start state: an ASCII alpha starts the buffer.
    if not text or not _is_ascii_alpha(text[0]):
        return None
    buffer = text[0].lower()
    # Scheme state: ASCII alphanumeric, "+", "-" or "." append; ":" ends it.
    for char in text[1:]:
        if _is_ascii_alphanumeric(char) or char in "+-.":
            buffer += char.lower()
        elif char == ":":
            return buffer
        else:
            return None
    return None


def plus_is_space(url: str) -> bool:
    """Whether the table reads ``+`` as a space in the query of *url*."""
    scheme = scheme_of(url)
    return scheme is None or scheme in FORM_SCHEMES


def plain_query_parse(query: str) -> list[tuple[str, str]]:
    """The urlencoded parser without step 3.4: ``+`` is itself."""
    data = utf8_encode(query)
    output: list[tuple[str, str]] = []
    # Step 1: split on 0x26 (&).
    for sequence in data.split(b"&"):
        # Step 3.1.
        if not sequence:
            continue
        # Steps 3.2-3.3.
        if b"=" in sequence:
            position = sequence.index(b"=")
            name, value = sequence[:position], sequence[position + 1 :]
        else:
            name, value = sequence, b""
        # Step 3.5: percent-decode, then UTF-8 decode without BOM.
        output.append(
            (
                utf8_decode_without_bom(percent_decode_bytes(name)),
                utf8_decode_without_bom(percent_decode_bytes(value)),
            )
        )
    return output
