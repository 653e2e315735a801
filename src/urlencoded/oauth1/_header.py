"""Reading the protocol parameters of a received request (RFC 5849 §3.5).

https://www.rfc-editor.org/rfc/rfc5849#section-3.5

A client sends the protocol parameters in one of three places: the
``Authorization: OAuth ...`` header (§3.5.1), a form body (§3.5.2) or the
query (§3.5.3). :func:`authorization_params` reads the header: the scheme,
then ``name="value"`` parameters separated by commas (RFC 9110 §11.4's
auth-params), each value percent-encoded as §3.6 says. Each parameter is
matched by a pattern bounded by its own length, so a long header costs time
and memory in proportion to it. Values are written as quoted strings without
backslash escapes (§3.6 encoding leaves none to escape), or as tokens.
:func:`form_protocol_params` finds the ``oauth_*`` pairs of a form body or
query.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .._core import check_part, check_value, pair_items, percent_decode_bytes
from .._errors import MalformedSignature
from .._web import HTTP_TOKEN

__all__ = ["SCHEME", "authorization_params", "form_protocol_params", "pairs_protocol_params"]

SCHEME = "OAuth"

_TOKEN = HTTP_TOKEN
_PARAM = re.compile(rf'({_TOKEN})[ \t]*=[ \t]*(?:"([^"\\]*)"|({_TOKEN}))')
# OWS "," OWS, empty list elements allowed; one character class, so that a long run
# keeps no state per character (the comma is looked for after the match).
_BETWEEN = re.compile(r"[ \t,]*")


def _decode(raw: bytes, what: str) -> str:
    """A protocol parameter's name or value: percent-decoded, then UTF-8 (§3.6)."""
    return _utf8(percent_decode_bytes(raw), what)


def authorization_params(value: str) -> tuple[str | None, list[tuple[str, str]]] | None:
    """The realm and the decoded parameters of an ``Authorization: OAuth`` header value.

    :returns: ``None`` if the header is not of the ``OAuth`` scheme (which is
        matched in any case); else the ``realm`` (as written, ``None`` if
        absent) and the other parameters, decoded, in order.
    :raises MalformedSignature: for a header that does not parse, a
        parameter given twice, or a name that is neither ``realm`` nor
        ``oauth_...``.
    """
    scheme, _, rest = value.partition(" ")
    if scheme.lower() != SCHEME.lower():
        return None
    realm = None
    params: list[tuple[str, str]] = []
    seen = set()
    position = _BETWEEN.match(rest).end()  # type: ignore[union-attr]  # matches anywhere
    while position < len(rest):
        found = _PARAM.match(rest, position)
        if found is None:
            shown = rest[position : position + 40]
            raise MalformedSignature(
                SCHEME,
                f"the Authorization header does not parse at offset {position + len(scheme) + 1}:"
                f' {shown!r} (expected name="value", values percent-encoded, no backslashes)',
            )
        name, quoted, token = found.groups()
        if name in seen:
            raise MalformedSignature(SCHEME, f"the Authorization header repeats {name!r}")
        seen.add(name)
        text = quoted if quoted is not None else token
        if name == "realm":
            realm = text
        elif name.startswith("oauth_"):
            params.append((name, _decode(text.encode("utf-8"), name)))
        else:
            raise MalformedSignature(
                SCHEME,
                f"the Authorization header holds {name!r}: only realm and oauth_... parameters"
                " belong there (RFC 5849 §3.5.1)",
            )
        position = found.end()
        separator = _BETWEEN.match(rest, position).end()  # type: ignore[union-attr]
        if separator < len(rest) and "," not in rest[position:separator]:
            raise MalformedSignature(
                SCHEME, f"the Authorization header needs a comma after {name!r}"
            )
        position = separator
    return realm, params


def form_protocol_params(data: bytes, where: str) -> list[tuple[str, str]]:
    """The ``oauth_*`` pairs of form data (a body or a query), decoded as the parser does."""
    found = []
    for piece in data.split(b"&"):
        name, _, value = piece.replace(b"+", b" ").partition(b"=")
        if percent_decode_bytes(name).startswith(b"oauth_"):
            text = _decode(name, f"a name in the {where}")
            found.append((text, _decode(value, f"{text} in the {where}")))
    return found


def pairs_protocol_params(
    body: Iterable[object] | Mapping[object, object],
) -> list[tuple[str, str]]:
    """The ``oauth_*`` pairs of a body given as ``(name, value)`` pairs."""
    found = []
    for index, pair in enumerate(pair_items(body, "body")):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"body pair {index} is not a (name, value) pair: {pair!r:.60}")
        name = check_part(pair[0], f"body pair {index} name")
        text = name if isinstance(name, str) else _utf8(bytes(name), f"body pair {index} name")
        if text.startswith("oauth_"):
            value = check_value(pair[1], f"body pair {index} value")
            found.append((text, value if isinstance(value, str) else _utf8(bytes(value), text)))
    return found


def _utf8(raw: bytes, what: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedSignature(SCHEME, f"{what} is not UTF-8: {raw!r:.60}") from None
