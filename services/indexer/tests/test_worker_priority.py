"""The worker thread takes work someone waits on before background work (the passage fill):
an update or a question waits at most for the background piece already running."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator

import pytest

from harper_indexer.worker import IndexWorker


class Gate:
    """Work for the thread that records its turn and, when told to, holds the thread until the
    test lets it go (so what is queued behind it can be seen)."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.entered: dict[str, threading.Event] = {}
        self.release: dict[str, threading.Event] = {}

    def work(self, name: str, hold: bool = False) -> Callable[[], str]:
        self.entered[name] = threading.Event()
        self.release[name] = threading.Event()
        if not hold:
            self.release[name].set()

        def run() -> str:
            self.entered[name].set()
            self.release[name].wait()
            self.order.append(name)
            return name

        return run

    async def until_entered(self, name: str) -> None:
        await asyncio.to_thread(self.entered[name].wait)


@pytest.fixture
def worker() -> Iterator[IndexWorker]:
    found = IndexWorker(patience_s=60.0)
    yield found
    found.close()


@pytest.mark.anyio
async def test_foreground_work_goes_before_background_work_waiting(worker: IndexWorker) -> None:
    gate = Gate()
    first = asyncio.create_task(worker.run(gate.work("question", hold=True)))
    await gate.until_entered("question")
    fill = asyncio.create_task(worker.run_in_background(gate.work("fill")))
    await asyncio.sleep(0)  # the fill is waiting for the foreground to fall idle
    update = asyncio.create_task(worker.run(gate.work("update")))
    await asyncio.sleep(0)
    gate.release["question"].set()
    await asyncio.gather(first, fill, update)
    assert gate.order == ["question", "update", "fill"]


@pytest.mark.anyio
async def test_foreground_holds_the_thread_between_the_steps_of_one_event(
    worker: IndexWorker,
) -> None:
    gate = Gate()
    fill_task: asyncio.Task[str] | None = None

    async def account_event() -> None:
        nonlocal fill_task
        async with worker.foreground():
            await worker.run(gate.work("upsert"))
            # background work asked for between two steps waits for the last one
            fill_task = asyncio.create_task(worker.run_in_background(gate.work("fill")))
            await asyncio.sleep(0)
            await worker.run(gate.work("passages"))
            await worker.run(gate.work("payload"))

    await account_event()
    assert fill_task is not None
    await fill_task
    assert gate.order == ["upsert", "passages", "payload", "fill"]


@pytest.mark.anyio
async def test_background_work_still_runs_under_a_steady_foreground() -> None:
    worker = IndexWorker(patience_s=0.01)
    gate = Gate()
    try:
        async with worker.foreground():  # a foreground that does not fall idle
            # a bound only so that a fill that never ran fails the test instead of hanging it
            done = await asyncio.wait_for(worker.run_in_background(gate.work("fill")), 60)
            assert done == "fill"
    finally:
        worker.close()
    assert gate.order == ["fill"]
