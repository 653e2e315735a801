"""Throughput and peak memory of ``urlencoded parse --lines`` with 1 and 2 jobs.

Writes a file of query strings (100 MB by default; ``--size MB``) into a
temporary directory, which is removed afterwards, then runs the installed
console script on it with ``--jobs 1`` and ``--jobs 2``, output to /dev/null.
Peak memory is the largest sum of the resident set sizes of the command and
its worker processes, sampled every 100 ms. For scale, the same lines are
also parsed with ``urllib.parse.parse_qsl`` and written as JSON Lines by a
plain loop in this process, and the ratios are printed.

Run: ``python benchmarks/bench_cli_lines.py [--size MB] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import parse_qsl, quote

SCRIPT = Path(sys.executable).parent / "urlencoded"

WORDS = ["café", "naïve", "東京", "hello", "world", "a+b", "100%", "size=m", "Ünïcode", "x"]


def _line(rng: random.Random) -> bytes:
    """One query string as logs hold them: some URLs, some '?', escapes, '+'."""
    fields = [
        f"q={'+'.join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))}",
        f"page={rng.randint(1, 500)}",
        f"utm_source={rng.choice(['news', 'mail', 'ads'])}",
        f"id={rng.getrandbits(64):x}",
    ]
    if rng.random() < 0.3:
        fields.append("tag=a&tag=b&flag")
    query = "&".join(
        name + "=" + quote(value, safe="+=") if "=" in field else field
        for field in fields
        for name, _, value in [field.partition("=")]
    )
    kind = rng.random()
    if kind < 0.2:
        return f"https://shop.example/search?{query}#top".encode()
    if kind < 0.3:
        return f"?{query}".encode()
    return query.encode()


def write_file(path: Path, size: int) -> int:
    rng = random.Random(12)
    sample = b"\n".join(_line(rng) for _ in range(20_000)) + b"\n"
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


def run_cli(path: Path, jobs: int) -> tuple[float, int]:
    """Seconds and peak memory of one run."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        process = subprocess.Popen(
            [str(SCRIPT), "parse", "--lines", "--jobs", str(jobs), "--file", str(path)],
            stdout=devnull,
        )
        peak = 0
        done = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not done.is_set():
                peak = max(peak, _tree_rss(process.pid))
                time.sleep(0.1)

        sampler = threading.Thread(target=sample)
        sampler.start()
        status = process.wait()
        done.set()
        sampler.join()
    if status != 0:
        raise SystemExit(f"urlencoded exited with {status}")
    return time.perf_counter() - start, peak


def run_stdlib(path: Path) -> float:
    """A plain loop: parse_qsl each line and write JSON Lines to /dev/null."""
    start = time.perf_counter()
    with path.open("rb") as lines, open(os.devnull, "w", encoding="utf-8") as devnull:
        for line in lines:
            text = line.rstrip(b"\r\n").decode("utf-8", "replace")
            query = text.split("?", 1)[1].split("#", 1)[0] if "://" in text else text
            devnull.write(json.dumps(parse_qsl(query.lstrip("?"), keep_blank_values=True)))
            devnull.write("\n")
    return time.perf_counter() - start


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--size", type=int, default=100, help="file size in MB")
    options.add_argument("--repeat", type=int, default=2, help="runs per setting (best kept)")
    arguments = options.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "queries.txt"
        lines = write_file(path, arguments.size * 1_000_000)
        size = path.stat().st_size
        print(f"input: {size / 1e6:.1f} MB, {lines} lines, {os.cpu_count()} CPUs")
        stdlib = min(run_stdlib(path) for _ in range(arguments.repeat))
        print(f"urllib.parse.parse_qsl loop : {size / 1e6 / stdlib:6.1f} MB/s")
        # Alternate the settings, so that load from other processes hits both alike.
        runs: dict[int, list[tuple[float, int]]] = {1: [], 2: []}
        for _ in range(arguments.repeat):
            for jobs in (1, 2):
                runs[jobs].append(run_cli(path, jobs))
        results = {}
        for jobs in (1, 2):
            seconds = min(run[0] for run in runs[jobs])
            peak = max(run[1] for run in runs[jobs])
            results[jobs] = seconds
            print(
                f"parse --lines --jobs {jobs}     : {size / 1e6 / seconds:6.1f} MB/s "
                f"({seconds:.2f} s, peak memory {peak / 2**20:.0f} MiB, "
                f"{stdlib / seconds:.2f}x the urllib loop)"
            )
        print(f"--jobs 2 / --jobs 1 throughput: {results[1] / results[2]:.2f}x")


if __name__ == "__main__":
    main()
