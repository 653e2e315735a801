"""The application/x-www-form-urlencoded serializer, with HTML's form submission options.

https://url.spec.whatwg.org/#concept-urlencoded-serializer; the browser's
changes to the entry list come from
https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#form-submission-algorithm.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Union

from ..._encoding import UTF_8, Encoding
from ..._errors import EncodeError
from .._bulk_serializer import FORM_ESCAPER, serialize_pairs, serialize_utf8_whole
from .._infra import to_usv_string
from .._options import CHARSET_FIELD, Errors, check_errors, check_newlines, check_separator
from .._pairs import NameOrValue, ValueInput, check_items, pair_items
from .._percent import Escaper, encode_after_encoding, output_encoding, unencodable
from .._submission import normalize_newlines

# A pair is a 2-tuple or a 2-item list (as JSON gives). Not any Sequence: a
# str is a Sequence[str], so ["ab", "cd"] would type-check and fail at run time.
# Values may be numbers (check_value's rule); names may not.
Pair = Union[
    tuple[NameOrValue, ValueInput], list[str], list[bytes], list[NameOrValue], list[ValueInput]
]
Pairs = Union[Iterable[Pair], Mapping[str, ValueInput], Mapping[bytes, ValueInput]]


def _serialize_part(part: NameOrValue, encoding: Encoding, escapes: Escaper) -> str:
    """Steps 3.2-3.3 for one checked name or value."""
    if isinstance(part, str):
        # Percent-encode after encoding, with the urlencoded set (surrogates: U+FFFD).
        return encode_after_encoding(encoding, part, escapes)
    # Already-encoded bytes are percent-encoded as they are.
    return escapes.escape(bytes(part))


def serialize(
    pairs: Pairs,
    *,
    encoding: str | Encoding = "UTF-8",
    errors: Errors = "replace",
    separator: str | bytes = "&",
    space_as_plus: bool = True,
    newlines: str | None = None,
    fill_charset_field: bool = False,
    isindex: bool = False,
) -> str:
    """Serialize (name, value) pairs as application/x-www-form-urlencoded.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    Every byte except ASCII alphanumerics and ``*-._`` is percent-encoded;
    space becomes ``+``. Strings are converted to scalar value strings first,
    as Web IDL converts to USVString: each surrogate code point becomes U+FFFD.
    A bytes name or value is taken as already encoded and percent-encoded
    byte for byte (for binary tokens such as ``info_hash``). A value may
    also be an ``int`` or ``float``, written as Python writes it; ``bool``
    and ``None`` are refused (:ref:`the rule for values <values>`). With a legacy
    *encoding*, a code point it cannot represent becomes ``%26%23`` + its
    decimal value + ``%3B``, as browsers write it; with ``errors="strict"``
    (beyond the spec) it raises :class:`EncodeError` instead, naming the
    pair, the character, its index and the encoding. The output encoding of
    UTF-16BE/LE and replacement is UTF-8.

    The other keyword arguments default to the URL Standard's serializer;
    ``newlines="crlf", fill_charset_field=True`` give what a browser submits
    for a form (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#form-submission-algorithm).

    :param pairs: an iterable of ``(name, value)`` pairs, or a mapping;
        names are str or bytes, values str, bytes, int or float.
    :param encoding: an encoding label or :class:`Encoding`.
    :param errors: ``"replace"`` (the default, the spec's: a character the
        encoding lacks is written ``%26%23N%3B``) or ``"strict"`` (it raises
        :class:`EncodeError`), the names :func:`parse` uses.
    :param separator: written between pairs instead of ``&``: one ASCII
        character that the serializer always percent-encodes, such as ``;``.
    :param space_as_plus: ``False`` writes a space as ``%20`` instead of
        ``+`` (for ``mailto:`` bodies and APIs that want ``%20``).
    :param newlines: ``"crlf"`` replaces every lone CR, lone LF and CRLF in
        str names and values with CRLF, as "converting an entry list to a list
        of name-value pairs" does
        (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs);
        ``None`` (the default) leaves them as they are.
    :param fill_charset_field: a pair whose name is ``_charset_`` (ASCII
        case-insensitively) and whose value is empty gets the output
        encoding's name as its value, as "constructing the entry list" does
        for such a hidden input
        (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set).
    :param isindex: a first pair named ``isindex`` is written as its value
        alone, without the name and ``=``, as HTML 4 era browsers did.
    :returns: an ASCII string.
    :raises TypeError: if a pair is not a pair, a name is not str or bytes,
        or a value is not str, bytes, int or float (``bool`` and ``None``
        included; the message gives the pair's index), or an option has the
        wrong type.
    :raises ValueError: for a bad *errors*, *separator* or *newlines* value,
        or a value ``nan``, infinity, or an int too long to write as text.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises EncodeError: with ``errors="strict"``, for a character of a
        str name or value that the encoding cannot encode.

    >>> serialize([("q", "café au lait"), ("tilde", "~*")])
    'q=caf%C3%A9+au+lait&tilde=%7E*'
    >>> serialize({"info_hash": b"\\x12\\x34V", "port": 6881})
    'info_hash=%124V&port=6881'
    >>> serialize([("_charset_", ""), ("t", "a\\nb")], encoding="sjis",
    ...           newlines="crlf", fill_charset_field=True)
    '_charset_=Shift_JIS&t=a%0D%0Ab'
    >>> serialize([("a", "1 2"), ("b", "3")], separator=";", space_as_plus=False)
    'a=1%202;b=3'
    >>> serialize([("n", "Zoë")], encoding="shift_jis")
    'n=Zo%26%23235%3B'
    >>> serialize([("n", "Zoë")], encoding="shift_jis", errors="strict")
    Traceback (most recent call last):
      ...
    urlencoded.EncodeError: serialize() pair 0: value: U+00EB 'ë' at index 2 cannot be encoded ...

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *errors*, *separator*, *space_as_plus*, *newlines*,
       *fill_charset_field* and *isindex*; ``int`` and ``float`` values.
    """
    if (
        type(pairs) is list
        and errors == "replace"
        and separator == "&"
        and space_as_plus is True
        and newlines is None
        and fill_charset_field is False
        and isindex is False
    ):
        # The common call: skip the checks that other input needs.
        if encoding == "UTF-8" or encoding is UTF_8:
            if not pairs:
                return ""
            fast = serialize_utf8_whole(pairs)
        else:
            resolved = output_encoding(encoding)
            if not pairs:
                return ""
            fast = serialize_pairs(pairs, resolved, FORM_ESCAPER)
        if fast is not None:
            return fast
    # Step 1: get an output encoding.
    resolved = output_encoding(encoding)
    strict = errors != "replace" and check_errors(errors) == "strict"
    if (
        separator == "&"
        and space_as_plus is True
        and newlines is None
        and fill_charset_field is False
        and isindex is False
    ):
        # The URL Standard's serializer.
        return serialize_items(pair_items(pairs, "serialize"), resolved, strict=strict)
    sep = check_separator(separator, serializing=True).decode("ascii")
    crlf = check_newlines(newlines)
    for option, value in (
        ("space_as_plus", space_as_plus),
        ("fill_charset_field", fill_charset_field),
        ("isindex", isindex),
    ):
        if not isinstance(value, bool):
            raise TypeError(f"{option} must be a bool, not {type(value).__name__}")
    items = pair_items(pairs, "serialize")
    if crlf or fill_charset_field:
        items = _entry_list(items, resolved, crlf, fill_charset_field)
    head: str | None = None
    if isindex and items:
        head = _isindex_head(items[0], resolved, strict)
        if head is not None:
            items = items[1:]
    output = serialize_items(items, resolved, strict=strict, first=0 if head is None else 1)
    if head is not None:
        output = f"{head}&{output}" if items else head
    # A literal "&" or "+" in the output can only be a separator or a space:
    # the set escapes both wherever they occur in a name or value.
    if sep != "&":
        output = output.replace("&", sep)
    if not space_as_plus:
        output = output.replace("+", "%20")
    return output


def _serialize_whole(items: Sequence[object], resolved: Encoding, escapes: Escaper) -> str | None:
    """Str pairs in UTF-8 or a stateless legacy encoding: one pass over all of them."""
    if resolved is UTF_8:
        return serialize_utf8_whole(items)
    return serialize_pairs(items, resolved, escapes)


def _check_encodable(
    checked: list[tuple[NameOrValue, NameOrValue]], resolved: Encoding, caller: str, first: int
) -> None:
    """``errors="strict"``: raise :class:`EncodeError` at the first character of a str
    name or value that *resolved* cannot encode (pairs are counted from *first*)."""
    texts = [
        (index, part, to_usv_string(text))
        for index, pair in enumerate(checked, first)
        for part, text in zip(("name", "value"), pair)
        if isinstance(text, str)
    ]
    error = unencodable(resolved, "".join([text for _, _, text in texts]))
    if error is None:
        return
    offset, code_point = error
    for index, part, text in texts:
        if offset < len(text):
            raise EncodeError(resolved.name, code_point, offset, f"{caller}() pair {index}: {part}")
        offset -= len(text)


def serialize_items(
    items: list[object],
    resolved: Encoding,
    caller: str = "serialize",
    *,
    strict: bool = False,
    first: int = 0,
) -> str:
    """Steps 2-4 of the serializer for *items* with the output encoding *resolved*.

    Numbers are written as :func:`~urlencoded._core._pairs.check_value`
    writes them; the messages of refused items name *caller*, counting
    pairs from *first*. With *strict*, a character the encoding lacks
    raises :class:`EncodeError` instead of becoming ``%26%23N%3B``.
    """
    if not items:
        return ""
    escapes = FORM_ESCAPER
    if strict and resolved is not UTF_8:
        checked = check_items(items, caller)
        _check_encodable(checked, resolved, caller, first)
    else:
        whole = _serialize_whole(items, resolved, escapes)
        if whole is not None:
            return whole
        checked = check_items(items, caller)
    # Numbers are text now: str pairs may still go in one pass.
    whole = _serialize_whole(checked, resolved, escapes)
    if whole is not None:
        return whole
    # Step 3 (step 3.4: "&" between tuples).
    return "&".join(
        [
            f"{_serialize_part(name, resolved, escapes)}="
            f"{_serialize_part(value, resolved, escapes)}"
            for name, value in checked
        ]
    )


def _is_charset_name(name: object) -> bool:
    """Whether *name* is ``_charset_``, ASCII case-insensitively (as HTML compares it)."""
    if isinstance(name, (bytes, bytearray, memoryview)):
        name = bytes(name).decode("latin-1")
    return isinstance(name, str) and name.isascii() and name.lower() == CHARSET_FIELD


def _entry_list(items: list[object], resolved: Encoding, crlf: bool, fill: bool) -> list[object]:
    """The browser's changes to the pairs: ``_charset_`` filled in, newlines made CRLF.

    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
    and https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs.
    Items that are not pairs pass through, for the serializer to reject.
    """
    result: list[object] = []
    for item in items:
        if isinstance(item, (tuple, list)) and len(item) == 2:
            name, value = item
            if fill and _is_charset_name(name) and value in ("", b""):
                value = resolved.name
            if crlf:
                name = normalize_newlines(name) if isinstance(name, str) else name
                value = normalize_newlines(value) if isinstance(value, str) else value
            item = (name, value)
        result.append(item)
    return result


def _isindex_head(first: object, resolved: Encoding, strict: bool) -> str | None:
    """The isindex rule: a first pair named ``isindex`` is written as its value alone."""
    if isinstance(first, (tuple, list)) and len(first) == 2 and first[0] == "isindex":
        # The value percent-encoded as the serializer encodes any value.
        return serialize_items([("", first[1])], resolved, strict=strict)[1:]
    return None
