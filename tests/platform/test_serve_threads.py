"""manage.py serve runs the sockets' database calls (``database_sync_to_async(...,
thread_sensitive=False)``: the loop's default executor) on SOCKET_THREADS threads, not Python's
default of the cores + 4: at 500 tables moves queued for one of those while the web process had
CPU to spare (docs/scaling.md)."""

from __future__ import annotations

import asyncio
import threading

import uvicorn
from channels.db import database_sync_to_async

from core.management.commands.serve import Server


def test_the_served_loop_runs_database_calls_on_socket_threads_threads():
    seen: set[str] = set()
    together = threading.Barrier(3, timeout=5)  # passed only by three calls at once

    def call() -> None:
        seen.add(threading.current_thread().name)
        together.wait()

    class Probe(Server):
        async def startup(self, sockets=None):  # instead of binding a port: look, then stop
            in_pool = database_sync_to_async(call, thread_sensitive=False)
            await asyncio.gather(*(in_pool() for _ in range(9)))
            self.should_exit = True

        async def main_loop(self):
            return

        async def shutdown(self, sockets=None):
            return

    Probe(uvicorn.Config(app=None, lifespan="off"), threads=3).run()
    assert seen == {"socket-db_0", "socket-db_1", "socket-db_2"}
