"""The lint codes and :class:`Finding`, what each check of :func:`lint` reports."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CODES", "Finding"]

#: Every lint code: (name, severity, summary). Codes never change meaning.
CODES: dict[str, tuple[str, str, str]] = {
    "U101": ("leading-question-mark", "error", "the input starts with '?'"),
    "U102": ("trailing-newline", "error", "the input ends with CR or LF"),
    "U103": ("semicolon-separator", "warning", "';' where '&' was probably meant"),
    "U104": ("empty-sequence", "info", "an empty sequence ('&&', or '&' at either end)"),
    "U105": ("url-as-body", "error", "a URL or request target where the body belongs"),
    "U106": ("log-line-as-body", "error", "an access-log line where the body belongs"),
    "U107": ("html-escaped-ampersand", "error", "'&amp;' (or '&#38;') where '&' was meant"),
    "U201": ("bad-percent", "error", "'%' not followed by two hex digits"),
    "U202": ("lowercase-hex", "info", "a percent-encoded byte with lower-case hex digits"),
    "U203": ("mixed-space", "warning", "both '+' and '%20' encode a space"),
    "U204": ("double-encoded", "warning", "a percent-encoded '%' before two hex digits"),
    "U301": ("raw-non-ascii", "error", "a byte above 0x7F that is not percent-encoded"),
    "U302": ("raw-space", "warning", "a space that is not encoded as '+' or '%20'"),
    "U303": ("raw-control", "error", "a control byte that is not percent-encoded"),
    "U304": ("invalid-encoding", "error", "percent-decoded bytes invalid in the encoding"),
    "U305": ("invisible-character", "warning", "a zero-width or invisible character"),
    "U306": ("bidi-control", "warning", "a character that changes the text direction"),
    "U401": ("charset-field", "info", "a '_charset_' field"),
    "U402": ("repeated-name", "info", "the same name more than once"),
    "U403": ("nested-brackets", "info", "a name or value that looks like nested data"),
}

_SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Finding:
    """One thing :func:`lint` found: where, what, and how bad.

    :attr:`code` is stable (``"U201"``); :attr:`name` is its readable form
    (``"bad-percent"``); :attr:`severity` is ``"error"`` (the input will be
    read differently than it was meant), ``"warning"`` (it probably will) or
    ``"info"`` (worth knowing); :attr:`offset` is the byte offset in the
    input (a str input counts its UTF-8 bytes); :attr:`message` says what
    and why. ``str(finding)`` gives one line.

    >>> Finding("U202", 4, "'%e9' has lower-case hex digits")
    Finding(code='U202', offset=4, message="'%e9' has lower-case hex digits", severity='info')
    >>> print(Finding("U202", 4, "'%e9' has lower-case hex digits"))
    byte 4: U202 lowercase-hex (info): '%e9' has lower-case hex digits

    :raises TypeError: if *code*, *message* or *severity* is not a str, or
        *offset* not an int.
    :raises ValueError: if *code* is not a lint code, *offset* is negative,
        or *severity* is not ``"error"``, ``"warning"``, ``"info"`` or empty
        (the code's own severity).

    .. versionadded:: 1.1
    """

    code: str
    offset: int
    message: str
    severity: str = ""

    def __post_init__(self) -> None:
        for role, value in (("code", self.code), ("message", self.message)):
            if not isinstance(value, str):
                raise TypeError(f"{role} must be a str, not {type(value).__name__}")
        if not isinstance(self.severity, str):
            raise TypeError(f"severity must be a str, not {type(self.severity).__name__}")
        if isinstance(self.offset, bool) or not isinstance(self.offset, int):
            raise TypeError(f"offset must be an int, not {type(self.offset).__name__}")
        if self.code not in CODES:
            raise ValueError(f"code must be one of the lint codes, got {self.code!r}")
        if self.offset < 0:
            raise ValueError(f"offset must be 0 or more, got {self.offset}")
        if not self.severity:
            object.__setattr__(self, "severity", CODES[self.code][1])
        elif self.severity not in _SEVERITIES:
            raise ValueError(f"severity must be one of {_SEVERITIES}, got {self.severity!r}")

    @property
    def name(self) -> str:
        """The code's readable name, such as ``"bad-percent"``."""
        return CODES[self.code][0]

    def __str__(self) -> str:
        return f"byte {self.offset}: {self.code} {self.name} ({self.severity}): {self.message}"
