"""``python -m harper_updater``: run this service until SIGINT or SIGTERM (its image's command)."""

from harper_common.servers.serving import run_service
from harper_updater.service import serve

run_service("updater", serve)
