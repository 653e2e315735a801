"""The form options: their defaults, their validation and what each one means.

https://url.spec.whatwg.org/#concept-urlencoded-parser

The URL Standard's parser has no options: it splits on ``&``, decodes UTF-8
with replacement and takes any number of fields of any size. Every option of
:func:`urlencoded.parse`, :class:`urlencoded.IncrementalParser`,
:func:`urlencoded.parse_wsgi` and :func:`urlencoded.parse_asgi` goes beyond
it, and each defaults to the spec's behaviour except the limits of the
request-body readers:

``encoding``
    decode names and values with this encoding (a label or
    :class:`~urlencoded.Encoding`) instead of UTF-8, for legacy forms.
``errors``
    ``"replace"`` (the spec: U+FFFD for invalid bytes) or ``"strict"``
    (raise :class:`~urlencoded.DecodeError`).
``isindex``
    a first sequence without ``=`` is a value with an empty name (the old
    ``<isindex>`` query).
``charset_field``
    the first field of this name that holds a known encoding label picks the
    encoding of every field (``"_charset_"`` is what browsers fill in).
``separator``
    the one ASCII byte between fields, ``&`` by default, never ``=``; to
    parse, a tuple of such bytes, such as ``("&", ";")``, splits on each.
``max_fields``, ``max_field_size``, ``max_body_size`` (a :class:`Limits`)
    most non-empty fields, most bytes of one field's raw name plus value, most
    bytes of input; ``None`` turns one off.

:func:`form_options` validates all of them once, where a public function is
called, and returns a :class:`FormOptions` that the parsers below the public
functions take as it is. The ``check_*`` functions are the rules it applies,
shared with the serializers, whose ``separator`` and ``newlines`` follow the
same rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NamedTuple, Union, cast

from .._encoding import UTF_8, Encoding, get_encoding
from ._sets import URLENCODED_PERCENT_ENCODE_SET

__all__ = [
    "BLOCK",
    "CHARSET_FIELD",
    "DEFAULT_LIMITS",
    "DEFAULT_MAX_BODY_SIZE",
    "DEFAULT_MAX_FIELDS",
    "DEFAULT_MAX_FIELD_SIZE",
    "NO_LIMITS",
    "PARSE_DEFAULTS",
    "Errors",
    "FormOptions",
    "Limits",
    "Separator",
    "check_charset_field",
    "check_errors",
    "check_limit",
    "check_newlines",
    "check_separator",
    "check_separators",
    "form_options",
    "options_from",
    "unify_separators",
]

#: Work on large inputs goes about this many bytes at a time: parser blocks,
#: reads from a request body or a file, lint's pieces. Small enough that a
#: block's temporary copies stay in the CPU cache.
BLOCK = 64 * 1024

#: Default for ``max_fields``: Django's DATA_UPLOAD_MAX_NUMBER_FIELDS.
DEFAULT_MAX_FIELDS = 1000
#: Default for ``max_field_size``, in bytes (1 MiB): far beyond any form
#: field a person types, small enough to buffer.
DEFAULT_MAX_FIELD_SIZE = 1024 * 1024
#: Default for ``max_body_size``, in bytes (10 MiB): Go's net/http limit for
#: a urlencoded body; Django allows 2.5 MiB.
DEFAULT_MAX_BODY_SIZE = 10 * 1024 * 1024

#: The field name that "constructing the entry list" fills with the encoding's name.
CHARSET_FIELD = "_charset_"

#: The two decoding modes: the spec's U+FFFD replacement, or an exception.
Errors = Literal["replace", "strict"]

#: What a parser's ``separator`` takes: one ASCII character, or a tuple of
#: them to split on each (``("&", ";")``, as HTML 4 advised servers to).
Separator = Union[str, bytes, tuple[Union[str, bytes], ...]]

# The keyword arguments that form_options takes, for callers that pass **options on.
_OPTION_NAMES = frozenset(
    (
        "encoding",
        "errors",
        "isindex",
        "charset_field",
        "separator",
        "max_fields",
        "max_field_size",
        "max_body_size",
    )
)


def check_limit(name: str, value: object) -> int | None:
    """Validate one limit keyword: an int of 0 or more, or None for no limit."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, got {value}")
    return value


def check_errors(errors: object) -> Errors:
    """Validate the ``errors`` keyword."""
    if not isinstance(errors, str):
        raise TypeError(f"errors must be a str, not {type(errors).__name__}")
    if errors in ("replace", "strict"):
        return cast(Errors, errors)
    raise ValueError(f"errors must be 'replace' or 'strict', got {errors!r}")


def check_separator(separator: object, *, serializing: bool = False) -> bytes:
    """Validate the ``separator`` keyword; return it as one byte.

    One ASCII character (str or bytes), ``&`` by default. ``=`` is refused,
    since it separates a name from its value. A serializer's separator must
    moreover be a byte that the application/x-www-form-urlencoded
    percent-encode set always escapes, other than ``%`` and ``+``, so that it
    can never occur literally inside a serialized name or value.
    """
    if isinstance(separator, str):
        raw = separator.encode("latin-1") if separator.isascii() else b"\x80"
    elif isinstance(separator, bytes):
        raw = separator
    elif isinstance(separator, tuple) and serializing:
        raise TypeError("separator must be a str or bytes, not tuple: a serializer writes one")
    else:
        raise TypeError(
            f"separator must be a str or bytes, not {type(separator).__name__} "
            "(or, to parse, a tuple of them)"
        )
    if len(raw) != 1 or raw[0] > 0x7F or raw == b"=":
        raise ValueError(f"separator must be one ASCII character other than '=', got {separator!r}")
    if serializing and (raw in b"%+" or raw[0] not in URLENCODED_PERCENT_ENCODE_SET):
        raise ValueError(
            f"separator must be a character that serialize() always percent-encodes "
            f"(not an ASCII alphanumeric, '*', '-', '.', '_', '%' or '+'), got {separator!r}"
        )
    return raw


def check_separators(separator: object) -> bytes:
    """Validate a parser's ``separator`` keyword; return its bytes, the main one first.

    One ASCII character as :func:`check_separator` takes it, or a non-empty
    tuple of distinct ones, each of which separates fields. ``&`` comes
    first when it is among them, so that the parsers' ``&`` paths run.
    """
    if not isinstance(separator, tuple):
        return check_separator(separator)
    if not separator:
        raise ValueError(
            "separator must be one ASCII character or a non-empty tuple of them, got ()"
        )
    raws = []
    for item in separator:
        if not isinstance(item, (str, bytes)):
            raise TypeError(
                f"separator must be a tuple of str or bytes, not of {type(item).__name__}: "
                f"got {separator!r}"
            )
        try:
            raws.append(check_separator(item))
        except ValueError:
            raise ValueError(
                f"separator must be a tuple of ASCII characters other than '=', got {separator!r}"
            ) from None
    joined = b"".join(raws)
    if len(set(joined)) != len(joined):
        raise ValueError(f"separator must not repeat a character, got {separator!r}")
    if b"&" in joined:
        joined = b"&" + joined.replace(b"&", b"")
    return joined


def unify_separators(body: bytes, options: FormOptions) -> bytes:
    """*body* with each of the options' other separators replaced by the main one.

    A separator byte only ever separates (inside a name or value it is
    percent-encoded), so the swap keeps every field, length and offset, and
    the parsers then split on one byte.
    """
    table = options.separator_table
    return body if table is None else body.translate(table)


def check_charset_field(charset_field: object) -> bytes | None:
    """Validate the ``charset_field`` keyword; return the field name as bytes.

    The name must be non-empty ASCII: it is compared with each field's raw
    name bytes (after ``+`` becomes a space, before percent-decoding).
    """
    if charset_field is None:
        return None
    if not isinstance(charset_field, str):
        raise TypeError(f"charset_field must be a str or None, not {type(charset_field).__name__}")
    if not charset_field or not charset_field.isascii():
        raise ValueError(f"charset_field must be a non-empty ASCII name, got {charset_field!r}")
    return charset_field.encode("ascii")


def check_newlines(newlines: object) -> bool:
    """Validate the ``newlines`` keyword; return whether to normalize to CRLF."""
    if newlines is None:
        return False
    if not isinstance(newlines, str):
        raise TypeError(f"newlines must be a str or None, not {type(newlines).__name__}")
    if newlines != "crlf":
        raise ValueError(f"newlines must be 'crlf' or None, got {newlines!r}")
    return True


class Limits:
    """The three limits on a urlencoded body, validated once.

    https://url.spec.whatwg.org/#concept-urlencoded-parser (the limits are
    not the spec's: it takes any input)

    Each counts raw input, as received: *max_fields* the non-empty
    separated fields, *max_field_size* the bytes of one field's name plus
    value (not counting the ``=``), *max_body_size* the bytes of the whole
    input. ``None`` turns a limit off. The defaults are those of
    :class:`IncrementalParser`, :func:`parse_wsgi` and :func:`parse_asgi`:
    1000 fields, 1 MiB (1048576 bytes) per field and 10 MiB (10485760 bytes)
    per body. A :class:`Limits` is immutable, hashable and picklable, and
    compares equal to another with the same limits.

    :param max_fields: most non-empty fields (default 1000).
    :param max_field_size: most bytes of one field's raw name plus value (default 1 MiB).
    :param max_body_size: most bytes of input (default 10 MiB).
    :raises TypeError: if a limit is not an int or None.
    :raises ValueError: if a limit is negative.

    >>> Limits()
    Limits(max_fields=1000, max_field_size=1048576, max_body_size=10485760)
    >>> Limits(max_fields=None, max_body_size=4096).max_body_size
    4096
    >>> Limits(max_fields=-1)
    Traceback (most recent call last):
      ...
    ValueError: max_fields must be 0 or more, got -1

    .. versionadded:: 1.1
    """

    __slots__ = ("_max_body_size", "_max_field_size", "_max_fields")

    _max_fields: int | None
    _max_field_size: int | None
    _max_body_size: int | None

    def __init__(
        self,
        *,
        max_fields: int | None = DEFAULT_MAX_FIELDS,
        max_field_size: int | None = DEFAULT_MAX_FIELD_SIZE,
        max_body_size: int | None = DEFAULT_MAX_BODY_SIZE,
    ) -> None:
        setter = object.__setattr__
        setter(self, "_max_fields", check_limit("max_fields", max_fields))
        setter(self, "_max_field_size", check_limit("max_field_size", max_field_size))
        setter(self, "_max_body_size", check_limit("max_body_size", max_body_size))

    def __setstate__(self, state: tuple[object, object, object]) -> None:
        # Unpickling checks the limits again: a pickle cannot hold an invalid one.
        max_fields, max_field_size, max_body_size = state
        setter = object.__setattr__
        setter(self, "_max_fields", check_limit("max_fields", max_fields))
        setter(self, "_max_field_size", check_limit("max_field_size", max_field_size))
        setter(self, "_max_body_size", check_limit("max_body_size", max_body_size))

    @property
    def max_fields(self) -> int | None:
        """Most non-empty fields, or None."""
        return self._max_fields

    @property
    def max_field_size(self) -> int | None:
        """Most bytes of one field's raw name plus value (not counting the ``=``), or None."""
        return self._max_field_size

    @property
    def max_body_size(self) -> int | None:
        """Most bytes of input, or None."""
        return self._max_body_size

    def __getstate__(self) -> tuple[int | None, int | None, int | None]:
        return (self.max_fields, self.max_field_size, self.max_body_size)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Limits is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Limits is immutable: cannot delete {name!r}")

    def __repr__(self) -> str:
        return (
            f"Limits(max_fields={self.max_fields!r}, max_field_size={self.max_field_size!r}, "
            f"max_body_size={self.max_body_size!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Limits):
            return NotImplemented
        return self.__getstate__() == other.__getstate__()

    def __hash__(self) -> int:
        return hash(self.__getstate__())


#: The limits of the request-body readers when none is given.
DEFAULT_LIMITS = Limits()
#: No limit at all: the default of :func:`urlencoded.parse` and :func:`urlencoded.parse_bytes`.
NO_LIMITS = Limits(max_fields=None, max_field_size=None, max_body_size=None)


class FormOptions(NamedTuple):
    """Every parser option, validated: what the parsers below the public functions take.

    *encoding* is the one given, before any charset field has chosen
    another; *charset_field* is the field's name as bytes, or None without
    the charset rule; *separator* is one byte, and *separator_table* (None
    for one separator) the :meth:`bytes.translate` table that turns the other
    separators of a tuple into it (:func:`unify_separators`). Immutable, and
    cheap to build (a tuple): a :func:`urlencoded.parse` call with options
    builds one.
    """

    encoding: Encoding
    strict: bool
    isindex: bool
    charset_field: bytes | None
    separator: bytes
    limits: Limits
    separator_table: bytes | None = None


#: The options of :func:`urlencoded.parse` when none is given (the URL Standard's parser).
PARSE_DEFAULTS = FormOptions(UTF_8, False, False, None, b"&", NO_LIMITS)


def form_options(
    *,
    encoding: object = "UTF-8",
    errors: object = "replace",
    isindex: object = False,
    charset_field: object = None,
    separator: object = "&",
    max_fields: object = None,
    max_field_size: object = None,
    max_body_size: object = None,
) -> FormOptions:
    """Validate the parser options, in this order, and return them resolved.

    *errors*, *encoding* (an unknown label raises
    :class:`~urlencoded.UnknownEncodingError`), *charset_field*, *separator*,
    then the limits (as :class:`Limits` checks them). *isindex* is taken
    for its truth value. The limits default to none, as :func:`urlencoded.parse`'s do.

    :raises TypeError: if an option has the wrong type.
    :raises ValueError: for a bad *errors*, *charset_field* or *separator*,
        or a negative limit.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    """
    strict = errors != "replace" and check_errors(errors) == "strict"
    if encoding is UTF_8 or encoding == "UTF-8":
        resolved = UTF_8
    else:
        resolved = get_encoding(cast("str | Encoding", encoding))
    field = check_charset_field(charset_field)
    raw_separator = b"&" if separator == "&" else check_separators(separator)
    table = None
    if len(raw_separator) > 1:
        main, others = raw_separator[:1], raw_separator[1:]
        table = bytes.maketrans(others, main * len(others))
        raw_separator = main
    if max_fields is None and max_field_size is None and max_body_size is None:
        limits = NO_LIMITS
    elif (
        max_fields is DEFAULT_MAX_FIELDS
        and max_field_size is DEFAULT_MAX_FIELD_SIZE
        and max_body_size is DEFAULT_MAX_BODY_SIZE
    ):
        limits = DEFAULT_LIMITS
    else:
        limits = Limits(
            max_fields=cast("int | None", max_fields),
            max_field_size=cast("int | None", max_field_size),
            max_body_size=cast("int | None", max_body_size),
        )
    return FormOptions(resolved, strict, bool(isindex), field, raw_separator, limits, table)


def options_from(caller: str, options: Mapping[str, object]) -> FormOptions:
    """:func:`form_options` for a function that passes its ``**options`` on.

    An unknown keyword raises the :class:`TypeError` a call of *caller* with it would.
    """
    for name in options:
        if name not in _OPTION_NAMES:
            raise TypeError(f"{caller}() got an unexpected keyword argument {name!r}")
    return form_options(**options)
