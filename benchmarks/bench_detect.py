"""How often encoding detection on short form values finds the right encoding.

Run it as a plain script (it needs the ``bench`` extra: Faker, charset-normalizer
and chardet)::

    python benchmarks/bench_detect.py              # the full corpus, about a minute
    python benchmarks/bench_detect.py --quick      # a tenth of it
    python benchmarks/bench_detect.py --seed 1     # another corpus (tune on this one)

What it measures
----------------
A corpus of short values (at most 16 characters, at least one of them not
ASCII) in seven locales, made by Faker (names, first and last names, cities,
companies, streets and words), each encoded in every encoding common in its
region:

=====================  ==================================================
Locale                 Encodings
=====================  ==================================================
Japanese (ja_JP)       UTF-8, Shift_JIS, EUC-JP, ISO-2022-JP
Simplified (zh_CN)     UTF-8, GBK, gb18030, Big5
Traditional (zh_TW)    UTF-8, Big5, GBK
Korean (ko_KR)         UTF-8, EUC-KR
Russian (ru_RU)        UTF-8, windows-1251, KOI8-R, IBM866
German (de_DE)         UTF-8, windows-1252
Polish (pl_PL)         UTF-8, ISO-8859-2, windows-1250
=====================  ==================================================

A value that an encoding cannot encode (``«`` in KOI8-R, a simplified
character in Big5) is left out for that encoding. Each case is the body
``q=<value percent-encoded in the encoding>``, and every detector is given the
region's encodings as candidates:

* :func:`urlencoded.detect_encoding`;
* charset-normalizer's ``from_bytes`` over the raw bytes, restricted to the
  same candidates with ``cp_isolation``;
* chardet's ``detect`` over the raw bytes, restricted with ``include_encodings``;
* the first candidate :func:`urlencoded.guess_encoding` returns (the candidates
  in the order of the table), as a baseline.

A choice is right when it decodes the bytes to the original value (so GBK and
gb18030 are both right for a GBK body). :func:`urlencoded.parse_mixed` is then
run on bodies ``a=<value>&b=<value>`` whose two values come from the same locale
in two different encodings of the region, and is right when it decodes both.

The corpus comes from a seed (``--seed``, 0 by default). The detection rules
must not be tuned on the corpus they are measured on: tune with another seed,
which ``--seed`` leaves out the values of seed 0 from, so that the two
corpora share no value.

Speed (``--speed``)
-------------------
``python benchmarks/bench_detect.py --speed`` times :func:`urlencoded.detect_encoding`
and :func:`urlencoded.parse_mixed` with five candidates on large bodies, and the
fixed cost of one call on a 200-byte log line (what ``parse --lines
--guess-encoding`` pays per line). Bodies of 1 MB and 4 MB, built from Faker
records (seed 0) escaped as a browser escapes them: plain ASCII (``a=1&``
repeated), Shift_JIS records (name, address, company, phone, a sentence), long
EUC-JP values, German windows-1252 records, Russian windows-1251 records (with
Cyrillic candidates). Times are CPU time of this process
(:func:`time.process_time`), so that other load on the machine does not count;
each is the best of three, interleaved with :func:`urlencoded.parse` of the
same body in its own encoding, and the ratio to that parse is printed too.
The peak memory that :mod:`tracemalloc` sees is measured in a separate run of
each 4 MB body (tracing slows the code down).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

import urlencoded
from urlencoded import URLENCODED_PERCENT_ENCODE_SET, Encoding, get_encoding

#: locale -> (Faker locale, the region's encodings, in the order a page would prefer them).
LOCALES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Japanese": ("ja_JP", ("UTF-8", "Shift_JIS", "EUC-JP", "ISO-2022-JP")),
    "Simplified Chinese": ("zh_CN", ("UTF-8", "GBK", "gb18030", "Big5")),
    "Traditional Chinese": ("zh_TW", ("UTF-8", "Big5", "GBK")),
    "Korean": ("ko_KR", ("UTF-8", "EUC-KR")),
    "Russian": ("ru_RU", ("UTF-8", "windows-1251", "KOI8-R", "IBM866")),
    "German": ("de_DE", ("UTF-8", "windows-1252")),
    "Polish": ("pl_PL", ("UTF-8", "ISO-8859-2", "windows-1250")),
}

#: The Python codec names for charset-normalizer and chardet.
PYTHON_CODECS: dict[str, str] = {
    "UTF-8": "utf_8",
    "Shift_JIS": "cp932",
    "EUC-JP": "euc_jp",
    "ISO-2022-JP": "iso2022_jp",
    "GBK": "gbk",
    "gb18030": "gb18030",
    "Big5": "big5hkscs",
    "EUC-KR": "cp949",
    "windows-1251": "cp1251",
    "KOI8-R": "koi8_r",
    "IBM866": "cp866",
    "windows-1252": "cp1252",
    "ISO-8859-2": "iso8859_2",
    "windows-1250": "cp1250",
}

#: chardet's names for the same encodings.
CHARDET_NAMES: dict[str, str] = {
    "UTF-8": "utf-8",
    "Shift_JIS": "cp932",
    "EUC-JP": "euc-jp",
    "ISO-2022-JP": "iso-2022-jp",
    "GBK": "gbk",
    "gb18030": "gb18030",
    "Big5": "big5hkscs",
    "EUC-KR": "cp949",
    "windows-1251": "windows-1251",
    "KOI8-R": "koi8-r",
    "IBM866": "cp866",
    "windows-1252": "windows-1252",
    "ISO-8859-2": "iso-8859-2",
    "windows-1250": "windows-1250",
}

MAX_LENGTH = 16
#: Faker provider methods that give short values.
PROVIDERS = ("name", "first_name", "last_name", "city", "company", "street_name", "word")


def escaped(raw: bytes) -> bytes:
    """``raw`` percent-encoded as a form value."""
    return urlencoded.percent_encode_bytes(raw, URLENCODED_PERCENT_ENCODE_SET).encode("ascii")


class Case:
    """One value, encoded in one encoding, as a form body."""

    __slots__ = ("candidates", "encoding", "locale", "raw", "value")

    def __init__(
        self, locale: str, value: str, encoding: str, raw: bytes, candidates: tuple[str, ...]
    ) -> None:
        self.locale = locale
        self.value = value
        self.encoding = encoding
        self.raw = raw
        self.candidates = candidates

    @property
    def body(self) -> bytes:
        return b"q=" + escaped(self.raw)


def values(locale: str, seed: int, count: int) -> list[str]:
    """``count`` distinct short non-ASCII values of a Faker locale, from ``seed``."""
    from faker import Faker

    fake = Faker(locale)
    fake.seed_instance(seed)
    found: dict[str, None] = {}
    attempts = 0
    while len(found) < count and attempts < count * 200:
        attempts += 1
        provider = PROVIDERS[attempts % len(PROVIDERS)]
        value = str(getattr(fake, provider)())
        if len(value) <= MAX_LENGTH and not value.isascii():
            found[value] = None
    return list(found)


def encoded(value: str, encoding: str) -> bytes | None:
    """The bytes of ``value`` in ``encoding`` (the Encoding Standard's encoder), or None."""
    body = urlencoded.serialize([("q", value)], encoding=encoding)
    if urlencoded.parse(body.encode("ascii"), encoding=encoding) != [("q", value)]:
        return None  # not encodable: the serializer wrote a character reference
    return urlencoded.percent_decode(body[2:].replace("+", "%20"))


def corpus(seed: int, per_locale: int) -> list[Case]:
    """Every value of every locale in every encoding of its region that can encode it."""
    held_out: set[str] = set()
    if seed != 0:
        for faker_locale, _ in LOCALES.values():
            held_out.update(values(faker_locale, 0, per_locale))
    cases = []
    for locale, (faker_locale, encodings) in LOCALES.items():
        for value in values(faker_locale, seed, per_locale):
            if value in held_out:
                continue
            for encoding in encodings:
                raw = encoded(value, encoding)
                if raw is not None:
                    cases.append(Case(locale, value, encoding, raw, encodings))
    return cases


def decodes_to(raw: bytes, encoding: Encoding | None, value: str) -> bool:
    """Whether ``encoding`` decodes ``raw`` to ``value``."""
    if encoding is None:
        return False
    body = b"q=" + escaped(raw)
    return urlencoded.parse(body, encoding=encoding) == [("q", value)]


def by_python_name(name: str | None, candidates: Sequence[str]) -> Encoding | None:
    """The candidate whose Python codec or chardet name is ``name``."""
    if name is None:
        return None
    wanted = name.lower().replace("-", "_")
    for candidate in candidates:
        for table in (PYTHON_CODECS, CHARDET_NAMES):
            if table[candidate].lower().replace("-", "_") == wanted:
                return get_encoding(candidate)
    try:
        return get_encoding(name)
    except urlencoded.UnknownEncodingError:
        return None


def detect_ours(case: Case) -> Encoding | None:
    return urlencoded.detect_encoding(case.body, case.candidates)


def detect_guess_first(case: Case) -> Encoding | None:
    found = urlencoded.guess_encoding(case.body, case.candidates)
    return found[0] if found else None


def detect_charset_normalizer(case: Case) -> Encoding | None:
    from charset_normalizer import from_bytes

    isolation = [PYTHON_CODECS[c] for c in case.candidates]
    best = from_bytes(case.raw, cp_isolation=isolation).best()
    return by_python_name(best.encoding if best else None, case.candidates)


def detect_chardet(case: Case) -> Encoding | None:
    import chardet

    include = [CHARDET_NAMES[c] for c in case.candidates]
    result = chardet.detect(case.raw, include_encodings=include)
    return by_python_name(result["encoding"], case.candidates)


DETECTORS: dict[str, Callable[[Case], Encoding | None]] = {
    "detect_encoding": detect_ours,
    "charset-normalizer": detect_charset_normalizer,
    "chardet": detect_chardet,
    "guess_encoding[0]": detect_guess_first,
}


def mixed_bodies(cases: Sequence[Case]) -> list[tuple[bytes, str, str, tuple[str, ...]]]:
    """Bodies of two values of one locale in two different encodings of its region."""
    by_locale: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        by_locale[case.locale].append(case)
    bodies = []
    for locale_cases in by_locale.values():
        for first, second in zip(locale_cases, locale_cases[7:]):
            if first.encoding == second.encoding or first.value == second.value:
                continue
            body = b"a=" + escaped(first.raw) + b"&b=" + escaped(second.raw)
            bodies.append((body, first.value, second.value, first.candidates))
    return bodies


FIVE = ("utf-8", "shift_jis", "euc-jp", "euc-kr", "windows-1252")
CYRILLIC_FIVE = ("utf-8", "windows-1251", "koi8-r", "ibm866", "windows-1252")


def records(locale: str, codec: str, size: int) -> bytes:
    """About *size* bytes of form records of a Faker locale, each value escaped in *codec*."""
    from faker import Faker

    fake = Faker(locale)
    fake.seed_instance(0)
    pieces: list[bytes] = []
    total = 0
    while total < size:
        record = [
            ("name", fake.name()),
            ("address", fake.address()),
            ("company", fake.company()),
            ("tel", fake.phone_number()),
            ("comment", fake.sentence()),
        ]
        for name, value in record:
            piece = name.encode("ascii") + b"=" + escaped(value.encode(codec, "replace"))
            pieces.append(piece)
            total += len(piece) + 1
    return b"&".join(pieces)


def long_values(locale: str, codec: str, size: int) -> bytes:
    """About *size* bytes of fields of about 50 kB each, Faker text escaped in *codec*."""
    from faker import Faker

    fake = Faker(locale)
    fake.seed_instance(0)
    pieces: list[bytes] = []
    total = 0
    while total < size:
        text = " ".join(fake.text(max_nb_chars=200) for _ in range(80))
        piece = b"comment=" + escaped(text.encode(codec, "replace"))
        pieces.append(piece)
        total += len(piece) + 1
    return b"&".join(pieces)


def _cpu(function: Callable[[], object], repeat: int = 1) -> float:
    start = time.process_time()
    for _ in range(repeat):
        function()
    return (time.process_time() - start) / repeat


def _peak_megabytes(function: Callable[[], object]) -> float:
    import tracemalloc

    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def speed() -> None:
    """The rows of ``--speed``: MB/s of CPU time, ratio to parse, peak memory."""
    megabyte = 1_000_000
    bodies = [
        ("plain ASCII a=1&", b"a=1&" * (megabyte // 4), "UTF-8", FIVE),
        ("Shift_JIS records", records("ja_JP", "cp932", megabyte), "Shift_JIS", FIVE),
        ("EUC-JP long values", long_values("ja_JP", "euc_jp", megabyte), "EUC-JP", FIVE),
        ("windows-1252 records", records("de_DE", "cp1252", megabyte), "windows-1252", FIVE),
        (
            "windows-1251 records",
            records("ru_RU", "cp1251", megabyte),
            "windows-1251",
            CYRILLIC_FIVE,
        ),
    ]
    bodies += [
        ("plain ASCII a=1&", b"a=1&" * megabyte, "UTF-8", FIVE),
        ("Shift_JIS records", records("ja_JP", "cp932", 4 * megabyte), "Shift_JIS", FIVE),
    ]
    functions = (urlencoded.detect_encoding, urlencoded.parse_mixed)
    # The tables are built on first use: not part of any row.
    for _, body, _, candidates in bodies:
        for function in functions:
            function(body[:2000].rsplit(b"&", 1)[0], candidates)
    print("CPU time, five candidates; the best of 3, interleaved with parse in the right encoding")
    print(f"{'body':<28}{'MB':>5}  {'function':<16}{'MB/s':>7}{'x parse':>9}{'peak MB':>9}")
    for label, body, encoding, candidates in bodies:
        size = len(body) / megabyte
        for function in functions:

            def ours_call(
                function: Callable[..., object] = function,
                body: bytes = body,
                candidates: tuple[str, ...] = candidates,
            ) -> None:
                function(body, candidates)

            def parse_call(body: bytes = body, encoding: str = encoding) -> None:
                urlencoded.parse(body, encoding=encoding)

            ours = theirs = float("inf")
            for _ in range(3):
                theirs = min(theirs, _cpu(parse_call))
                ours = min(ours, _cpu(ours_call))
            peak = f"{_peak_megabytes(ours_call):.0f}" if size > 2 else ""
            print(
                f"{label:<28}{size:>5.1f}  {function.__name__:<16}{size / ours:>7.2f}"
                f"{ours / theirs:>9.1f}{peak:>9}"
            )
    line = records("ja_JP", "cp932", 2000)[:200].rsplit(b"&", 1)[0]
    per_call = min(_cpu(lambda: urlencoded.detect_encoding(line, FIVE), 200) for _ in range(3))
    parse_line = min(
        _cpu(lambda: urlencoded.parse(line, encoding="shift_jis"), 200) for _ in range(3)
    )
    print(
        f"a {len(line)}-byte line, detect_encoding: {per_call * 1e6:.0f} us of CPU per call "
        f"({per_call / parse_line:.0f} x parse)"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the corpus")
    parser.add_argument("--seed", type=int, default=0, help="the corpus seed (0: the benchmark's)")
    parser.add_argument("--misses", type=int, default=0, help="print this many of our misses")
    parser.add_argument("--speed", action="store_true", help="time large bodies instead")
    args = parser.parse_args(argv)
    if args.speed:
        speed()
        return
    per_locale = 50 if args.quick else 470
    cases = corpus(args.seed, per_locale)
    locales = list(LOCALES)
    value_count = len({(case.locale, case.value) for case in cases})
    print(f"corpus: seed {args.seed}, {value_count} values, {len(cases)} (value, encoding) cases")

    right: dict[str, dict[str, int]] = {name: defaultdict(int) for name in DETECTORS}
    seconds: dict[str, float] = defaultdict(float)
    total: dict[str, int] = defaultdict(int)
    misses: list[tuple[Case, Encoding | None]] = []
    for case in cases:
        total[case.locale] += 1
        for name, detector in DETECTORS.items():
            start = time.perf_counter()
            chosen = detector(case)
            seconds[name] += time.perf_counter() - start
            if decodes_to(case.raw, chosen, case.value):
                right[name][case.locale] += 1
            elif name == "detect_encoding":
                misses.append((case, chosen))

    width = max(len(name) for name in DETECTORS) + 2
    print(f"{'locale':<22}{'cases':>6}" + "".join(f"{name:>{width}}" for name in DETECTORS))
    for locale in locales:
        row = f"{locale:<22}{total[locale]:>6}"
        for name in DETECTORS:
            row += f"{100 * right[name][locale] / total[locale]:>{width - 1}.1f}%"
        print(row)
    all_cases = sum(total.values())
    row = f"{'overall':<22}{all_cases:>6}"
    for name in DETECTORS:
        row += f"{100 * sum(right[name].values()) / all_cases:>{width - 1}.1f}%"
    print(row)
    row = f"{'ms per case':<28}"
    for name in DETECTORS:
        row += f"{1000 * seconds[name] / all_cases:>{width}.2f}"
    print(row)

    bodies = mixed_bodies(cases)
    mixed_right = 0
    for body, first, second, candidates in bodies:
        fields = urlencoded.parse_mixed(body, candidates)
        if [(name, value) for name, value, _ in fields] == [("a", first), ("b", second)]:
            mixed_right += 1
    print(
        f"parse_mixed, two encodings of one region: {mixed_right}/{len(bodies)} "
        f"= {100 * mixed_right / len(bodies):.1f}%"
    )
    for case, chosen in misses[: args.misses]:
        print(f"  miss {case.locale}: {case.value!r} in {case.encoding}, chose {chosen}")


if __name__ == "__main__":
    main()
