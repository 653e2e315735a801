"""A URL string's query or fragment, as URLSearchParams, and back.

https://url.spec.whatwg.org/#dom-url-searchparams and
https://url.spec.whatwg.org/#concept-urlsearchparams-update

A browser's ``url.searchParams`` reads a URL's query with the urlencoded
parser, and its "update" steps write the serialization back. This library
has no URL object, so :func:`query_params` and :func:`with_query_params` do
the same on a URL string: they find the query after the first ``?`` before
the first ``#``, without parsing the rest of the URL.
:func:`fragment_params` and :func:`with_fragment_params` do it for the
fragment, which OAuth 2.0's implicit grant (RFC 6749 §4.2.2) fills with
application/x-www-form-urlencoded parameters.

By default both read and write every query as a form, as the URL Standard
does. Beyond it, ``plus_as_space=None`` follows the URL's scheme: a ``+``
means a space only where the query is a form's. The queries of ``http``,
``https``, ``ws`` and ``wss`` URLs (and of references without a scheme) are;
every other scheme's query is plain percent-encoding, in which ``+`` is
itself (RFC 3986 §3.4; for ``mailto``, RFC 6068 §5).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .._encoding import UTF_8
from ._form import Pairs, parse, serialize_items
from ._infra import to_usv_string
from ._pairs import check_part, pair_items
from ._search_params import URLSearchParams

__all__ = [
    "fragment_params",
    "query_params",
    "query_plus_as_space",
    "with_fragment_params",
    "with_query_params",
]

# The schemes whose query is application/x-www-form-urlencoded, so that a
# ``+`` in it is a space: HTML's form submission writes the query of an
# ``http``/``https`` action URL that way, and WebSocket URLs take the same
# query (RFC 6455 §3). A reference without a scheme counts as one of them.
_FORM_QUERY_SCHEMES = frozenset(("http", "https", "ws", "wss"))

# The basic URL parser's first steps (https://url.spec.whatwg.org/#concept-basic-url-parser):
# C0 control or space (https://infra.spec.whatwg.org/#c0-control) is stripped from both ends,
# and ASCII tab or newline is removed everywhere.
_C0_CONTROL_OR_SPACE = "".join(map(chr, range(0x21)))
_TAB_OR_NEWLINE = {0x09: None, 0x0A: None, 0x0D: None}

# https://url.spec.whatwg.org/#scheme-start-state and #scheme-state: an ASCII
# alpha, then ASCII alphanumerics, "+", "-" or ".", up to the first ":".
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+\-.]*):")


def _url_text(url: object, caller: str) -> str:
    """*url* as a scalar value string, or a TypeError naming *caller*."""
    # https://webidl.spec.whatwg.org/#es-USVString, minus the ToString() of
    # non-string values: those are refused instead.
    return to_usv_string(check_part(url, f"{caller}() url", str_only=True))


def _split_url(url: str) -> tuple[str, str | None, str | None]:
    """Split *url* into (before the query, query or None, fragment or None)."""
    before_fragment, hash_sign, fragment = url.partition("#")
    before_query, question_mark, query = before_fragment.partition("?")
    return (
        before_query,
        query if question_mark else None,
        fragment if hash_sign else None,
    )


def _without_tab_or_newline(text: str) -> str:
    """*text* without ASCII tab or newline (translate only when there is one: it is slow)."""
    if "\t" in text or "\n" in text or "\r" in text:
        return text.translate(_TAB_OR_NEWLINE)
    return text


def _scheme(url: str) -> str | None:
    """The scheme of *url* as the URL parser finds it, lower-cased, or None for a reference."""
    found = _SCHEME.match(_without_tab_or_newline(url.lstrip(_C0_CONTROL_OR_SPACE)))
    return found.group(1).lower() if found else None


def _check_plus(plus_as_space: object, caller: str) -> bool | None:
    if plus_as_space is None or isinstance(plus_as_space, bool):
        return plus_as_space
    raise TypeError(
        f"{caller}() plus_as_space must be a bool or None, not {type(plus_as_space).__name__}"
    )


def query_plus_as_space(url: str) -> bool:
    """Whether a ``+`` in the query of *url* is a space: its scheme's query is a form's.

    A reference without a scheme (``"?a=1"``, ``"/p?a=1"``) counts as one:
    it is resolved against a page, nearly always an ``http(s)`` one.
    """
    scheme = _scheme(url)
    return scheme is None or scheme in _FORM_QUERY_SCHEMES


def _params(text: str | None, plus_as_space: bool) -> URLSearchParams:
    """A URLSearchParams of *text* (None: empty), with ``+`` a space or itself."""
    if not text:
        return URLSearchParams()
    if not plus_as_space:
        # Plain percent-encoding: a "+" stands for itself, as "%2B" does.
        text = text.replace("+", "%2B")
    # "Initialize" a URL object (https://url.spec.whatwg.org/#url-class),
    # steps 1 and 4: the list is the parse of the query itself. That skips
    # the URLSearchParams constructor's step 1, so a query of "?a=1" keeps
    # its "?" (in the name "?a").
    return URLSearchParams(parse(text))


def _serialized(params: object, plus_as_space: bool, caller: str) -> str | None:
    """Update steps 2-3: serialize *params*; the empty string becomes None.

    *params* is a URLSearchParams, or what :func:`urlencoded.serialize` takes.
    """
    if isinstance(params, URLSearchParams):
        serialized = str(params)
    elif isinstance(params, (str, bytes, bytearray, memoryview)) or not isinstance(
        params, Iterable
    ):
        hint = (
            "; parse a query string first: URLSearchParams(...)" if isinstance(params, str) else ""
        )
        raise TypeError(
            f"{caller}() params must be a URLSearchParams, a mapping or (name, value) pairs, "
            f"not {type(params).__name__}{hint}"
        )
    else:
        serialized = serialize_items(pair_items(params, caller), UTF_8, caller)
    if not plus_as_space:
        # The serializer writes "+" for a space only (a "+" is "%2B").
        serialized = serialized.replace("+", "%20")
    return serialized or None


def _kept_end(before: str, removing: bool) -> str:
    """*before* once the only ``?`` or ``#`` after it is removed (*removing*) or added.

    A URL parser strips C0 controls and spaces (U+0000 to U+0020) from the
    end of its input, but not when a ``?`` or ``#`` follows them.
    """
    kept = before.rstrip(_C0_CONTROL_OR_SPACE)
    if removing:
        # The "?" or "#" that kept them is going away: percent-encode the
        # last one (all are ASCII, so this is its UTF-8 percent-encoding).
        exposed = _without_tab_or_newline(before[len(kept) :])
        if exposed:
            kept += f"{exposed[:-1]}%{ord(exposed[-1]):02X}"
    # Otherwise a parser stripped them, and a "?" or "#" would now keep
    # them: leave them out.
    return kept


# https://url.spec.whatwg.org/#dom-url-searchparams
def query_params(url: str, *, plus_as_space: bool | None = True) -> URLSearchParams:
    """The query of a URL string, as a URLSearchParams.

    https://url.spec.whatwg.org/#dom-url-searchparams (what ``url.searchParams``
    holds, without building a URL)

    The query is everything after the first ``?`` that comes before the
    first ``#``; a URL with no ``?`` there has no query and gives empty
    params. The rest of the URL is not parsed, so any string works, including
    a relative reference such as ``"?a=1"``. Like the URL parser, this first
    strips C0 controls and spaces from both ends of *url* and removes every
    ASCII tab and newline, so ``query_params("https://h/?a=b\\n")`` gives
    ``b``, as a browser does. The query is then parsed with the urlencoded
    string parser, which gives the same pairs as parsing the URL's
    percent-encoded query would.

    By default a ``+`` is a space whatever the scheme, as in the URL
    Standard's ``searchParams``. But a ``+`` means a space only in a form's
    query; ``plus_as_space=None`` follows the scheme: a space when it is
    ``http``, ``https``, ``ws`` or ``wss``, or there is none, and a ``+``
    in any other scheme's query (``mailto:``, RFC 6068 §5, and every query
    that is plain percent-encoding, RFC 3986 §3.4).

    :param url: a URL string (lone surrogates become U+FFFD).
    :param plus_as_space: ``True`` (the default): ``+`` is a space (the URL
        Standard's ``searchParams``); ``False``: ``+`` is itself; ``None``:
        by the scheme, as above.
    :returns: new params; changing them does not change anything else.
    :raises TypeError: if *url* is not a ``str``, or *plus_as_space* is not a
        bool or None.

    >>> query_params("https://example.com/search?q=a+b&lang=en#top").items()
    [('q', 'a b'), ('lang', 'en')]
    >>> query_params("mailto:a@example.com?subject=a+b").get("subject")
    'a b'
    >>> query_params("mailto:a@example.com?subject=1+1%3D2", plus_as_space=None).get("subject")
    '1+1=2'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *plus_as_space* (``None`` follows the scheme).
    """
    url = _url_text(url, "query_params")
    plus = _check_plus(plus_as_space, "query_params")
    url = _without_tab_or_newline(url.strip(_C0_CONTROL_OR_SPACE))
    _, query, _ = _split_url(url)
    return _params(query, query_plus_as_space(url) if plus is None else plus)


# https://url.spec.whatwg.org/#concept-urlsearchparams-update
def with_query_params(
    url: str, params: URLSearchParams | Pairs, *, plus_as_space: bool | None = True
) -> str:
    """*url* with its query replaced by the serialization of *params*.

    https://url.spec.whatwg.org/#concept-urlsearchparams-update

    This is what a browser's ``url.href`` becomes after changing
    ``url.searchParams``: the "update" steps set the URL's query to the
    urlencoded serialization of the list, or to null when that is empty.
    So empty params leave no ``?``; otherwise the query is ``"?" +
    str(params)``. Beyond a :class:`URLSearchParams`, *params* may be
    anything :func:`urlencoded.serialize` takes (a mapping, a list of
    pairs; values may be numbers, by :ref:`the rule for values <values>`),
    serialized as it serializes them. The query is found as in :func:`query_params`; everything
    before it and the fragment (``#`` onwards) are kept verbatim, and a URL
    without a query gets one before its fragment. Where :func:`query_params`
    would read ``+`` as itself (``plus_as_space=False``, or ``None`` and a
    scheme other than ``http``, ``https``, ``ws`` and ``wss``), a space is
    written ``%20`` instead of ``+``, as RFC 6068 §5 asks of ``mailto:``; a
    ``+`` is ``%2B`` either way.

    One case needs care: C0 controls and spaces (U+0000 to U+0020) at the
    end of the text before the query. A URL parser strips them from the end
    of its input, but not when a ``?`` or ``#`` follows them, so adding or
    removing the only ``?`` after them changes the URL. The result is made
    to parse to the URL that the update steps produce:

    - ``"data:,a ?x=1"`` has the path ``a%20`` (the opaque path state encodes
      a space right before ``?`` or ``#``). Removing ``?x=1`` would leave
      ``"data:,a "``, whose space a parser drops; so when the query is
      removed and there is no fragment, the last of those code points is
      percent-encoded (after dropping tabs and newlines there, which a parser
      ignores anyway), giving ``"data:,a%20"``.
    - ``"data:,a "`` has the path ``a``. Appending ``?y=`` would give
      ``"data:,a ?y="``, with the path ``a%20``; so when a query is added
      to a URL that had neither query nor fragment, they are stripped,
      giving ``"data:,a?y="``.

    The pinned spec has no "strip trailing spaces from an opaque path" step
    in the update steps any more; its parser keeps such paths intact as
    above, and so does this function.

    :param url: a URL string (lone surrogates become U+FFFD).
    :param params: the new query: a :class:`URLSearchParams`, a mapping or
        (name, value) pairs.
    :param plus_as_space: as for :func:`query_params`: ``True`` (the
        default) writes a space as ``+``, ``False`` as ``%20``, ``None`` by
        the scheme.
    :returns: the new URL string.
    :raises TypeError: if *url* is not a ``str``, *params* is none of those
        or holds a name or value that :func:`urlencoded.serialize` refuses
        (``bool`` and ``None`` values included), or *plus_as_space* is not a
        bool or None.
    :raises ValueError: for a value ``nan`` or infinity.

    >>> params = query_params("https://example.com/?b=2&a=1#frag")
    >>> params.sort()
    >>> with_query_params("https://example.com/?b=2&a=1#frag", params)
    'https://example.com/?a=1&b=2#frag'
    >>> with_query_params("https://example.com/?b=2#frag", URLSearchParams())
    'https://example.com/#frag'
    >>> subject = URLSearchParams({"subject": "1 + 1"})
    >>> with_query_params("mailto:a@example.com", subject, plus_as_space=None)
    'mailto:a@example.com?subject=1%20%2B%201'
    >>> with_query_params("https://example.com/search?q=a", {"q": "b c", "page": 2})
    'https://example.com/search?q=b+c&page=2'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *plus_as_space* (``None`` follows the scheme); *params* may be a
       mapping or a list of pairs.
    """
    url = _url_text(url, "with_query_params")
    plus = _check_plus(plus_as_space, "with_query_params")
    if plus is None:
        plus = query_plus_as_space(url)
    serialized_query = _serialized(params, plus, "with_query_params")
    before_query, old_query, fragment = _split_url(url)
    if fragment is None and (old_query is None) != (serialized_query is None):
        # before_query ends the input either before or after this change, so
        # trailing C0 controls or spaces mean something different.
        before_query = _kept_end(before_query, removing=serialized_query is None)
    # Update step 4: set the URL's query to serializedQuery.
    output = before_query
    if serialized_query is not None:
        output += "?" + serialized_query
    if fragment is not None:
        output += "#" + fragment
    return output


def fragment_params(url: str, *, plus_as_space: bool = True) -> URLSearchParams:
    """The fragment of a URL string, read as application/x-www-form-urlencoded.

    https://url.spec.whatwg.org/#concept-urlencoded-string-parser on the
    fragment (the URL Standard has no fragment params: this is the twin of
    :func:`query_params`)

    The fragment is everything after the first ``#``; a URL without one
    gives empty params. OAuth 2.0's implicit grant returns its token there
    ("using the application/x-www-form-urlencoded format", RFC 6749 §4.2.2),
    as do other flows that keep values out of the server's logs. As in
    :func:`query_params`, C0 controls and spaces are stripped from both ends
    of *url* and every ASCII tab and newline is removed first. A fragment
    has no scheme-given syntax, so ``+`` is a space unless
    ``plus_as_space=False`` says otherwise.

    :param url: a URL string (lone surrogates become U+FFFD).
    :param plus_as_space: ``False`` reads ``+`` as itself.
    :returns: new params; changing them does not change anything else.
    :raises TypeError: if *url* is not a ``str``, or *plus_as_space* is not a bool.

    >>> url = "https://client.example/cb#access_token=2YotnF&state=xyz&token_type=example"
    >>> fragment_params(url).get("access_token")
    '2YotnF'

    .. versionadded:: 1.1
    """
    url = _url_text(url, "fragment_params")
    if not isinstance(plus_as_space, bool):
        raise TypeError(
            f"fragment_params() plus_as_space must be a bool, not {type(plus_as_space).__name__}"
        )
    url = _without_tab_or_newline(url.strip(_C0_CONTROL_OR_SPACE))
    _, _, fragment = url.partition("#")
    return _params(fragment, plus_as_space)


def with_fragment_params(
    url: str, params: URLSearchParams | Pairs, *, plus_as_space: bool = True
) -> str:
    """*url* with its fragment replaced by the serialization of *params*.

    https://url.spec.whatwg.org/#concept-urlsearchparams-update, applied to
    the fragment (the twin of :func:`with_query_params`)

    The fragment becomes ``str(params)``, or goes away, ``#`` included, when
    that is empty, as the update steps do with a query. As there, *params*
    may also be anything :func:`urlencoded.serialize` takes. Everything before
    the first ``#`` is kept verbatim. As in :func:`with_query_params`, C0
    controls and spaces at the end of the text before the ``#`` are adjusted
    so that the result parses to that URL: the last of them is
    percent-encoded when the only ``#`` after them goes away, and they are
    left out when a ``#`` is added after them.

    :param url: a URL string (lone surrogates become U+FFFD).
    :param params: the new fragment: a :class:`URLSearchParams`, a mapping
        or (name, value) pairs.
    :param plus_as_space: ``False`` writes a space as ``%20`` instead of ``+``.
    :returns: the new URL string.
    :raises TypeError: if *url* is not a ``str``, *params* is none of those
        or holds a name or value that :func:`urlencoded.serialize` refuses
        (``bool`` and ``None`` values included), or *plus_as_space* is not a bool.
    :raises ValueError: for a value ``nan`` or infinity.

    >>> tokens = URLSearchParams({"access_token": "2YotnF", "state": "x y"})
    >>> with_fragment_params("https://client.example/cb?a=1", tokens)
    'https://client.example/cb?a=1#access_token=2YotnF&state=x+y'
    >>> with_fragment_params("https://client.example/cb#old", URLSearchParams())
    'https://client.example/cb'
    >>> with_fragment_params("https://client.example/cb", [("expires_in", 3600)])
    'https://client.example/cb#expires_in=3600'

    .. versionadded:: 1.1
    """
    url = _url_text(url, "with_fragment_params")
    if not isinstance(plus_as_space, bool):
        raise TypeError(
            "with_fragment_params() plus_as_space must be a bool, not "
            f"{type(plus_as_space).__name__}"
        )
    serialized = _serialized(params, plus_as_space, "with_fragment_params")
    before, hash_sign, _ = url.partition("#")
    if bool(hash_sign) != (serialized is not None):
        before = _kept_end(before, removing=serialized is None)
    return before if serialized is None else f"{before}#{serialized}"
