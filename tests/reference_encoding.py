"""A slow, literal transcription of the Encoding Standard, used only by the tests.

Everything here follows https://encoding.spec.whatwg.org/ step by step, over the
index files vendored in ``tests/data/encoding/`` (see the README there). It
shares no code with ``urlencoded._encoding``, which builds its tables from the
Python standard library's codecs instead; the tests check the two against each
other exhaustively.

The I/O queue, "process a queue" and "process an item" are modelled directly:
a handler returns :data:`FINISHED`, :data:`CONTINUE`, a list of items, or an
:class:`Error` (optionally with a code point), and may restore items to the
input queue.
"""

from __future__ import annotations

import bisect
import functools
import gzip
import json
from pathlib import Path
from typing import Callable, NamedTuple, Optional, Union

__all__ = [
    "DATA_DIR",
    "DECODER_NAMES",
    "ENCODER_NAMES",
    "Error",
    "encode_or_fail_loop",
    "get_decoder",
    "get_encoder",
    "index",
    "index_code_point",
    "labels",
    "reference_decode",
    "reference_decode_fatal",
]

DATA_DIR = Path(__file__).parent / "data" / "encoding"

END_OF_QUEUE = None


class _Sentinel:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


FINISHED = _Sentinel("finished")
CONTINUE = _Sentinel("continue")


class Error(NamedTuple):
    """https://encoding.spec.whatwg.org/#error, optionally with a code point.

    A named tuple, so that the exhaustive tests compare millions at C speed.
    """

    code_point: int | None = None


Result = Union[_Sentinel, list[int], Error]
Item = Optional[int]


class IOQueue:
    """https://encoding.spec.whatwg.org/#concept-stream: an immediate I/O queue.

    Reading past the end returns end-of-queue (``None``) forever.
    """

    def __init__(self, items: list[int]) -> None:
        self.items = list(reversed(items))  # a stack: the next item is last

    def read(self) -> Item:
        if self.items:
            return self.items.pop()
        return END_OF_QUEUE

    def restore(self, items: list[int]) -> None:
        # https://encoding.spec.whatwg.org/#i-o-queue-prepend
        self.items.extend(reversed(items))


Handler = Callable[[IOQueue, Item], Result]


# --- Indexes -------------------------------------------------------------------------------
# https://encoding.spec.whatwg.org/#indexes

_INDEX_CACHE: dict[str, list[tuple[int, int]]] = {}


def index(name: str) -> list[tuple[int, int]]:
    """The (pointer, code point) entries of ``index-<name>.txt``, in file order."""
    if name not in _INDEX_CACHE:
        text = gzip.decompress((DATA_DIR / f"index-{name}.txt.gz").read_bytes()).decode("utf-8")
        entries = []
        for line in text.split("\n"):
            if line == "" or line.startswith("#"):
                continue
            fields = line.split("\t")
            entries.append((int(fields[0]), int(fields[1], 16)))
        _INDEX_CACHE[name] = entries
    return _INDEX_CACHE[name]


_CP_CACHE: dict[str, dict[int, int]] = {}
_PTR_CACHE: dict[str, dict[int, int]] = {}


def index_code_point(pointer: int | None, name: str) -> int | None:
    """https://encoding.spec.whatwg.org/#index-code-point"""
    if name not in _CP_CACHE:
        _CP_CACHE[name] = dict(index(name))
    if pointer is None:
        return None
    return _CP_CACHE[name].get(pointer)


def index_pointer(code_point: int, name: str) -> int | None:
    """https://encoding.spec.whatwg.org/#index-pointer: the *first* pointer."""
    if name not in _PTR_CACHE:
        table: dict[int, int] = {}
        for pointer, cp in index(name):
            table.setdefault(cp, pointer)
        _PTR_CACHE[name] = table
    return _PTR_CACHE[name].get(code_point)


def index_gb18030_ranges_code_point(pointer: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point"""
    # Step 1.
    if (39419 < pointer < 189000) or pointer > 1237575:
        return None
    # Step 2.
    if pointer == 7457:
        return 0xE7C7
    # Step 3: the last pointer in the index that is less than or equal to pointer.
    entries = index("gb18030-ranges")
    offset, code_point_offset = entries[bisect.bisect_right(_ranges_pointers(), pointer) - 1]
    # Step 4.
    return code_point_offset + pointer - offset


def index_gb18030_ranges_pointer(code_point: int) -> int:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer"""
    # Step 1.
    if code_point == 0xE7C7:
        return 7457
    # Step 2: the last code point in the index that is less than or equal to codePoint.
    entries = index("gb18030-ranges")
    pointer_offset, offset = entries[bisect.bisect_right(_ranges_code_points(), code_point) - 1]
    # Step 3.
    return pointer_offset + code_point - offset


@functools.cache
def _ranges_pointers() -> list[int]:
    return [p for p, _ in index("gb18030-ranges")]


@functools.cache
def _ranges_code_points() -> list[int]:
    # The ranges index is sorted by pointer and by code point alike.
    return [cp for _, cp in index("gb18030-ranges")]


_SJIS_PTR: dict[int, int] = {}


def index_shift_jis_pointer(code_point: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-shift_jis-pointer"""
    if not _SJIS_PTR:
        # Step 1: index jis0208 excluding pointers 8272 to 8835, inclusive.
        for pointer, cp in index("jis0208"):
            if not 8272 <= pointer <= 8835:
                _SJIS_PTR.setdefault(cp, pointer)
    # Step 2.
    return _SJIS_PTR.get(code_point)


_BIG5_PTR: dict[int, int] = {}
_BIG5_LAST = (0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345)


def index_big5_pointer(code_point: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-big5-pointer"""
    if not _BIG5_PTR:
        # Step 1: exclude pointers below (0xA1 - 0x81) × 157.
        for pointer, cp in index("big5"):
            if pointer < (0xA1 - 0x81) * 157:
                continue
            if cp in _BIG5_LAST:
                _BIG5_PTR[cp] = pointer  # Step 2: the *last* pointer.
            else:
                _BIG5_PTR.setdefault(cp, pointer)  # Step 3: the first pointer.
    return _BIG5_PTR.get(code_point)


# --- Names and labels ----------------------------------------------------------------------


def labels() -> dict[str, str]:
    """Label → encoding name, from the vendored encodings.json."""
    data = json.loads((DATA_DIR / "encodings.json").read_text("utf-8"))
    return {
        label: enc["name"]
        for group in data
        for enc in group["encodings"]
        for label in enc["labels"]
    }


def _is_ascii(item: Item) -> bool:
    return item is not None and 0x00 <= item <= 0x7F


# --- Decoders ------------------------------------------------------------------------------


def utf8_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#utf-8-decoder"""
    code_point = 0
    bytes_seen = 0
    bytes_needed = 0
    lower = 0x80
    upper = 0xBF

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal code_point, bytes_seen, bytes_needed, lower, upper
        # Step 1.
        if byte is None and bytes_needed != 0:
            bytes_needed = 0
            return Error()
        # Step 2.
        if byte is None:
            return FINISHED
        # Step 3.
        if bytes_needed == 0:
            if byte <= 0x7F:
                return [byte]
            if 0xC2 <= byte <= 0xDF:
                bytes_needed = 1
                code_point = byte & 0x1F
            elif 0xE0 <= byte <= 0xEF:
                if byte == 0xE0:
                    lower = 0xA0
                if byte == 0xED:
                    upper = 0x9F
                bytes_needed = 2
                code_point = byte & 0xF
            elif 0xF0 <= byte <= 0xF4:
                if byte == 0xF0:
                    lower = 0x90
                if byte == 0xF4:
                    upper = 0x8F
                bytes_needed = 3
                code_point = byte & 0x7
            else:
                return Error()
            return CONTINUE
        # Step 4.
        if not lower <= byte <= upper:
            code_point = bytes_needed = bytes_seen = 0
            lower, upper = 0x80, 0xBF
            io.restore([byte])
            return Error()
        # Steps 5-7.
        lower, upper = 0x80, 0xBF
        code_point = (code_point << 6) | (byte & 0x3F)
        bytes_seen += 1
        # Step 8.
        if bytes_seen != bytes_needed:
            return CONTINUE
        # Steps 9-11.
        cp = code_point
        code_point = bytes_needed = bytes_seen = 0
        return [cp]

    return handler


def single_byte_decoder(name: str) -> Handler:
    """https://encoding.spec.whatwg.org/#single-byte-decoder"""
    index_name = {"ISO-8859-8-I": "iso-8859-8"}.get(name, name.lower())

    def handler(io: IOQueue, byte: Item) -> Result:
        if byte is None:
            return FINISHED
        if byte <= 0x7F:
            return [byte]
        cp = index_code_point(byte - 0x80, index_name)
        if cp is None:
            return Error()
        return [cp]

    return handler


def gb18030_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#gb18030-decoder"""
    first = second = third = 0x00

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal first, second, third
        # Step 1.
        if byte is None and first == second == third == 0x00:
            return FINISHED
        # Step 2.
        if byte is None:
            first = second = third = 0x00
            return Error()
        # Step 3.
        if third != 0x00:
            if not 0x30 <= byte <= 0x39:
                io.restore([second, third, byte])
                first = second = third = 0x00
                return Error()
            cp = index_gb18030_ranges_code_point(
                ((first - 0x81) * (10 * 126 * 10))
                + ((second - 0x30) * (10 * 126))
                + ((third - 0x81) * 10)
                + byte
                - 0x30
            )
            first = second = third = 0x00
            if cp is None:
                return Error()
            return [cp]
        # Step 4.
        if second != 0x00:
            if 0x81 <= byte <= 0xFE:
                third = byte
                return CONTINUE
            io.restore([second, byte])
            first = second = 0x00
            return Error()
        # Step 5.
        if first != 0x00:
            if 0x30 <= byte <= 0x39:
                second = byte
                return CONTINUE
            leading = first
            first = 0x00
            pointer = None
            offset = 0x40 if byte < 0x7F else 0x41
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFE:
                pointer = (leading - 0x81) * 190 + (byte - offset)
            cp = None if pointer is None else index_code_point(pointer, "gb18030")
            if cp is not None:
                return [cp]
            if byte <= 0x7F:
                io.restore([byte])
            return Error()
        # Steps 6-9.
        if byte <= 0x7F:
            return [byte]
        if byte == 0x80:
            return [0x20AC]
        if 0x81 <= byte <= 0xFE:
            first = byte
            return CONTINUE
        return Error()

    return handler


def big5_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#big5-decoder"""
    lead = 0x00
    special = {1133: [0x00CA, 0x0304], 1135: [0x00CA, 0x030C], 1164: [0x00EA, 0x0304],
               1166: [0x00EA, 0x030C]}  # fmt: skip

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal lead
        if byte is None and lead != 0x00:
            lead = 0x00
            return Error()
        if byte is None:
            return FINISHED
        if lead != 0x00:
            leading = lead
            lead = 0x00
            pointer = None
            offset = 0x40 if byte < 0x7F else 0x62
            if 0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE:
                pointer = (leading - 0x81) * 157 + (byte - offset)
            if pointer in special:
                return list(special[pointer])
            cp = None if pointer is None else index_code_point(pointer, "big5")
            if cp is not None:
                return [cp]
            if byte <= 0x7F:
                io.restore([byte])
            return Error()
        if byte <= 0x7F:
            return [byte]
        if 0x81 <= byte <= 0xFE:
            lead = byte
            return CONTINUE
        return Error()

    return handler


def euc_jp_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#euc-jp-decoder"""
    jis0212 = False
    lead = 0x00

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal jis0212, lead
        # Steps 1-2.
        if byte is None and lead != 0x00:
            lead = 0x00
            return Error()
        if byte is None:
            return FINISHED
        # Step 3.
        if lead == 0x8E and 0xA1 <= byte <= 0xDF:
            lead = 0x00
            return [0xFF61 - 0xA1 + byte]
        # Step 4.
        if lead == 0x8F and 0xA1 <= byte <= 0xFE:
            jis0212 = True
            lead = byte
            return CONTINUE
        # Step 5.
        if lead != 0x00:
            leading = lead
            lead = 0x00
            cp = None
            if 0xA1 <= leading <= 0xFE and 0xA1 <= byte <= 0xFE:
                cp = index_code_point(
                    (leading - 0xA1) * 94 + byte - 0xA1, "jis0212" if jis0212 else "jis0208"
                )
            jis0212 = False
            if cp is not None:
                return [cp]
            if byte <= 0x7F:
                io.restore([byte])
            return Error()
        # Steps 6-8.
        if byte <= 0x7F:
            return [byte]
        if byte in (0x8E, 0x8F) or 0xA1 <= byte <= 0xFE:
            lead = byte
            return CONTINUE
        return Error()

    return handler


def iso_2022_jp_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-decoder"""
    state = "ASCII"
    output_state = "ASCII"
    lead = 0x00
    output = False

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal state, output_state, lead, output
        if state == "ASCII":
            if byte == 0x1B:
                state = "escape start"
                return CONTINUE
            if byte is not None and byte <= 0x7F and byte not in (0x0E, 0x0F, 0x1B):
                output = False
                return [byte]
            if byte is None:
                return FINISHED
            output = False
            return Error()
        if state == "Roman":
            if byte == 0x1B:
                state = "escape start"
                return CONTINUE
            if byte == 0x5C:
                output = False
                return [0x00A5]
            if byte == 0x7E:
                output = False
                return [0x203E]
            if byte is not None and byte <= 0x7F and byte not in (0x0E, 0x0F, 0x1B, 0x5C, 0x7E):
                output = False
                return [byte]
            if byte is None:
                return FINISHED
            output = False
            return Error()
        if state == "katakana":
            if byte == 0x1B:
                state = "escape start"
                return CONTINUE
            if byte is not None and 0x21 <= byte <= 0x5F:
                output = False
                return [0xFF61 - 0x21 + byte]
            if byte is None:
                return FINISHED
            output = False
            return Error()
        if state == "leading byte":
            if byte == 0x1B:
                state = "escape start"
                return CONTINUE
            if byte is not None and 0x21 <= byte <= 0x7E:
                output = False
                lead = byte
                state = "trailing byte"
                return CONTINUE
            if byte is None:
                return FINISHED
            output = False
            return Error()
        if state == "trailing byte":
            if byte == 0x1B:
                state = "escape start"
                return Error()
            if byte is not None and 0x21 <= byte <= 0x7E:
                state = "leading byte"
                pointer = (lead - 0x21) * 94 + byte - 0x21
                cp = index_code_point(pointer, "jis0208")
                if cp is None:
                    return Error()
                return [cp]
            if byte is None:
                state = "leading byte"
                return Error()
            state = "leading byte"
            return Error()
        if state == "escape start":
            # Step 1.
            if byte in (0x24, 0x28):
                lead = byte
                state = "escape"
                return CONTINUE
            # Step 2.
            if byte is not None:
                io.restore([byte])
            # Step 3.
            output = False
            state = output_state
            return Error()
        assert state == "escape"
        # Step 1.
        leading = lead
        lead = 0x00
        # Steps 2-6.
        new_state = None
        if leading == 0x28 and byte == 0x42:
            new_state = "ASCII"
        if leading == 0x28 and byte == 0x4A:
            new_state = "Roman"
        if leading == 0x28 and byte == 0x49:
            new_state = "katakana"
        if leading == 0x24 and byte in (0x40, 0x42):
            new_state = "leading byte"
        # Step 7.
        if new_state is not None:
            state = output_state = new_state
            previous = output
            output = True
            return CONTINUE if previous is False else Error()
        # Step 8.
        if byte is None:
            io.restore([leading])
        else:
            io.restore([leading, byte])
        # Step 9.
        output = False
        state = output_state
        return Error()

    return handler


def shift_jis_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#shift_jis-decoder"""
    lead = 0x00

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal lead
        if byte is None and lead != 0x00:
            lead = 0x00
            return Error()
        if byte is None:
            return FINISHED
        if lead != 0x00:
            leading = lead
            lead = 0x00
            pointer = None
            offset = 0x40 if byte < 0x7F else 0x41
            leading_offset = 0x81 if leading < 0xA0 else 0xC1
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC:
                pointer = (leading - leading_offset) * 188 + byte - offset
            if pointer is not None and 8836 <= pointer <= 10715:
                return [0xE000 - 8836 + pointer]
            cp = None if pointer is None else index_code_point(pointer, "jis0208")
            if cp is not None:
                return [cp]
            if byte <= 0x7F:
                io.restore([byte])
            return Error()
        if byte <= 0x80:
            return [byte]
        if 0xA1 <= byte <= 0xDF:
            return [0xFF61 - 0xA1 + byte]
        if 0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC:
            lead = byte
            return CONTINUE
        return Error()

    return handler


def euc_kr_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#euc-kr-decoder"""
    lead = 0x00

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal lead
        if byte is None and lead != 0x00:
            lead = 0x00
            return Error()
        if byte is None:
            return FINISHED
        if lead != 0x00:
            leading = lead
            lead = 0x00
            pointer = None
            if 0x41 <= byte <= 0xFE:
                pointer = (leading - 0x81) * 190 + (byte - 0x41)
            cp = None if pointer is None else index_code_point(pointer, "euc-kr")
            if cp is not None:
                return [cp]
            if byte <= 0x7F:
                io.restore([byte])
            return Error()
        if byte <= 0x7F:
            return [byte]
        if 0x81 <= byte <= 0xFE:
            lead = byte
            return CONTINUE
        return Error()

    return handler


def replacement_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#replacement-decoder"""
    error_returned = False

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal error_returned
        if byte is None:
            return FINISHED
        if not error_returned:
            error_returned = True
            return Error()
        return FINISHED

    return handler


def utf16_decoder(is_be: bool) -> Handler:
    """https://encoding.spec.whatwg.org/#shared-utf-16-decoder"""
    lead_byte: int | None = None
    lead_surrogate: int | None = None

    def handler(io: IOQueue, byte: Item) -> Result:
        nonlocal lead_byte, lead_surrogate
        # Steps 1-2.
        if byte is None and (lead_byte is not None or lead_surrogate is not None):
            lead_byte = lead_surrogate = None
            return Error()
        if byte is None:
            return FINISHED
        # Step 3.
        if lead_byte is None:
            lead_byte = byte
            return CONTINUE
        # Step 4.
        code_unit = (lead_byte << 8) + byte if is_be else (byte << 8) + lead_byte
        # Step 5.
        lead_byte = None
        # Step 6.
        if lead_surrogate is not None:
            leading = lead_surrogate
            lead_surrogate = None
            if 0xDC00 <= code_unit <= 0xDFFF:
                return [0x10000 + ((leading - 0xD800) << 10) + (code_unit - 0xDC00)]
            byte1 = code_unit >> 8
            byte2 = code_unit & 0x00FF
            io.restore([byte1, byte2] if is_be else [byte2, byte1])
            return Error()
        # Steps 7-9.
        if 0xD800 <= code_unit <= 0xDBFF:
            lead_surrogate = code_unit
            return CONTINUE
        if 0xDC00 <= code_unit <= 0xDFFF:
            return Error()
        return [code_unit]

    return handler


def x_user_defined_decoder() -> Handler:
    """https://encoding.spec.whatwg.org/#x-user-defined-decoder"""

    def handler(io: IOQueue, byte: Item) -> Result:
        if byte is None:
            return FINISHED
        if byte <= 0x7F:
            return [byte]
        return [0xF780 + byte - 0x80]

    return handler


SINGLE_BYTE_NAMES = (
    "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7",
    "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15",
    "ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874", "windows-1250",
    "windows-1251", "windows-1252", "windows-1253", "windows-1254", "windows-1255",
    "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic",
)  # fmt: skip


def get_decoder(name: str) -> Handler:
    """A fresh instance of the decoder of the encoding named ``name``."""
    if name in SINGLE_BYTE_NAMES:
        return single_byte_decoder(name)
    factories: dict[str, Callable[[], Handler]] = {
        "UTF-8": utf8_decoder,
        "GBK": gb18030_decoder,  # https://encoding.spec.whatwg.org/#gbk-decoder
        "gb18030": gb18030_decoder,
        "Big5": big5_decoder,
        "EUC-JP": euc_jp_decoder,
        "ISO-2022-JP": iso_2022_jp_decoder,
        "Shift_JIS": shift_jis_decoder,
        "EUC-KR": euc_kr_decoder,
        "replacement": replacement_decoder,
        "UTF-16BE": lambda: utf16_decoder(True),
        "UTF-16LE": lambda: utf16_decoder(False),
        "x-user-defined": x_user_defined_decoder,
    }
    return factories[name]()


DECODER_NAMES = (
    "UTF-8", *SINGLE_BYTE_NAMES, "GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP",
    "Shift_JIS", "EUC-KR", "replacement", "UTF-16BE", "UTF-16LE", "x-user-defined",
)  # fmt: skip


def process_queue_decode(name: str, data: bytes, fatal: bool) -> tuple[str, int | None]:
    """https://encoding.spec.whatwg.org/#concept-encoding-run for a decoder.

    Returns the output and, in fatal mode, the offset of the byte being
    processed when the first error occurred (or None).
    """
    handler = get_decoder(name)
    io = IOQueue(list(data))
    out: list[str] = []
    while True:
        consumed = len(data) - len(io.items)
        item = io.read()
        result = handler(io, item)
        if result is FINISHED:
            return "".join(out), None
        if isinstance(result, list):
            out.append("".join(map(chr, result)))
        elif isinstance(result, Error):
            if fatal:
                return "".join(out), consumed
            out.append("\ufffd")


def reference_decode(name: str, data: bytes) -> str:
    """Process a queue with ``name``'s decoder in replacement mode (no BOM sniffing)."""
    return process_queue_decode(name, data, False)[0]


def reference_decode_fatal(name: str, data: bytes) -> str | None:
    """Process a queue in fatal mode; None when an error is returned."""
    text, error_at = process_queue_decode(name, data, True)
    return None if error_at is not None else text


# --- Encoders ------------------------------------------------------------------------------


def utf8_encoder() -> Handler:
    """https://encoding.spec.whatwg.org/#utf-8-encoder"""

    def handler(io: IOQueue, cp: Item) -> Result:
        if cp is None:
            return FINISHED
        if cp <= 0x7F:
            return [cp]
        if cp <= 0x7FF:
            count, offset = 1, 0xC0
        elif cp <= 0xFFFF:
            count, offset = 2, 0xE0
        else:
            count, offset = 3, 0xF0
        out = [(cp >> (6 * count)) + offset]
        while count > 0:
            temp = cp >> (6 * (count - 1))
            out.append(0x80 | (temp & 0x3F))
            count -= 1
        return out

    return handler


def single_byte_encoder(name: str) -> Handler:
    """https://encoding.spec.whatwg.org/#single-byte-encoder"""
    index_name = {"ISO-8859-8-I": "iso-8859-8"}.get(name, name.lower())

    def handler(io: IOQueue, cp: Item) -> Result:
        if cp is None:
            return FINISHED
        if cp <= 0x7F:
            return [cp]
        pointer = index_pointer(cp, index_name)
        if pointer is None:
            return Error(cp)
        return [pointer + 0x80]

    return handler


_GB18030_PUA = {
    0xE78D: (0xA6, 0xD9), 0xE78E: (0xA6, 0xDA), 0xE78F: (0xA6, 0xDB), 0xE790: (0xA6, 0xDC),
    0xE791: (0xA6, 0xDD), 0xE792: (0xA6, 0xDE), 0xE793: (0xA6, 0xDF), 0xE794: (0xA6, 0xEC),
    0xE795: (0xA6, 0xED), 0xE796: (0xA6, 0xF3), 0xE81E: (0xFE, 0x59), 0xE826: (0xFE, 0x61),
    0xE82B: (0xFE, 0x66), 0xE82C: (0xFE, 0x67), 0xE832: (0xFE, 0x6D), 0xE843: (0xFE, 0x7E),
    0xE854: (0xFE, 0x90), 0xE864: (0xFE, 0xA0),
}  # fmt: skip


def gb18030_encoder(is_gbk: bool) -> Handler:
    """https://encoding.spec.whatwg.org/#gb18030-encoder"""

    def handler(io: IOQueue, cp: Item) -> Result:
        # Steps 1-2.
        if cp is None:
            return FINISHED
        if cp <= 0x7F:
            return [cp]
        # Step 3.
        if cp == 0xE5E5:
            return Error(cp)
        # Step 4.
        if is_gbk and cp == 0x20AC:
            return [0x80]
        # Step 5.
        if cp in _GB18030_PUA:
            return list(_GB18030_PUA[cp])
        # Steps 6-7.
        pointer = index_pointer(cp, "gb18030")
        if pointer is not None:
            leading = pointer // 190 + 0x81
            trailing = pointer % 190
            offset = 0x40 if trailing < 0x3F else 0x41
            return [leading, trailing + offset]
        # Step 8.
        if is_gbk:
            return Error(cp)
        # Steps 9-17.
        pointer = index_gb18030_ranges_pointer(cp)
        byte1 = pointer // (10 * 126 * 10)
        pointer = pointer % (10 * 126 * 10)
        byte2 = pointer // (10 * 126)
        pointer = pointer % (10 * 126)
        byte3 = pointer // 10
        byte4 = pointer % 10
        return [byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30]

    return handler


def big5_encoder() -> Handler:
    """https://encoding.spec.whatwg.org/#big5-encoder"""

    def handler(io: IOQueue, cp: Item) -> Result:
        if cp is None:
            return FINISHED
        if cp <= 0x7F:
            return [cp]
        pointer = index_big5_pointer(cp)
        if pointer is None:
            return Error(cp)
        leading = pointer // 157 + 0x81
        trailing = pointer % 157
        offset = 0x40 if trailing < 0x3F else 0x62
        return [leading, trailing + offset]

    return handler


def euc_jp_encoder() -> Handler:
    """https://encoding.spec.whatwg.org/#euc-jp-encoder"""

    def handler(io: IOQueue, cp: Item) -> Result:
        if cp is None:
            return FINISHED
        if cp <= 0x7F:
            return [cp]
        if cp == 0x00A5:
            return [0x5C]
        if cp == 0x203E:
            return [0x7E]
        if 0xFF61 <= cp <= 0xFF9F:
            return [0x8E, cp - 0xFF61 + 0xA1]
        if cp == 0x2212:
            cp = 0xFF0D
        pointer = index_pointer(cp, "jis0208")
        if pointer is None:
            return Error(cp)
        return [pointer // 94 + 0xA1, pointer % 94 + 0xA1]

    return handler


def iso_2022_jp_encoder() -> Handler:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-encoder"""
    state = "ASCII"

    def handler(io: IOQueue, cp: Item) -> Result:
        nonlocal state
        # Steps 1-2.
        if cp is None and state != "ASCII":
            state = "ASCII"
            return [0x1B, 0x28, 0x42]
        if cp is None:
            return FINISHED
        # Step 3.
        if state in ("ASCII", "Roman") and cp in (0x0E, 0x0F, 0x1B):
            return Error(0xFFFD)
        # Step 4.
        if state == "ASCII" and cp <= 0x7F:
            return [cp]
        # Step 5.
        if state == "Roman" and ((cp <= 0x7F and cp not in (0x5C, 0x7E)) or cp in (0xA5, 0x203E)):
            if cp <= 0x7F:
                return [cp]
            if cp == 0xA5:
                return [0x5C]
            if cp == 0x203E:
                return [0x7E]
        # Step 6.
        if cp <= 0x7F and state != "ASCII":
            io.restore([cp])
            state = "ASCII"
            return [0x1B, 0x28, 0x42]
        # Step 7.
        if cp in (0xA5, 0x203E) and state != "Roman":
            io.restore([cp])
            state = "Roman"
            return [0x1B, 0x28, 0x4A]
        # Step 8.
        if cp == 0x2212:
            cp = 0xFF0D
        # Step 9.
        if 0xFF61 <= cp <= 0xFF9F:
            cp = index_code_point(cp - 0xFF61, "iso-2022-jp-katakana")
            assert cp is not None
        # Step 10.
        pointer = index_pointer(cp, "jis0208")
        # Step 11.
        if pointer is None:
            if state == "jis0208":
                io.restore([cp])
                state = "ASCII"
                return [0x1B, 0x28, 0x42]
            return Error(cp)
        # Step 12.
        if state != "jis0208":
            io.restore([cp])
            state = "jis0208"
            return [0x1B, 0x24, 0x42]
        # Steps 13-15.
        return [pointer // 94 + 0x21, pointer % 94 + 0x21]

    return handler


def shift_jis_encoder() -> Handler:
    """https://encoding.spec.whatwg.org/#shift_jis-encoder"""

    def handler(io: IOQueue, cp: Item) -> Result:
        if cp is None:
            return FINISHED
        if cp <= 0x80:
            return [cp]
        if cp == 0x00A5:
            return [0x5C]
        if cp == 0x203E:
            return [0x7E]
        if 0xFF61 <= cp <= 0xFF9F:
            return [cp - 0xFF61 + 0xA1]
        if cp == 0x2212:
            cp = 0xFF0D
        pointer = index_shift_jis_pointer(cp)
        if pointer is None:
            return Error(cp)
        leading = pointer // 188
        leading_offset = 0x81 if leading < 0x1F else 0xC1
        trailing = pointer % 188
        offset = 0x40 if trailing < 0x3F else 0x41
        return [leading + leading_offset, trailing + offset]

    return handler


def euc_kr_encoder() -> Handler:
    """https://encoding.spec.whatwg.org/#euc-kr-encoder"""

    def handler(io: IOQueue, cp: Item) -> Result:
        if cp is None:
            return FINISHED
        if cp <= 0x7F:
            return [cp]
        pointer = index_pointer(cp, "euc-kr")
        if pointer is None:
            return Error(cp)
        return [pointer // 190 + 0x81, pointer % 190 + 0x41]

    return handler


def x_user_defined_encoder() -> Handler:
    """https://encoding.spec.whatwg.org/#x-user-defined-encoder"""

    def handler(io: IOQueue, cp: Item) -> Result:
        if cp is None:
            return FINISHED
        if cp <= 0x7F:
            return [cp]
        if 0xF780 <= cp <= 0xF7FF:
            return [cp - 0xF780 + 0x80]
        return Error(cp)

    return handler


def get_encoder(name: str) -> Handler:
    """https://encoding.spec.whatwg.org/#get-an-encoder"""
    assert name not in ("replacement", "UTF-16BE", "UTF-16LE")
    if name in SINGLE_BYTE_NAMES:
        return single_byte_encoder(name)
    factories: dict[str, Callable[[], Handler]] = {
        "UTF-8": utf8_encoder,
        "GBK": lambda: gb18030_encoder(True),
        "gb18030": lambda: gb18030_encoder(False),
        "Big5": big5_encoder,
        "EUC-JP": euc_jp_encoder,
        "ISO-2022-JP": iso_2022_jp_encoder,
        "Shift_JIS": shift_jis_encoder,
        "EUC-KR": euc_kr_encoder,
        "x-user-defined": x_user_defined_encoder,
    }
    return factories[name]()


ENCODER_NAMES = tuple(n for n in DECODER_NAMES if n not in ("replacement", "UTF-16BE", "UTF-16LE"))


def encode_or_fail_loop(name: str, text: str) -> list[bytes | int]:
    """Run https://encoding.spec.whatwg.org/#encode-or-fail in a loop, as
    https://url.spec.whatwg.org/#string-percent-encode-after-encoding does.

    Returns runs of bytes (adjacent runs merged, none empty) and the code point
    of each error, in order.
    """
    encoder = get_encoder(name)
    io = IOQueue([ord(c) for c in text])
    out: list[bytes | int] = []
    buffer: list[int] = []
    while True:
        # "encode or fail": process a queue in fatal mode.
        result = encoder(io, io.read())
        if result is CONTINUE:
            continue
        if isinstance(result, list):
            buffer.extend(result)
            continue
        if isinstance(result, Error):
            if buffer:
                out.append(bytes(buffer))
                buffer = []
            assert result.code_point is not None
            out.append(result.code_point)
            continue
        assert result is FINISHED
        if buffer:
            out.append(bytes(buffer))
        return out
