"""``harper up``: run all of Harper on this machine until Ctrl-C.

Prepares the memory root (demo data when it has no accounts), starts NATS with JetStream and Redis
on loopback, then the six services (one process each, or all in this process with
``--in-process``), waits until ``/health`` is 200 (the accounts are indexed by then) and stays up.
"""

from __future__ import annotations

import asyncio
import signal
import time
from datetime import date
from types import FrameType
from typing import Annotated

import typer
from pydantic import SecretStr

from harper_cli.console import err, out, progress_bar
from harper_cli.demo_command import default_truth_path, write_demo
from harper_cli.memory_command import print_summary
from harper_cli.services import START_ORDER, named_serves
from harper_cli.stack import (
    Stack,
    absolute_settings,
    parse_replicas,
    wait_until_healthy,
)
from harper_common.auth.admin_key import ensure_admin_key
from harper_common.bus.logs import configure_logging
from harper_common.memory import MemoryRoot, check_memory
from harper_common.servers.nats_auth import (
    PERMISSIONS_FILE,
    PROVISION,
    load_or_create_credentials,
)
from harper_common.servers.processes import StartFailed
from harper_common.servers.serving import serve_until_signalled
from harper_common.servers.supervisor import STATUS_FILE, Supervisor
from harper_common.settings import HarperSettings


def up(
    in_process: bool = typer.Option(
        False, "--in-process", help="Run the six services in this one process (for debugging)."
    ),
    replicas: Annotated[
        list[str] | None,
        typer.Option(
            "--replicas",
            help="Processes per service, e.g. --replicas search=3 (also HARPER_REPLICAS).",
        ),
    ] = None,
) -> None:
    """Run Harper: NATS, Redis, the six services and the gateway on HARPER_PORT.

    A child that exits is restarted with backoff; repeated fast crashes stop Harper.
    """
    settings = absolute_settings(HarperSettings())
    try:
        counts = parse_replicas(replicas or settings.replicas)
    except StartFailed as exc:
        err.print(str(exc), highlight=False, markup=False)
        raise typer.Exit(code=2) from exc
    prepare_memory(settings)
    admin_key, key_source = ensure_admin_key(settings.data_dir, settings.admin_key)
    settings = settings.model_copy(update={"admin_key": admin_key})
    passwords = (
        load_or_create_credentials(settings.data_dir) if PERMISSIONS_FILE.is_file() else None
    )
    stack = Stack(settings, replicas=counts, nats_passwords=passwords)
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGHUP, _interrupt)
    try:
        stack.start_servers()
        for note in stack.notes:
            out.print(note, highlight=False)
        if in_process:
            configure_logging(settings.log_level, settings.log_format)
            out.print(
                f"services in this process; gateway on http://{settings.host}:{settings.port}"
            )
            asyncio.run(
                serve_until_signalled(named_serves(START_ORDER), in_process_settings(stack))
            )
            return
        stack.start_services()
        out.print(f"services started; logs in {stack.log_dir}", highlight=False)
        health = wait_until_healthy(settings, stack, lambda line: out.print(f"  waiting: {line}"))
        out.print(
            f"Harper is up on http://{settings.host}:{settings.port} "
            f"({health.get('accounts_indexed', 0)} accounts indexed). Ctrl-C stops it.",
            highlight=False,
        )
        out.print(f"Admin key ({key_source}): {admin_key}", highlight=False)
        out.print(
            f"Sign in: http://{settings.host}:{settings.port}/?token={admin_key}",
            highlight=False,
        )
        supervise(stack)
    except StartFailed as exc:
        err.print(str(exc), highlight=False, markup=False)
        raise typer.Exit(code=1) from exc
    except KeyboardInterrupt:
        out.print("stopping Harper")
    finally:
        stack.stop()


def in_process_settings(stack: Stack) -> HarperSettings:
    """All services in this process share one connection identity: ``provision``."""
    password = (stack.nats_passwords or {}).get(PROVISION)
    if password is None:
        return stack.settings
    return stack.settings.model_copy(
        update={"nats_user": PROVISION, "nats_password": SecretStr(password)}
    )


def supervise(stack: Stack) -> None:
    """Restart children that exit, until Ctrl-C or a crash loop (StartFailed)."""
    supervisor = Supervisor(stack.settings.data_dir / STATUS_FILE)
    supervisor.watch(stack.processes)
    while True:
        for line in supervisor.tick():
            err.print(f"supervisor: {line}", highlight=False, markup=False)
        time.sleep(0.2)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """SIGTERM and SIGHUP stop Harper as Ctrl-C does: every child is stopped in order."""
    raise KeyboardInterrupt


def prepare_memory(settings: HarperSettings) -> None:
    """Demo data when the memory root has no accounts; stop on memory errors."""
    root = settings.mem_root
    if not MemoryRoot(root).account_ids():
        out.print(f"{root} has no accounts: writing {settings.demo_accounts} demo accounts")
        write_demo(
            root,
            accounts=settings.demo_accounts,
            seed=settings.demo_seed,
            as_of=date.today(),
            truth=default_truth_path(root),
        )
    with progress_bar("checking accounts") as progress:
        report = check_memory(root, progress=progress)
    print_summary(report)
    if not report.ok:
        err.print("memory has errors: run `harper check-memory` for the list", highlight=False)
        raise typer.Exit(code=1)
