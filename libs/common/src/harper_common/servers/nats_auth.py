"""NATS users for ``harper up``: one per service plus ``provision``, with the permissions of
``infra/nats/permissions.conf``. Passwords are made on first start and kept in
``<data dir>/nats/credentials.json`` (mode 0600); the server reads them from its environment.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Final

from harper_common.messages.subjects import SERVICES
from harper_common.settings import HarperSettings

PROVISION: Final = "provision"
USERS: Final = (PROVISION, *SERVICES)
REPO_ROOT: Final = Path(__file__).resolve().parents[5]
PERMISSIONS_FILE: Final = REPO_ROOT / "infra" / "nats" / "permissions.conf"


def new_password() -> str:
    """192 random bits as letters and digits after a letter: nats-server parses an environment
    variable as a config value, so a password must never read as a number, a date or a bool."""
    return "hp" + secrets.token_hex(24)


def password_variable(user: str) -> str:
    return f"HARPER_NATS_PASSWORD_{user.upper()}"


def load_or_create_credentials(data_dir: Path) -> dict[str, str]:
    """Each user's password, made once and kept private under the data dir."""
    path = data_dir / "nats" / "credentials.json"
    if path.is_file():
        kept = json.loads(path.read_text())
        if isinstance(kept, dict) and set(USERS) <= set(kept):
            return {user: str(kept[user]) for user in USERS}
    path.parent.mkdir(parents=True, exist_ok=True)
    made = {user: new_password() for user in USERS}
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        json.dump(made, handle)
    os.chmod(path, 0o600)
    return made


def server_environment(credentials: dict[str, str]) -> dict[str, str]:
    """What the nats-server process needs in its environment to read the passwords."""
    return {password_variable(user): password for user, password in credentials.items()}


def include_line(config_dir: Path, permissions: Path = PERMISSIONS_FILE) -> str:
    """``include`` of the permissions file (NATS takes it relative to the including file)."""
    return f'include "{os.path.relpath(permissions.resolve(), config_dir.resolve())}"\n'


def admin_credentials(settings: HarperSettings) -> dict[str, str]:
    """For the ``harper`` tools: the process's own NATS user, else ``provision`` from the
    credentials ``harper up`` keeps in the data dir, else none (an open server)."""
    own = settings.nats_credentials()
    if own:
        return own
    path = settings.data_dir / "nats" / "credentials.json"
    try:
        kept = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    password = kept.get(PROVISION) if isinstance(kept, dict) else None
    return {"user": PROVISION, "password": str(password)} if password else {}
