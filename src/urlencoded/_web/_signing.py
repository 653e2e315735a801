"""What the request signers share: the ``auth=`` protocol, checked text, sorted queries.

https://www.python-httpx.org/advanced/authentication/#custom-authentication-schemes

httpx calls an ``auth=`` callable with each ``httpx.Request`` (or an
``httpx.Auth``'s ``auth_flow``), requests with each
``requests.PreparedRequest``. :class:`RequestSigner` finds the method, URL,
headers and body of either, and a signer (``urlencoded.oauth1.OAuth1``,
``urlencoded.sigv4.SigV4``) sets its headers from them. No HTTP client is
imported: the request types are told apart by their attributes.

Both signatures sort a query's (name, value) pairs after encoding each with
RFC 3986's unreserved set (RFC 5849 §3.4.1.3.2, AWS's canonical query
string). :func:`query_sort_keys` writes one ``name NUL value`` string per
pair straight from the query's bytes: NUL sorts below every encoded
character, so sorting the strings sorts by name, then value, and a query of
4 MB costs one string per pair, not a tuple of two and two bytes objects.

The rest checks what goes into a header or a signature: :func:`str_pairs`
(protocol parameters, headers, with the library's rule for values),
:func:`check_header_text` (no CR, LF or NUL, wherever a header is built or
read), :func:`check_secret` (no lone surrogate), and for the verifiers
:func:`header_values` (a received header, by name) and
:func:`same_signature` (a comparison in constant time).
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Generator, Iterable, Iterator, Mapping
from typing import Any, ClassVar, TypeVar

from .._core import PercentEncodeSet, check_value, escaper, percent_decode_bytes

__all__ = [
    "HTTP_TOKEN",
    "RequestSigner",
    "check_header_text",
    "check_method",
    "check_secret",
    "escape_unreserved",
    "header_items",
    "header_values",
    "join_sort_keys",
    "query_sort_keys",
    "same_signature",
    "sendable_body",
    "str_pairs",
]

_Request = TypeVar("_Request")

# RFC 3986 §2.3: the bytes both signatures leave as they are.
UNRESERVED = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
escape_unreserved = escaper(
    PercentEncodeSet(frozenset(range(0x80)) - frozenset(UNRESERVED), "RFC 3986 unreserved"),
    False,
)
_SEPARATOR = "\0"  # below every character of an encoded name


def str_pairs(pairs: Iterable[Any] | Mapping[Any, Any], what: str) -> Iterator[tuple[str, str]]:
    """Each ``(name, value)`` of *pairs* (pairs or a mapping): a str name and a value.

    Values follow the library's rule (``check_value``): str, or an ``int``
    or ``float`` written as Python writes it; never ``bool`` or ``None``.

    :raises TypeError: for a string, something else that is not pairs, a
        pair that is not two items, a name that is not a str, or a value
        the rule refuses, naming *what* and the pair's index.
    :raises ValueError: for a value the rule refuses (``nan``, an int too
        long to write).
    """
    if isinstance(pairs, (str, bytes)):
        raise TypeError(f"{what} must be (name, value) pairs or a mapping, not a string")
    items = list(pairs.items()) if isinstance(pairs, Mapping) else list(pairs)
    for index, pair in enumerate(items):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"{what} pair {index} is not a (name, value) pair: {pair!r}")
        name, value = pair
        if not isinstance(name, str):
            raise TypeError(f"{what} pair {index} must have a str name: {pair!r}")
        yield name, check_value(value, f"{what} pair {index} ({name!r}) value", str_only=True)


# RFC 9110 §5.6.2: a token (methods, header field names, auth-param names).
HTTP_TOKEN = r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+"
_HTTP_TOKEN = re.compile(HTTP_TOKEN)


def check_method(method: object) -> str:
    """*method*, an HTTP method: an RFC 9110 token."""
    if not isinstance(method, str):
        raise TypeError(f"method must be a str, not {type(method).__name__}")
    if not _HTTP_TOKEN.fullmatch(method):
        raise ValueError(f"method must be an HTTP token (RFC 9110 §9.1): {method[:40]!r}")
    return method


def check_header_text(value: str, what: str) -> str:
    """*value*, which goes into (or came from) a header: no CR, LF or NUL.

    :raises ValueError: naming *what*, for a CR, LF or NUL, which would end
        the header or smuggle another one in.
    """
    if "\r" in value or "\n" in value or "\0" in value:
        raise ValueError(f"{what} holds CR, LF or NUL, which cannot be in a header: {value!r}")
    return value


def check_secret(value: object, what: str) -> str:
    """*value*, a secret: a str that UTF-8 can encode (no lone surrogate).

    :raises TypeError: if *value* is not a str.
    :raises ValueError: for a lone surrogate (the message does not show the secret).
    """
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(
            f"{what} holds a lone surrogate at index {error.start}, which UTF-8 cannot encode"
        ) from None
    return value


def header_items(headers: object) -> list[tuple[str, str]]:
    """The received headers as ``(name, value)`` pairs of str.

    *headers* is a mapping (its items) or pairs, such as a framework's
    multi-valued headers object gives when iterated; ``None`` is no headers.

    :raises TypeError: for headers that are not pairs or a mapping, or a
        name or value that is not a str.
    """
    if headers is None:
        return []
    if isinstance(headers, (str, bytes)) or not isinstance(headers, (Mapping, Iterable)):
        raise TypeError(f"headers must be (name, value) pairs or a mapping, not {headers!r:.40}")
    items: Iterable[Any] = headers.items() if isinstance(headers, Mapping) else headers
    checked = []
    for index, pair in enumerate(items):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"headers item {index} is not a (name, value) pair: {pair!r:.60}")
        name, value = pair
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError(f"headers item {index} must hold two str: {pair!r:.60}")
        checked.append((name, value))
    return checked


def header_values(headers: object, name: str) -> list[str]:
    """The values of the received header *name* (in any case), each checked.

    :raises TypeError: as :func:`header_items` does.
    :raises ValueError: for a value of *name* holding CR, LF or NUL.
    """
    wanted = name.lower()
    return [
        check_header_text(value, f"the {key} header")
        for key, value in header_items(headers)
        if key.lower() == wanted
    ]


def same_signature(expected: str, received: str) -> bool:
    """Whether *received* is *expected*, compared in constant time (``hmac.compare_digest``).

    *expected* is ASCII; *received* may hold anything the request held.
    """
    return hmac.compare_digest(expected.encode("ascii"), received.encode("utf-8", "surrogatepass"))


def query_sort_keys(data: bytes, keys: list[str] | None = None) -> list[str]:
    """One key per (name, value) of form data: both percent-decoded, RFC 3986-encoded, NUL-joined.

    https://url.spec.whatwg.org/#concept-urlencoded-parser reads the pairs
    (split on ``&``, empty sequences skipped, the first ``=`` splits, ``+``
    is a space, escapes decoded), as bytes; each name and value is then
    encoded with the unreserved set. Keys are appended to *keys* if given.
    """
    found = [] if keys is None else keys
    for piece in data.split(b"&"):
        if not piece:
            continue
        name, _, value = piece.replace(b"+", b" ").partition(b"=")
        found.append(
            escape_unreserved(percent_decode_bytes(name))
            + _SEPARATOR
            + escape_unreserved(percent_decode_bytes(value))
        )
    return found


def join_sort_keys(keys: list[str]) -> str:
    """Sort *keys* in place (by name, then value) and join them as ``name=value&...``."""
    keys.sort()
    return "&".join(keys).replace(_SEPARATOR, "=")


def sendable_body(body: object, what: str) -> bytes | str | None:
    """*body* if it can be signed before it is sent: bytes, str or None.

    :raises ValueError: for a body sent as a stream, naming *what* it is.
    """
    if body is None or isinstance(body, (bytes, str)):
        return body
    raise ValueError(
        f"a {what} sent as a stream cannot be signed: give the request its body as"
        f" bytes (got {type(body).__name__})"
    )


class RequestSigner:
    """Sign httpx and requests requests in place; a subclass says how in :meth:`_sign_into`."""

    #: The signer's name in the error for an object that is no request.
    signer_name: ClassVar[str]

    def _sign_into(self, headers: Any, method: str, url: Any, body: object) -> None:
        """Set the signature's headers in *headers* (the request's own, changed in place).

        *url* is a str for an ``httpx.Request``, and what requests prepared
        (a str, or None) for a ``requests.PreparedRequest``; *body* is the
        body as sent, or the stream of a streamed httpx body.
        """
        raise NotImplementedError

    def __call__(self, request: _Request) -> _Request:
        """Sign an ``httpx.Request`` or a ``requests.PreparedRequest`` in place and return it.

        https://requests.readthedocs.io/en/latest/user/authentication/#new-forms-of-authentication

        httpx calls an ``auth=`` function with each request, and requests
        calls an ``auth=`` callable with each prepared request.

        :param request: the request.
        :returns: the same request, with the signature's headers (see :meth:`sign`) set.
        :raises TypeError: for an object that is neither request type.
        :raises ValueError: as :meth:`sign` does, or for a body to sign sent
            as a stream, which cannot be read before it is sent.

        .. versionadded:: 1.1
        """
        req: Any = request
        if hasattr(req, "prepare_body"):  # requests.PreparedRequest: Host is added when sent
            url, body = req.url, req.body
        elif hasattr(req, "extensions") and hasattr(req, "stream"):  # httpx.Request
            url = str(req.url)
            try:
                body = req.content
            except Exception:  # httpx.RequestNotRead: a streamed body
                body = req.stream
        else:
            raise TypeError(
                f"{self.signer_name} signs httpx.Request and requests.PreparedRequest,"
                f" not {type(req).__name__}"
            )
        self._sign_into(req.headers, req.method, url, body)
        return request

    def auth_flow(self, request: _Request) -> Generator[_Request, Any, None]:
        """httpx's ``Auth.auth_flow``: yield the signed request once.

        https://www.python-httpx.org/advanced/authentication/#custom-authentication-schemes

        :param request: an ``httpx.Request``.
        :returns: a generator that yields the request, signed.
        :raises TypeError: as :meth:`__call__` does.
        :raises ValueError: as :meth:`__call__` does.

        .. versionadded:: 1.1
        """
        yield self(request)
