"""The admin key ``harper up`` runs with: ``HARPER_ADMIN_KEY``, else one made on first start and
kept in ``<data dir>/admin.key`` (mode 0600), so the same key works after a restart."""

from __future__ import annotations

import os
from pathlib import Path

from harper_common.auth.keys import KEY_PREFIX, new_key

ADMIN_KEY_FILE = "admin.key"


def ensure_admin_key(data_dir: Path, given: str | None) -> tuple[str, str]:
    """The key and where it came from ("HARPER_ADMIN_KEY", "kept in …", "made, kept in …")."""
    if given:
        return given, "HARPER_ADMIN_KEY"
    path = data_dir / ADMIN_KEY_FILE
    if path.is_file():
        kept = path.read_text().strip()
        if kept.startswith(KEY_PREFIX):
            return kept, f"kept in {path}"
    data_dir.mkdir(parents=True, exist_ok=True)
    key = new_key()
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(key + "\n")
    os.chmod(path, 0o600)
    return key, f"made on first start, kept in {path}"
