"""Throughput and peak memory of ``urlencoded parse --lines`` on combined-format access logs.

Writes two access logs in the combined format (nginx's and Apache's
default), seeded, into a temporary directory removed afterwards:

- the *plain* log, about 100 MB (``--size MB``): searches in UTF-8 with
  campaign fields, 15 % of requests without a query;
- the *mixed* log, about 24 MB (``--mixed-size MB``): 15 % of the queries
  escaped in Shift_JIS or EUC-JP, as older Japanese sites sent them, 8 %
  without a query, and 1 % of the lines garbage (cut short, a TLS handshake
  sent to the port, a bare request line), which are not in the format;

then runs, each in its own process with output to /dev/null:

- ``urlencoded parse --lines --input-format combined --format csv --columns
  utm_source,utm_medium,q`` with ``--jobs 1`` and ``--jobs 2``;
- on the mixed log, the same with ``--jobs 1`` and ``--guess-encoding
  utf-8,shift_jis,euc-jp,euc-kr,gbk`` (each line in the encoding
  :func:`urlencoded.detect_encoding` chooses for it);
- a hand-written loop doing the same work with the standard library: an
  ``re`` pattern takes the request target of each line, ``urllib.parse``
  splits off its query and ``parse_qsl`` parses it, and ``csv`` writes the
  first value of each column.

Runs alternate between the settings, so that load from other processes hits
them alike, and the best of ``--repeat`` runs is kept. Besides the wall-clock
rates, the CPU seconds of each run (user and system, workers included) give
a ratio for ``--jobs 1`` that load from other processes disturbs less. The ratios are
measured in the same run, so they can be compared across machines; absolute
rates drift with the load, which is printed with them.

Peak memory is the largest resident set of one process (``ru_maxrss`` of the
waited-for children of a fresh wrapper process, as ``getrusage`` reports
it), and also the largest sum over the command and its workers, sampled
every 50 ms; both are measured on the full plain log and on one a quarter of
its size, to show that memory does not grow with the input.

Run: ``python benchmarks/bench_cli_lines.py [--size MB] [--mixed-size MB] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

import urlencoded

SCRIPT = Path(sys.executable).parent / "urlencoded"
COLUMNS = "utm_source,utm_medium,q"

WORDS = ["café", "naïve", "東京", "hello", "world", "a+b", "100%", "size=m", "Ünïcode", "x"]
AGENTS = [
    "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15",
    "curl/8.5.0",
]

# The hand-written loop, run as its own process: what a user would write.
STDLIB_LOOP = r"""
import csv, re, sys
from urllib.parse import parse_qsl, urlsplit
LINE = re.compile(rb'^\S+ \S+ \S+ \[[^\]]*\] "[A-Z]+ (\S+)[^"]*" \d{3} \S+ "[^"]*" "[^"]*"')
columns = sys.argv[2].split(",")
with open(sys.argv[1], "rb") as lines, open("/dev/null", "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(columns)
    for line in lines:
        match = LINE.match(line)
        if match is None:
            continue
        target = match.group(1).decode("utf-8", "replace")
        first = {}
        for name, value in parse_qsl(urlsplit(target).query, keep_blank_values=True):
            first.setdefault(name, value)
        writer.writerow([first.get(column, "") for column in columns])
"""

# A wrapper that runs one command and prints its children's ru_maxrss (KiB on Linux)
# and CPU seconds (user and system, workers included).
RUSAGE = r"""
import resource, subprocess, sys
with open("/dev/null", "wb") as out:
    status = subprocess.run(sys.argv[1:], stdout=out, stderr=out).returncode
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(status, usage.ru_maxrss, usage.ru_utime + usage.ru_stime)
"""


def _target(rng: random.Random, no_query: float = 0.15) -> str:
    """One request target: a search with campaign fields, a page, or a static file."""
    kind = rng.random()
    if kind < no_query:
        return rng.choice(["/", "/favicon.ico", "/static/app.js", "/robots.txt"])
    fields = [
        ("q", " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))),
        ("page", str(rng.randint(1, 50))),
    ]
    if rng.random() < 0.6:
        fields += [
            ("utm_source", rng.choice(["news", "mail", "ads", "social"])),
            ("utm_medium", rng.choice(["email", "cpc", "banner"])),
        ]
    if rng.random() < 0.2:
        fields += [("tag", "a"), ("tag", "b")]
    query = "&".join(f"{quote(name)}={quote(value, safe='')}" for name, value in fields)
    return f"/search?{query}"


# Search terms in the legacy Japanese encodings that older sites sent.
LEGACY_WORDS = ["日本語", "東京", "検索", "ラーメン", "新宿 駅", "天気 予報", "カタカナ", "大阪"]
# Lines not in the format: cut short, or sent to the port by something other than a browser.
GARBAGE = [
    b'198.51.100.9 - - [26/Nov/2026:07:00:05 +0000] "GET /sea',
    b"\\x16\\x03\\x01\\x02\\x00\\x01\\x00\\x01\\xfc\\x03\\x03",
    b"GET /etc/passwd HTTP/1.0",
    b'198.51.100.7 - - [26/Nov/2026:07:00:06 +0000] "GET /?q=1 HTTP/1.1" 200',
    b"",
]


def _mixed_target(rng: random.Random) -> str | None:
    """A request target of the mixed log: 15 % of the queries in Shift_JIS or EUC-JP, 8 %
    without a query; None for the 1 % of lines that are garbage."""
    kind = rng.random()
    if kind < 0.01:
        return None
    if kind < 0.09:
        return rng.choice(["/", "/favicon.ico", "/static/app.js", "/robots.txt"])
    if kind < 0.24:
        encoding = rng.choice(["shift_jis", "euc-jp"])
        words = " ".join(rng.choice(LEGACY_WORDS) for _ in range(rng.randint(1, 3)))
        fields = [("q", quote(words, safe="", encoding=encoding))]
        fields.append(("page", str(rng.randint(1, 50))))
        if rng.random() < 0.6:
            fields.append(("utm_source", rng.choice(["news", "mail", "ads", "social"])))
        return "/search?" + "&".join(f"{name}={value}" for name, value in fields)
    return _target(rng, no_query=0.0)


def _line(rng: random.Random, index: int, mixed: bool = False) -> bytes:
    host = f"198.51.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    when = f"26/Nov/2026:{index // 3600 % 24:02d}:{index // 60 % 60:02d}:{index % 60:02d} +0000"
    status = rng.choice(["200", "200", "200", "304", "404"])
    referer = rng.choice(["-", "https://example.com/", "https://search.example/?q=x"])
    target = _mixed_target(rng) if mixed else _target(rng)
    if target is None:
        return rng.choice(GARBAGE)
    return (
        f'{host} - - [{when}] "GET {target} HTTP/1.1" {status} {rng.randint(0, 99999)} '
        f'"{referer}" "{rng.choice(AGENTS)}"'
    ).encode()


def write_log(path: Path, size: int, mixed: bool = False) -> int:
    """Write about *size* bytes of log lines to *path*; return the number of lines."""
    rng = random.Random(12)
    sample = b"\n".join(_line(rng, index, mixed) for index in range(20_000)) + b"\n"
    written = 0
    with path.open("wb") as file:
        while written < size:
            file.write(sample)
            written += len(sample)
    return sample.count(b"\n") * (written // len(sample))


def _tree_rss(pid: int) -> int:
    """Resident bytes of *pid* and all its descendants."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    pending += [int(child) for child in children.read().split()]
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
    return total


def measure(command: list[str]) -> tuple[float, int, int, float]:
    """Seconds, largest single-process RSS (bytes), largest summed RSS, CPU seconds of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", RUSAGE, *command], stdout=subprocess.PIPE, text=True
    )
    peak_sum = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak_sum
        while not done.is_set():
            peak_sum = max(peak_sum, _tree_rss(process.pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    output, _ = process.communicate()
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    status, max_rss, cpu = output.split()
    if status not in ("0", "1"):
        raise SystemExit(f"{command[0]} exited with {status}")
    return seconds, int(max_rss) * 1024, peak_sum, float(cpu)


LOOP = "re + parse_qsl + csv loop"
ONE = "parse --lines --jobs 1"
TWO = "parse --lines --jobs 2"
GUESS = "--jobs 1 --guess-encoding"
CANDIDATES = "utf-8,shift_jis,euc-jp,euc-kr,gbk"


def commands(path: Path, guess: bool = False) -> dict[str, list[str]]:
    cli = [str(SCRIPT), "parse", "--lines", "--input-format", "combined", "--format", "csv"]
    cli += ["--columns", COLUMNS, "--no-summary", "--file", str(path)]
    found = {
        LOOP: [sys.executable, "-c", STDLIB_LOOP, str(path), COLUMNS],
        ONE: [*cli, "--jobs", "1"],
        TWO: [*cli, "--jobs", "2"],
    }
    if guess:
        found[GUESS] = [*cli, "--jobs", "1", "--guess-encoding", CANDIDATES]
    return found


def run_all(
    path: Path, repeat: int, guess: bool = False
) -> dict[str, tuple[float, int, int, float]]:
    """Best time, largest memory figures and least CPU time of each command, runs alternating."""
    every = commands(path, guess)
    runs: dict[str, list[tuple[float, int, int, float]]] = {name: [] for name in every}
    for _ in range(repeat):
        for name, command in every.items():
            runs[name].append(measure(command))
    return {
        name: (
            min(run[0] for run in results),
            max(run[1] for run in results),
            max(run[2] for run in results),
            min(run[3] for run in results),
        )
        for name, results in runs.items()
    }


def report(results: dict[str, tuple[float, int, int, float]], megabytes: float) -> None:
    """Each command's figures, and the ratios between them."""
    for name, (seconds, max_rss, peak_sum, cpu) in results.items():
        print(
            f"{name:<27}: {megabytes / seconds:6.1f} MB/s ({seconds:.2f} s, "
            f"{cpu:.2f} CPU s); peak RSS {max_rss / 2**20:.0f} MiB per process, "
            f"{peak_sum / 2**20:.0f} MiB summed"
        )
    loop, one, two = (results[name][0] for name in (LOOP, ONE, TWO))
    loop_cpu, one_cpu, two_cpu = (results[name][3] for name in (LOOP, ONE, TWO))
    print(f"ratio: --jobs 1 / stdlib loop throughput: {loop / one:.2f}x (target: at least 1.5)")
    print(f"ratio: --jobs 1 / stdlib loop, per CPU second: {loop_cpu / one_cpu:.2f}x")
    print(f"ratio: --jobs 2 / stdlib loop throughput: {loop / two:.2f}x")
    print(f"ratio: --jobs 2 / --jobs 1 throughput: {one / two:.2f}x")
    # What the second process costs in all: 1.00x would be free parallelism.
    print(f"ratio: --jobs 2 / --jobs 1 CPU seconds: {two_cpu / one_cpu:.2f}x")
    if GUESS in results:
        guess, guess_cpu = results[GUESS][0], results[GUESS][3]
        print(
            f"ratio: --guess-encoding ({CANDIDATES}) / without, --jobs 1: "
            f"{guess / one:.2f}x time, {guess_cpu / one_cpu:.2f}x CPU seconds (target: at most 2)"
        )


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--size", type=int, default=100, help="plain log in MB (default 100)")
    options.add_argument(
        "--mixed-size", type=int, default=24, help="mixed log in MB (default 24; 0: none)"
    )
    options.add_argument("--repeat", type=int, default=2, help="runs per setting (best kept)")
    arguments = options.parse_args()
    # Byte-compiled as an installation leaves it (the standard library is): where
    # PYTHONDONTWRITEBYTECODE is set, each run would compile the package again.
    compileall.compile_dir(Path(urlencoded.__file__).parent, quiet=1)
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} CPUs")
    figures = {}
    with tempfile.TemporaryDirectory() as directory:
        if arguments.mixed_size:
            path = Path(directory) / "mixed.log"
            lines = write_log(path, arguments.mixed_size * 1_000_000, mixed=True)
            megabytes = path.stat().st_size / 1e6
            print(
                f"\ninput: mixed combined-format log, {megabytes:.1f} MB, {lines} lines (15 % of "
                "queries in Shift_JIS or EUC-JP, 8 % without a query, 1 % garbage)"
            )
            report(run_all(path, arguments.repeat, guess=True), megabytes)
        for size in (arguments.size, max(1, arguments.size // 4)):
            path = Path(directory) / f"access-{size}.log"
            lines = write_log(path, size * 1_000_000)
            megabytes = path.stat().st_size / 1e6
            print(f"\ninput: plain combined-format log, {megabytes:.1f} MB, {lines} lines")
            results = run_all(path, arguments.repeat)
            report(results, megabytes)
            figures[size] = {name: result[1:3] for name, result in results.items()}
    print(f"\nload after: {os.getloadavg()[0]:.2f} (1 min)")
    print("peak memory, full plain log vs a quarter of it (MiB per process / summed):")
    big, small = figures.values()
    for name in big:
        print(
            f"  {name:<27}: {big[name][0] / 2**20:.0f}/{big[name][1] / 2**20:.0f} vs "
            f"{small[name][0] / 2**20:.0f}/{small[name][1] / 2**20:.0f}"
        )
    print(json.dumps({"sizes_mb": list(figures)}))


if __name__ == "__main__":
    main()
