"""``make profile-load``: ``make load`` on a private PostgreSQL that loads pg_stat_statements,
with py-spy on the web processes and the worker over the measured seconds; prints the load
figures, then each process's top functions and the statements that took the most time.

The private cluster (tests/hardening/private.py) runs with fsync off, as the other private
servers do: the profile shows where the processes spend their time, not the disk's.

Run: ``make profile-load`` or ``python -m tests.benchmarks.profile_load [--tables 100]
[--seconds 30] [--warmup 5] [--web 1] [--out DIR] [--gil]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from tests.hardening.private import private_services


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--web", type=int, default=1)
    ap.add_argument("--warmup", type=float, default=5, help="seconds before the measured ones")
    ap.add_argument("--out", type=Path, help="where py-spy's raw samples are kept")
    ap.add_argument(
        "--gil", action="store_true", help="sample only the thread holding the interpreter lock"
    )
    args = ap.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="mt-profile-"))
    with private_services(
        postgres_options="-c shared_preload_libraries=pg_stat_statements "
        "-c pg_stat_statements.track=top -c max_connections=300"
    ) as (pg, rds):
        os.environ["LOAD_DATABASE_URL"] = pg.url("mexican_train_load")
        os.environ["LOAD_REDIS_URL"] = rds.url.rsplit("/", 1)[0] + "/14"
        from tests.benchmarks import load

        code = load.main(
            [
                "--tables",
                str(args.tables),
                "--seconds",
                str(args.seconds),
                "--web",
                str(args.web),
                "--warmup",
                str(args.warmup),
                "--profile",
                str(out),
                *(["--gil"] if args.gil else []),
            ]
        )
    print(f"py-spy's raw samples: {out}")
    return code


if __name__ == "__main__":
    sys.exit(main())
