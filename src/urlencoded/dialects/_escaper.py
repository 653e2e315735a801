"""A dialect's ``encode``, fast for the common call: a str in UTF-8.

https://url.spec.whatwg.org/#string-percent-encode-after-encoding

The escaping itself, step 7.3, is the package's one engine,
:class:`urlencoded._core._percent.Escaper` (three C calls for any input).
A loop over names and values spends as much time calling as escaping, so
:func:`utf8_encoder` builds a function that has the escaper's tables in its
closure and checks as little as it can before it escapes.
"""

from __future__ import annotations

import inspect
from codecs import charmap_decode
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from .._core import Escaper
    from .._encoding import Encoding
    from ._dialect import Value

__all__ = ["utf8_encoder"]

_NOTHING = object()
# What str.isidentifier() admits of ASCII.
_WORD = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"


def utf8_encoder(
    escaper: Escaper, general: Callable[[Value, str | Encoding], str], method: Callable[..., str]
) -> Callable[..., str]:
    """A dialect's ``encode``, fast for a str in UTF-8, *general* for anything else.

    https://url.spec.whatwg.org/#string-percent-encode-after-encoding with
    UTF-8 as the encoding: step 7's bytes are the str's UTF-8 encoding, each
    escaped by *escaper*. For a dialect without keep_escapes or ``%u``, where
    this is the whole algorithm; *general* takes the rest (other encodings,
    bytes, surrogates, wrong types). The function takes the docstring and
    signature of *method*, less ``self``.
    """
    kept_bytes = escaper.kept
    words = all(char in kept_bytes for char in _WORD.encode("ascii"))
    chars, digits = escaper.chars, escaper.digits

    # encoding is keyword-only in effect: a second positional argument lands in
    # extra and is refused. A real keyword-only parameter would cost every call
    # a slower frame set-up (no CPython call specialisation handles one).
    def encode(value: Value, extra: object = _NOTHING, encoding: str | Encoding = "UTF-8") -> str:
        if encoding == "UTF-8" and type(value) is str and extra is _NOTHING:
            if not value.isascii():
                try:
                    data = value.encode()  # UTF-8, whatever the locale
                except UnicodeEncodeError:
                    return general(value, encoding)  # surrogates
            elif words and value.isidentifier():
                return value  # most names: two C calls without arguments say so
            else:
                data = value.encode()
                # Many values need no escape: one C pass finds out.
                if not data.rstrip(kept_bytes):
                    return value
            # Escaper.__call__, inlined.
            return charmap_decode(data, "strict", chars)[0].encode().translate(digits).decode()
        if extra is not _NOTHING:
            raise TypeError("encode() takes 1 positional argument; encoding is keyword-only")
        return general(value, encoding)

    signature = inspect.signature(method)
    encode.__doc__ = method.__doc__
    encode.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=list(signature.parameters.values())[1:]
    )
    return encode
