"""One rich console per stream, and a progress bar for long work."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None]]:
    """A ``(done, total)`` callback drawing a bar on stderr (plain when not a terminal)."""
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as progress:
        task = progress.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield update
