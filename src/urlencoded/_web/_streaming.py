"""A sans-I/O, incremental application/x-www-form-urlencoded parser with limits.

https://url.spec.whatwg.org/#concept-urlencoded-parser

A request body arrives in chunks, and a hostile client may send gigabytes.
:class:`IncrementalParser` takes the chunks as they come and returns each
name-value pair as soon as the ``&`` that ends it arrives. It does no I/O
itself, in the manner of h11: the server helpers in ``_servers.py`` feed it
from WSGI and ASGI, and anything else can feed it too.

The parser's first step splits the input on 0x26 (&) and handles every
sequence on its own, so splitting the stream at the last ``&`` of each chunk
and running the parser (:func:`urlencoded._core._form.parse_region`) on the
completed sequences gives exactly what one parse of the whole body gives, for
any chunking: a ``%XX``
escape, a multi-byte character or a ``+`` can only straddle a chunk boundary
inside the unfinished last sequence, which the parser keeps back. That holds
for every encoding, because the split happens on raw bytes before anything is
percent-decoded or decoded. Only the ``isindex`` rule looks at a particular
sequence (the first), and only the first completed run of sequences can hold it.

Memory stays bounded by the largest single field: the parser holds the
unfinished sequence (at most ``max_field_size`` bytes) plus the chunk being
fed. The limits are checked on raw bytes while scanning, with the same
counting and the same offsets as :func:`urlencoded._core._form.parse`.

The ``_charset_`` rule (``charset_field``) is a whole-body decision: the
first field of that name holding a known label picks the encoding of every
field, including those before it. Until such a field has arrived the parser
holds the completed sequences, raw, and returns nothing; once it has, it
decodes what it holds and streams the rest. So it holds at most the body up
to and including the charset field, or the whole body (at most
``max_body_size`` bytes) when there is none.

Errors come in input order, for any chunking. Every error has a place in
the input where a byte-by-byte reader would notice it: a limit where the
scan crosses it, an invalid byte sequence (``errors="strict"``) at the
separator that completes its field (or at the end of the body), or, under
the charset rule, where the encoding becomes known. The first one wins, and
:func:`urlencoded._core._form.parse` reports the same one, so that the two agree
even when a chunk boundary falls between a bad field and a limit.
"""

from __future__ import annotations

from .._core import (
    DEFAULT_MAX_BODY_SIZE,
    DEFAULT_MAX_FIELD_SIZE,
    DEFAULT_MAX_FIELDS,
    Errors,
    FormOptions,
    Separator,
    charset_field_encoding,
    field_size_excess,
    form_options,
    parse_region,
    unify_separators,
)
from .._encoding import Encoding
from .._errors import BodyTooLarge, FieldTooLarge, LimitExceeded, TooManyFields
from ._streaming_quick import (
    COMMON_PROFILES,
    PLAIN,
    plain_ascii,
    quick_bound,
)

__all__ = [
    "DEFAULT_MAX_BODY_SIZE",
    "DEFAULT_MAX_FIELDS",
    "DEFAULT_MAX_FIELD_SIZE",
    "IncrementalParser",
]

_OPEN = 0
_CLOSED = 1
_FAILED = 2
# Open, nothing fed yet.
_FRESH = 3
# Open, one chunk taken whole by the quick path (see quick_bound).
_QUICK = 4


# https://url.spec.whatwg.org/#concept-urlencoded-parser
class IncrementalParser:
    """Parse an application/x-www-form-urlencoded body that arrives in chunks.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :meth:`feed` returns the pairs that each chunk completes, and
    :meth:`close` the last one. For any way of cutting a body into chunks,
    the pairs together equal :func:`urlencoded.parse` of the whole body with
    the same options, including cuts inside ``%XX``, inside a multi-byte
    character and after a ``+``. Memory is bounded by the largest field,
    not the body, except under the charset rule (see *charset_field*).

    The limits have safe defaults; pass ``None`` to turn one off. They count
    raw bytes as received, exactly as :func:`urlencoded.parse` counts them,
    and are checked before the bytes that cross them are buffered. When one
    is exceeded the parser raises and is then unusable: nothing is truncated.

    Errors are reported in input order whatever the chunking, as
    :func:`urlencoded.parse` reports them: with ``errors="strict"``, a field
    with invalid bytes that is complete (its separator has arrived) before
    the point where a limit is crossed raises :class:`DecodeError`, and a
    limit crossed first raises :class:`LimitExceeded`. Under the charset
    rule a held field's bytes are judged only once the encoding is known.

    :param encoding: decode names and values with this encoding (a label or
        :class:`Encoding`) instead of UTF-8, for legacy clients.
    :param errors: ``"replace"`` (the spec: U+FFFD for invalid bytes) or
        ``"strict"`` (raise :class:`DecodeError`).
    :param isindex: as for :func:`urlencoded.parse`: a first sequence without
        ``=`` is a value with an empty name.
    :param charset_field: as for :func:`urlencoded.parse`: the first field of
        this name holding a known label picks the encoding of every field.
        Until it arrives the parser holds the completed fields (their raw
        bytes, at most ``max_body_size``) and :meth:`feed` returns ``[]``;
        from then on pairs stream as usual. Browsers put ``_charset_``
        where the hidden input is, so a form that has it first streams.
    :param separator: as for :func:`urlencoded.parse`: the one ASCII byte
        that separates fields (``&`` by default), or a tuple of them such as
        ``("&", ";")``, each of which separates.
    :param max_fields: most non-empty separated fields (default 1000).
    :param max_field_size: most bytes of one field's raw name plus value, not
        counting the ``=`` (default 1 MiB).
    :param max_body_size: most bytes of input in total (default 10 MiB).
    :raises TypeError: if an option has the wrong type.
    :raises ValueError: for a negative limit, an unknown *errors* value, a
        bad *separator* or *charset_field*.
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> parser = IncrementalParser()
    >>> parser.feed(b"name=caf%C3")
    []
    >>> parser.feed(b"%A9&x=1+2&y")
    [('name', 'café'), ('x', '1 2')]
    >>> parser.close()
    [('y', '')]
    >>> parser = IncrementalParser(charset_field="_charset_")
    >>> parser.feed(b"q=%93%FA&_charset_=Shift_JIS&x=%96")
    [('q', '日'), ('_charset_', 'Shift_JIS')]
    >>> parser.close()
    [('x', '\\ufffd')]

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *charset_field* and *separator*; errors in input order.
    """

    __slots__ = (
        "_encoding",
        "_field",
        "_fields",
        "_first",
        "_held",
        "_max_body_size",
        "_max_field_size",
        "_max_fields",
        "_options",
        "_profile",
        "_received",
        "_separator",
        "_state",
        "_strict",
        "_tail",
        "_tail_equals",
        "_tail_start",
    )

    def __init__(
        self,
        *,
        encoding: str | Encoding = "UTF-8",
        errors: Errors = "replace",
        isindex: bool = False,
        charset_field: str | None = None,
        separator: Separator = "&",
        max_fields: int | None = DEFAULT_MAX_FIELDS,
        max_field_size: int | None = DEFAULT_MAX_FIELD_SIZE,
        max_body_size: int | None = DEFAULT_MAX_BODY_SIZE,
    ) -> None:
        key: tuple[object, ...] | None = None
        if (
            errors == "replace"
            and isindex is False
            and charset_field is None
            and separator == "&"
            and (type(encoding) is str or type(encoding) is Encoding)
            and (max_fields is None or type(max_fields) is int)
            and (max_field_size is None or type(max_field_size) is int)
            and (max_body_size is None or type(max_body_size) is int)
        ):
            key = (encoding, max_fields, max_field_size, max_body_size)
            known = COMMON_PROFILES.get(key)
            if known is not None:
                self._profile = known
                self._first: bytes | None = b""
                self._state = _FRESH
                return
        options = form_options(
            encoding=encoding,
            errors=errors,
            isindex=isindex,
            charset_field=charset_field,
            separator=separator,
            max_fields=max_fields,
            max_field_size=max_field_size,
            max_body_size=max_body_size,
        )
        self._start(options, options.encoding)
        if key is not None and len(COMMON_PROFILES) < 64:
            # Validated once: a server builds a parser per request, alike.
            COMMON_PROFILES[key] = self._profile

    @classmethod
    def _from_options(cls, options: FormOptions, encoding: Encoding) -> IncrementalParser:
        """A parser with options that :func:`form_options` validated, decoding with *encoding*.

        For the server helpers, which validate the options before reading the
        request and learn the encoding from its Content-Type.
        """
        parser = cls.__new__(cls)
        parser._start(options, encoding)
        return parser

    def _start(self, options: FormOptions, encoding: Encoding) -> None:
        self._profile = (
            options,
            encoding,
            quick_bound(options),
            plain_ascii(options, encoding),
            options.separator_table,
            options.separator,
        )
        # The input whose byte bookkeeping is still to do (see _settle), or None.
        self._first = b""
        self._state = _FRESH

    def _settle(self) -> None:
        """Start the byte bookkeeping, and catch up on a chunk the quick path took."""
        first = self._first
        if first is None:
            return
        self._first = None
        if self._state == _FRESH or self._state == _QUICK:
            self._state = _OPEN
        self._begin()
        if first:
            # It crosses no limit: this only counts and keeps its last sequence.
            self._scan(first, decode=False)

    def _begin(self) -> None:
        options, encoding = self._profile[:2]
        self._options = options
        self._encoding = encoding
        # Read on every chunk: kept at hand.
        self._max_fields = options.limits.max_fields
        self._max_field_size = options.limits.max_field_size
        self._max_body_size = options.limits.max_body_size
        self._separator = options.separator
        self._strict = options.strict
        # The charset field's name while the encoding is still undecided.
        self._field = options.charset_field
        # Completed regions held until the charset field decides: (start, bytes).
        self._held: list[tuple[int, bytes]] = []
        # The unfinished sequence: the bytes after the last separator received.
        self._tail = bytearray()
        # Input offset of the unfinished sequence's first byte.
        self._tail_start = 0
        # Index in the unfinished sequence of its first "=", or -1.
        self._tail_equals = -1
        # Bytes of input received so far.
        self._received = 0
        # Non-empty sequences seen so far, the unfinished one included.
        self._fields = 0

    def __repr__(self) -> str:
        self._settle()
        state = ("open", "closed", "failed", "open", "open")[self._state]
        # The fields are counted only for the limits on them.
        counted = self._max_fields is not None or self._max_field_size is not None
        fields = f" fields={self._fields}" if counted else ""
        return (
            f"<IncrementalParser {state} encoding={self._encoding.name!r} "
            f"received={self._received}{fields}>"
        )

    @property
    def bytes_received(self) -> int:
        """How many bytes of input :meth:`feed` has taken so far.

        >>> parser = IncrementalParser()
        >>> _ = parser.feed(b"a=1&b")
        >>> parser.bytes_received
        5

        .. versionadded:: 1.0
        """
        self._settle()
        return self._received

    def feed(self, data: bytes | bytearray | memoryview) -> list[tuple[str, str]]:
        """Take the next chunk of the body; return the pairs it completes.

        https://url.spec.whatwg.org/#concept-urlencoded-parser

        A pair is complete once the separator after it has arrived; the last
        pair comes from :meth:`close`. Under the charset rule, pairs held
        until the charset field arrives come out together then.

        :param data: the next bytes of the body (may be empty).
        :returns: the ``(name, value)`` pairs completed by this chunk, in order.
        :raises TypeError: if *data* is not bytes-like.
        :raises ValueError: if the parser was closed or failed before.
        :raises LimitExceeded: a :class:`TooManyFields`, :class:`FieldTooLarge`
            or :class:`BodyTooLarge`, whose offset counts from the start of
            the whole body.
        :raises DecodeError: with ``errors="strict"``, for invalid bytes.

        >>> parser = IncrementalParser(max_fields=2)
        >>> parser.feed(b"a=1&b=2&c")
        Traceback (most recent call last):
          ...
        urlencoded.TooManyFields: max_fields=2 exceeded at byte offset 8: field 3 ...

        .. versionadded:: 1.0
        """
        if type(data) is bytes:
            body = data
        elif isinstance(data, (bytes, bytearray, memoryview)):
            # Copy bytearray and memoryview input: the caller may reuse its buffer.
            body = bytes(data)
        else:
            hint = " (encode it first)" if isinstance(data, str) else ""
            raise TypeError(f"feed() takes bytes, not {type(data).__name__}{hint}")
        state = self._state
        profile = self._profile
        if state == _FRESH and len(body) <= profile[2]:
            # The quick path: a short first chunk, which can cross no limit.
            if profile[4] is not None:
                body = body.translate(profile[4])
            self._first = body
            self._state = _QUICK
            last = body.rfind(profile[5])
            self._tail_start = last + 1
            return self._parse_first(body[:last], 0) if last > 0 else []
        if state != _OPEN:
            self._check_open("feed")
            self._settle()
        body = unify_separators(body, self._options)
        try:
            return self._feed(body)
        except BaseException:
            self._state = _FAILED
            raise

    def close(self) -> list[tuple[str, str]]:
        """Signal the end of the body; return the last pair, if any.

        https://url.spec.whatwg.org/#concept-urlencoded-parser

        :returns: the pair of the unfinished last sequence (an empty list if
            the body was empty or ended with the separator), preceded under
            the charset rule by every pair still held.
        :raises ValueError: if the parser was closed or failed before.
        :raises DecodeError: with ``errors="strict"``, for invalid bytes.

        >>> parser = IncrementalParser()
        >>> parser.feed(b"a=1&b=%E2%82")
        [('a', '1')]
        >>> parser.close()
        [('b', '\\ufffd')]

        .. versionadded:: 1.0
        """
        state = self._state
        if state == _QUICK:
            # The quick path took the whole body: its last sequence is left.
            self._state = _CLOSED
            region = self._first
            assert region is not None
            start = self._tail_start
            if start:
                region = region[start:]
            if not region:
                return []
            plain = self._profile[3]
            if plain and 0x25 not in region and region.isascii():
                text = region.decode("ascii")
                if plain == PLAIN or text.isprintable():
                    # Steps 3.2-3.4 on the one sequence left (no "&" is in it).
                    if 0x2B in region:
                        text = text.replace("+", " ")
                    name, _, value = text.partition("=")
                    return [(name, value)]
            return self._parse_first(region, start)
        if state == _FRESH:
            self._state = _CLOSED
            return []
        self._check_open("close")
        self._state = _CLOSED
        region = bytes(self._tail)
        self._tail = bytearray()
        try:
            pairs = self._complete(region, self._tail_start) if region else []
            if self._field is not None:
                # No charset field named a known label: the given encoding it is.
                self._field = None
                pairs = self._release()
            return pairs
        except BaseException:
            self._state = _FAILED
            raise

    def _parse_first(self, region: bytes, start: int) -> list[tuple[str, str]]:
        """The parser on whole sequences of a body the quick path took, from offset *start*."""
        options, encoding = self._profile[:2]
        try:
            return parse_region(region, start, encoding, options, first=start == 0)
        except BaseException:
            self._state = _FAILED
            raise

    def _check_open(self, method: str) -> None:
        if self._state == _CLOSED:
            raise ValueError(f"{method}() called on a closed IncrementalParser")
        if self._state == _FAILED:
            raise ValueError(f"{method}() called on an IncrementalParser that failed before")

    def _feed(self, body: bytes) -> list[tuple[str, str]]:
        limit = self._max_body_size
        total = self._received + len(body)
        if limit is not None and total > limit:
            # The bytes up to the limit first, so that an error noticed
            # earlier in the input wins, as in parse(); then stop. Decoding
            # can only change the outcome in strict mode.
            self._scan(body[: limit - self._received], decode=self._strict)
            raise BodyTooLarge(
                "max_body_size", limit, limit, f"at least {total} bytes of input arrived"
            )
        return self._scan(body)

    def _scan(self, body: bytes, decode: bool = True) -> list[tuple[str, str]]:
        base = self._received
        separator = self._separator
        first = body.find(separator)
        if first == -1:
            self._grow(body, 0, len(body))
            self._received += len(body)
            return []
        # The unfinished sequence ends at the first separator.
        self._grow(body, 0, first)
        last = body.rfind(separator)
        region_start = self._tail_start
        strict = self._strict
        if last > first:
            try:
                self._check_complete(body, first + 1, last)
            except LimitExceeded as error:
                if decode and strict:
                    # Fields completed before the limit was crossed come first.
                    end = body.rfind(separator, first, error.offset - base)
                    self._complete(b"".join((self._tail, body[first:end])), region_start)
                raise
        # Step 1: everything up to the last separator is whole sequences
        # (the unfinished one now ends at the first separator).
        region = b"".join((self._tail, memoryview(body)[first:last])) if decode else b""
        # In strict mode a bad field completed here is noticed before the
        # unfinished sequence's limits; in replace mode the order shows in
        # nothing, and checking the limits first saves decoding a doomed chunk.
        pairs = self._complete(region, region_start) if decode and strict else []
        self._tail = bytearray()
        self._tail_start = base + last + 1
        self._tail_equals = -1
        self._grow(body, last + 1, len(body))
        self._received += len(body)
        if decode and not strict:
            pairs = self._complete(region, region_start)
        return pairs

    def _grow(self, body: bytes, start: int, end: int) -> None:
        """Append ``body[start:end]`` (no separator in it) to the unfinished sequence."""
        if start == end:
            return
        tail = self._tail
        if not tail:
            # A non-empty sequence starts here.
            self._fields += 1
            if self._max_fields is not None and self._fields > self._max_fields:
                offset = self._received + start
                raise TooManyFields(
                    "max_fields", self._max_fields, offset, f"field {self._fields} starts here"
                )
        if self._tail_equals == -1:
            equals = body.find(b"=", start, end)
            if equals != -1:
                self._tail_equals = len(tail) + equals - start
        limit = self._max_field_size
        if limit is not None:
            length = len(tail) + end - start
            size = length - (self._tail_equals != -1)
            if size > limit:
                equals = self._tail_equals
                offset = self._tail_start + field_size_excess(equals, limit)
                raise FieldTooLarge(
                    "max_field_size",
                    limit,
                    offset,
                    f"field {self._fields} starting at byte {self._tail_start} is longer",
                )
        tail += memoryview(body)[start:end]

    def _check_complete(self, body: bytes, start: int, end: int) -> None:
        """Count the whole sequences in ``body[start:end]`` and check their limits."""
        max_fields = self._max_fields
        max_field_size = self._max_field_size
        separator = self._separator
        if max_fields is None and max_field_size is None:
            # Nothing to check; counting would cost a scan of the chunk.
            return
        pieces = body[start:end].split(separator)
        count = len(pieces) - pieces.count(b"")
        fields_hit = max_fields is not None and self._fields + count > max_fields
        # An upper bound: a piece's size is its length less one for an "=".
        size_may_hit = max_field_size is not None and max(map(len, pieces)) > max_field_size
        if not (fields_hit or size_may_hit):
            self._fields += count
            return
        # Slow path: find the first limit hit, in input order.
        offset = self._received + start
        for piece in pieces:
            if piece:
                self._fields += 1
                if max_fields is not None and self._fields > max_fields:
                    raise TooManyFields(
                        "max_fields", max_fields, offset, f"field {self._fields} starts here"
                    )
                if max_field_size is not None:
                    equals = piece.find(b"=")
                    if len(piece) - (equals != -1) > max_field_size:
                        raise FieldTooLarge(
                            "max_field_size",
                            max_field_size,
                            offset + field_size_excess(equals, max_field_size),
                            f"field {self._fields} starting at byte {offset} is longer",
                        )
            offset += len(piece) + 1

    def _complete(self, region: bytes, region_start: int) -> list[tuple[str, str]]:
        """Whole sequences starting at input offset *region_start*: decode or hold them."""
        field = self._field
        if field is None:
            return self._decode(region, region_start)
        self._held.append((region_start, region))
        found = charset_field_encoding(region, self._separator, field)
        if found is None:
            return []
        # The charset field decides: decode what was held, then stream.
        self._encoding = found
        self._field = None
        return self._release()

    def _release(self) -> list[tuple[str, str]]:
        """Decode the held regions, in order, with the encoding now chosen."""
        pairs: list[tuple[str, str]] = []
        held, self._held = self._held, []
        for start, region in held:
            pairs += self._decode(region, start)
        return pairs

    def _decode(self, region: bytes, region_start: int) -> list[tuple[str, str]]:
        """Run the parser on whole sequences that start at input offset *region_start*."""
        return parse_region(
            region,
            region_start,
            self._encoding,
            self._options,
            # The isindex rule concerns the input's first sequence only.
            first=region_start == 0,
        )
