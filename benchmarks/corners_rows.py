"""The rows of bench_corners.py: each public path and the standard-library call it is timed against.

Each path builds, for one shape in one encoding, our call, the closest
standard-library call and (for query parsing) ``yarl.query_to_pairs``. The
correspondence is stated per path in ``stdlib_call``; ``kind`` says how
close it is:

- ``same``: the standard library gives the same result for the input
  (after ``normalize`` turns ours into its form: a list of pairs out of a
  MultiDict, a dict of lists out of a nested mapping);
- ``nearest``: the standard library has no such call, and the one named is
  the nearest honest one (it may give another result: the sweep prints
  whether it did).
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import quote, quote_plus, unquote, unquote_plus, unquote_to_bytes

from corners_shapes import ENCODINGS, SHAPES, UNLIMITED, UNLIMITED_NESTED, Inputs

import urlencoded
from urlencoded import dialects

Call = Callable[[], object]


def _optional_yarl() -> Any:
    try:
        import yarl
    except ImportError:
        return None
    return yarl if hasattr(yarl, "query_to_pairs") else None  # yarl >= 1.25


YARL = _optional_yarl()


def _same(result: object) -> object:
    return result


@dataclass(frozen=True)
class Row:
    """One path on one shape in one encoding, against the standard library."""

    path: str
    shape: str
    encoding: str
    ours: Call
    stdlib: Call
    stdlib_call: str
    kind: str = "same"
    yarl: Call | None = None
    normalize: Callable[[object], object] = _same

    @property
    def key(self) -> str:
        return row_key(self.path, self.shape, self.encoding)


def row_key(path: str, shape: str, encoding: str) -> str:
    """The row's name, which ``--only`` patterns are matched against."""
    return f"{path} | {SHAPES[shape][0]} | {encoding}"


# --- standard-library compositions, where no single call does the job -------------------


def stdlib_parse_bytes(body: bytes) -> list[tuple[bytes, bytes]]:
    """Split at ``&`` and ``=``, ``+`` as space, ``unquote_to_bytes`` each part."""
    pairs = []
    for field in body.split(b"&"):
        if field:
            name, _, value = field.replace(b"+", b" ").partition(b"=")
            pairs.append((unquote_to_bytes(name), unquote_to_bytes(value)))
    return pairs


def stdlib_parse_no_plus(query: str, encoding: str = "utf-8") -> list[tuple[str, str]]:
    """Split at ``&`` and ``=``, ``unquote`` each part (``+`` stays)."""
    pairs = []
    for field in query.split("&"):
        if field:
            name, _, value = field.partition("=")
            pairs.append((unquote(name, encoding), unquote(value, encoding)))
    return pairs


def stdlib_parse_text_plain(body: bytes, encoding: str) -> list[tuple[str, str]]:
    """Decode, split at CRLF, partition each line at its first ``=``."""
    lines = body.decode(encoding, "replace").split("\r\n")
    if lines[-1] == "":
        lines.pop()
    return [(name, value) for name, _, value in (line.partition("=") for line in lines)]


def stdlib_serialize_text_plain(pairs: list[tuple[str, str]], encoding: str) -> bytes:
    return "".join([f"{name}={value}\r\n" for name, value in pairs]).encode(encoding)


def _incremental(chunks: list[bytes], encoding: str) -> list[tuple[str, str]]:
    parser = urlencoded.IncrementalParser(encoding=encoding, **UNLIMITED)
    pairs: list[tuple[str, str]] = []
    for chunk in chunks:
        pairs += parser.feed(chunk)
    pairs += parser.close()
    return pairs


def _parse_str_of_bytes(body: bytes, encoding: str) -> object:
    return urllib.parse.parse_qsl(body.decode("ascii"), keep_blank_values=True, encoding=encoding)


def _yarl_of_bytes(body: bytes, encoding: str) -> object:
    return YARL.query_to_pairs(body.decode("ascii"), encoding=encoding)


def _pairs_of(result: object) -> object:
    return list(result)  # type: ignore[call-overload]


def _items_of(result: object) -> object:
    return list(result.items())  # type: ignore[attr-defined]


def _lists_of(result: object) -> object:
    assert isinstance(result, dict)
    return {name: value if isinstance(value, list) else [value] for name, value in result.items()}


def _str_of(params: urlencoded.URLSearchParams) -> str:
    return str(params)


def _query_params_stdlib(url: str) -> object:
    return urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query, keep_blank_values=True)


# --- the paths -----------------------------------------------------------------------------

PathBuilder = Callable[[Inputs, str], Row]


def _parse_str(inputs: Inputs, encoding: str) -> Row:
    query = inputs.query
    yarl_call = partial(YARL.query_to_pairs, query, encoding=encoding) if YARL else None
    return Row(
        "parse(str)",
        inputs.shape,
        encoding,
        partial(urlencoded.parse, query, encoding=encoding),
        partial(urllib.parse.parse_qsl, query, keep_blank_values=True, encoding=encoding),
        "parse_qsl(s, keep_blank_values=True, encoding=E)",
        yarl=yarl_call,
    )


def _parse_bytes_input(inputs: Inputs, encoding: str) -> Row:
    body = inputs.body
    return Row(
        "parse(bytes)",
        inputs.shape,
        encoding,
        partial(urlencoded.parse, body, encoding=encoding),
        partial(_parse_str_of_bytes, body, encoding),
        "parse_qsl(b.decode('ascii'), keep_blank_values=True, encoding=E)",
        yarl=partial(_yarl_of_bytes, body, encoding) if YARL else None,
    )


def _incremental_parser(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "IncrementalParser",
        inputs.shape,
        encoding,
        partial(_incremental, inputs.chunks, encoding),
        partial(_parse_str_of_bytes, inputs.body, encoding),
        "parse_qsl(whole body.decode('ascii'), keep_blank_values=True, encoding=E);"
        " the stdlib has no incremental parser (ours: feed() 64 KiB chunks, close())",
    )


def _parse_nested(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "parse_nested",
        inputs.shape,
        encoding,
        partial(urlencoded.parse_nested, inputs.query, encoding=encoding, **UNLIMITED_NESTED),
        partial(urllib.parse.parse_qs, inputs.query, keep_blank_values=True, encoding=encoding),
        "parse_qs(s, keep_blank_values=True, encoding=E): a dict of lists"
        " (ours gives a lone value as a str; compared as lists); no brackets in these names",
        normalize=_lists_of,
    )


def _multidict(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "MultiDict(str)",
        inputs.shape,
        encoding,
        partial(urlencoded.MultiDict, inputs.query, encoding=encoding),
        partial(urllib.parse.parse_qsl, inputs.query, keep_blank_values=True, encoding=encoding),
        "parse_qsl(s, keep_blank_values=True, encoding=E): the same pairs, not wrapped",
        yarl=partial(YARL.query_to_pairs, inputs.query, encoding=encoding) if YARL else None,
        normalize=_items_of,
    )


def _parse_text_plain(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "parse_text_plain",
        inputs.shape,
        encoding,
        partial(urlencoded.parse_text_plain, inputs.text_plain, encoding=encoding),
        partial(stdlib_parse_text_plain, inputs.text_plain, encoding),
        "b.decode(E, 'replace').split('\\r\\n'), line.partition('=');"
        " no stdlib text/plain parser (the body: serialize_text_plain of the shape's pairs)",
        kind="nearest",
    )


def _serialize(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "serialize",
        inputs.shape,
        encoding,
        partial(urlencoded.serialize, inputs.pairs, encoding=encoding),
        partial(urllib.parse.urlencode, inputs.pairs, encoding=encoding),
        "urlencode(pairs, encoding=E) (the same string without '*' or '~' in the input)",
    )


def _serialize_text_plain(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "serialize_text_plain",
        inputs.shape,
        encoding,
        partial(urlencoded.serialize_text_plain, inputs.pairs, encoding=encoding),
        partial(stdlib_serialize_text_plain, inputs.pairs, encoding),
        "''.join(f'{n}={v}\\r\\n').encode(E); no stdlib text/plain serializer",
        kind="nearest",
    )


def _serialize_nested(inputs: Inputs, encoding: str) -> Row:
    nested = inputs.nested
    return Row(
        "serialize_nested(repeat)",
        inputs.shape,
        encoding,
        partial(urlencoded.serialize_nested, nested, list_format="repeat", encoding=encoding),
        partial(urllib.parse.urlencode, nested, doseq=True, encoding=encoding),
        "urlencode(mapping, doseq=True, encoding=E) (list_format='repeat': a list"
        " as repeated names, as doseq writes it)",
    )


def _percent_encode_after_encoding(inputs: Inputs, encoding: str) -> Row:
    text = inputs.text
    return Row(
        "percent_encode_after_encoding",
        inputs.shape,
        encoding,
        partial(
            urlencoded.percent_encode_after_encoding,
            encoding,
            text,
            urlencoded.URLENCODED_PERCENT_ENCODE_SET,
            space_as_plus=True,
        ),
        partial(quote_plus, text, safe="", encoding=encoding),
        "quote_plus(text, safe='', encoding=E) (the urlencoded set; the text: the shape"
        " decoded, pairs joined with '=' and '&')",
    )


def _parse_bytes(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "parse_bytes",
        inputs.shape,
        encoding,
        partial(urlencoded.parse_bytes, inputs.body),
        partial(stdlib_parse_bytes, inputs.body),
        "b.split(b'&'), partition(b'='), + as space, unquote_to_bytes() each part"
        " (parse_qsl cannot return bytes that are not ASCII)",
    )


def _search_params(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "URLSearchParams(str)",
        inputs.shape,
        encoding,
        partial(urlencoded.URLSearchParams, inputs.query),
        partial(urllib.parse.parse_qsl, inputs.query, keep_blank_values=True),
        "parse_qsl(s, keep_blank_values=True): the same pairs, not wrapped",
        yarl=partial(YARL.query_to_pairs, inputs.query) if YARL else None,
        normalize=_pairs_of,
    )


def _search_params_str(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "str(URLSearchParams)",
        inputs.shape,
        encoding,
        partial(_str_of, inputs.search_params),
        partial(urllib.parse.urlencode, inputs.pairs),
        "urlencode(pairs) (ours: str() of URLSearchParams(pairs) built before timing)",
    )


def _query_params(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "query_params(url)",
        inputs.shape,
        encoding,
        partial(urlencoded.query_params, inputs.url),
        partial(_query_params_stdlib, inputs.url),
        "parse_qsl(urlsplit(url).query, keep_blank_values=True)",
        normalize=_pairs_of,
    )


def _percent_decode(inputs: Inputs, encoding: str) -> Row:
    return Row(
        "percent_decode",
        inputs.shape,
        encoding,
        partial(urlencoded.percent_decode, inputs.query),
        partial(unquote_to_bytes, inputs.query),
        "unquote_to_bytes(s)",
    )


# The paths that take an encoding run in every encoding of ENCODINGS, the others in UTF-8.
ENCODING_PATHS: list[PathBuilder] = [
    _parse_str,
    _parse_bytes_input,
    _incremental_parser,
    _parse_nested,
    _multidict,
    _parse_text_plain,
    _serialize,
    _serialize_text_plain,
    _serialize_nested,
    _percent_encode_after_encoding,
]
UTF8_PATHS: list[PathBuilder] = [
    _parse_bytes,
    _search_params,
    _search_params_str,
    _query_params,
    _percent_decode,
]

# --- JavaScript's functions ------------------------------------------------------------------

# name -> (function, takes the decoded text (else the query), stdlib call, its description).
JAVASCRIPT: dict[str, tuple[Callable[[str], str], bool, Callable[[str], object], str]] = {
    "escape": (
        dialects.escape,
        True,
        partial(quote, safe="@*_+-./", encoding="latin-1", errors="strict"),
        "quote(text, safe='@*_+-./', encoding='latin-1'); nearest: no %uXXXX in the stdlib"
        " (so only Latin-1 text), and quote keeps '~'",
    ),
    "unescape": (
        dialects.unescape,
        False,
        partial(unquote, encoding="latin-1"),
        "unquote(s, encoding='latin-1'): each %XX one code point; nearest: no %uXXXX",
    ),
    "encode_uri": (
        dialects.encode_uri,
        True,
        partial(quote, safe=";,/?:@&=+$-_.!~*'()#"),
        'quote(text, safe=";,/?:@&=+$-_.!~*\'()#")',
    ),
    "decode_uri": (
        dialects.decode_uri,
        False,
        unquote,
        "unquote(s); nearest: decodeURI keeps the escapes of ;/?:@&=+$,#",
    ),
    "encode_uri_component": (
        dialects.encode_uri_component,
        True,
        partial(quote, safe="-_.!~*'()"),
        'quote(text, safe="-_.!~*\'()")',
    ),
    "decode_uri_component": (
        dialects.decode_uri_component,
        False,
        unquote,
        "unquote(s) (decodeURIComponent raises URIError where unquote keeps a bad escape)",
    ),
}


def _javascript_row(inputs: Inputs, name: str) -> Row:
    function, takes_text, stdlib, described = JAVASCRIPT[name]
    argument = inputs.text if takes_text else inputs.query
    kind = "nearest" if name in ("escape", "unescape", "decode_uri") else "same"
    if name == "escape" and not _latin_1(argument):
        stdlib = partial(quote, safe="@*_+-./")  # UTF-8 escapes: a nearest call that runs
    return Row(
        f"dialects.{name}",
        inputs.shape,
        "UTF-8",
        partial(function, argument),
        partial(stdlib, argument),
        described,
        kind=kind,
    )


# --- the named dialects ---------------------------------------------------------------------

ALWAYS_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")
# Dialects whose encode/serialize run in every legacy encoding by default; the
# others in UTF-8 (--dialect-encodings all runs every one in every encoding).
DIALECTS_IN_EVERY_ENCODING = ("WHATWG_FORM", "RFC3986")


def _dialect_safe(dialect: dialects.Dialect) -> str:
    return "".join(char for char in dialect.kept if char not in ALWAYS_SAFE)


def _dialect_kind(dialect: dialects.Dialect, method: str) -> str:
    if dialect.percent_u or dialect.keep_escapes or dialect.lowercase_hex:
        return "nearest"
    if method in ("parse", "decode") and dialect.decode_keeps:
        return "nearest"
    return "same"


def _latin_1(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _dialect_row(inputs: Inputs, name: str, method: str, encoding: str) -> Row:
    dialect = dialects.DIALECTS[name]
    plus = dialect.plus_as_space
    safe = _dialect_safe(dialect)
    quote_via = quote_plus if dialect.space_as_plus else quote
    via = "quote_plus" if dialect.space_as_plus else "quote"
    # %XX is a code unit in a %u dialect: Latin-1 is the stdlib's nearest reading.
    codec = "latin-1" if dialect.percent_u else "utf-8"
    if method == "parse":
        ours: Call = partial(dialect.parse, inputs.query)
        stdlib: Call = (
            partial(urllib.parse.parse_qsl, inputs.query, keep_blank_values=True)
            if plus
            else partial(stdlib_parse_no_plus, inputs.query, codec)
        )
        described = (
            "parse_qsl(s, keep_blank_values=True)"
            if plus
            else f"split at & and =, unquote(part, {codec!r}) each part (+ stays)"
        )
    elif method == "decode":
        ours = partial(dialect.decode, inputs.query)
        stdlib = partial(unquote_plus if plus else unquote, inputs.query, codec)
        described = f"unquote_plus(s, {codec!r})" if plus else f"unquote(s, {codec!r})"
    else:
        if dialect.percent_u and not _latin_1(inputs.text):
            codec = "utf-8"  # no %uXXXX in the stdlib: UTF-8 escapes are the nearest
        if encoding != "UTF-8":
            codec = encoding
        if method == "encode":
            ours = partial(dialect.encode, inputs.text, encoding=encoding)
            stdlib = partial(quote_via, inputs.text, safe=safe, encoding=codec)
            described = f"{via}(text, safe={safe!r}, encoding={codec!r})"
        else:
            ours = partial(dialect.serialize, inputs.pairs, encoding=encoding)
            stdlib = partial(
                urllib.parse.urlencode, inputs.pairs, safe=safe, quote_via=quote_via, encoding=codec
            )
            described = f"urlencode(pairs, safe={safe!r}, quote_via={via}, encoding={codec!r})"
    return Row(
        f"{name}.{method}",
        inputs.shape,
        encoding,
        ours,
        stdlib,
        described,
        kind=_dialect_kind(dialect, method),
    )


def path_names() -> list[str]:
    """Every path of the sweep, for --list."""
    names = [PATH_NAMES[builder] for builder in ENCODING_PATHS + UTF8_PATHS]
    names += [f"dialects.{name}" for name in JAVASCRIPT]
    names += [f"{name}.{method}" for name in dialects.DIALECTS for method in METHODS]
    return names


METHODS = ("parse", "decode", "encode", "serialize")


def row_specs(
    dialect_encodings: str = "some",
) -> Iterator[tuple[str, str, str, Callable[[Inputs], Row]]]:
    """(path, shape, encoding, builder) for every row, grouped by shape and encoding."""
    for shape in SHAPES:
        for encoding in ENCODINGS:
            for builder in ENCODING_PATHS:
                yield _spec(builder, shape, encoding)
            if encoding == "UTF-8":
                for builder in UTF8_PATHS:
                    yield _spec(builder, shape, encoding)
                for name in JAVASCRIPT:
                    yield (
                        f"dialects.{name}",
                        shape,
                        encoding,
                        partial(_javascript_row, name=name),
                    )
            for name, dialect in dialects.DIALECTS.items():
                for method in METHODS:
                    if encoding != "UTF-8" and not _in_legacy(
                        name, dialect, method, dialect_encodings
                    ):
                        continue
                    yield (
                        f"{name}.{method}",
                        shape,
                        encoding,
                        partial(_dialect_row, name=name, method=method, encoding=encoding),
                    )


def _in_legacy(name: str, dialect: dialects.Dialect, method: str, which: str) -> bool:
    if method in ("parse", "decode") or dialect.percent_u:  # UTF-8 only
        return False
    return which == "all" or name in DIALECTS_IN_EVERY_ENCODING


def _spec(
    builder: PathBuilder, shape: str, encoding: str
) -> tuple[str, str, str, Callable[[Inputs], Row]]:
    # The name is known before the inputs are built, so that --only skips them.
    return (PATH_NAMES[builder], shape, encoding, partial(_call_builder, builder, encoding))


def _call_builder(builder: PathBuilder, encoding: str, inputs: Inputs) -> Row:
    return builder(inputs, encoding)


PATH_NAMES: dict[PathBuilder, str] = {
    _parse_str: "parse(str)",
    _parse_bytes_input: "parse(bytes)",
    _incremental_parser: "IncrementalParser",
    _parse_nested: "parse_nested",
    _multidict: "MultiDict(str)",
    _parse_text_plain: "parse_text_plain",
    _serialize: "serialize",
    _serialize_text_plain: "serialize_text_plain",
    _serialize_nested: "serialize_nested(repeat)",
    _percent_encode_after_encoding: "percent_encode_after_encoding",
    _parse_bytes: "parse_bytes",
    _search_params: "URLSearchParams(str)",
    _search_params_str: "str(URLSearchParams)",
    _query_params: "query_params(url)",
    _percent_decode: "percent_decode",
}

assert set(PATH_NAMES) == set(ENCODING_PATHS + UTF8_PATHS)
