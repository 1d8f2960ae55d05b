"""``python -m harper_starter``: run this service until SIGINT or SIGTERM (its image's command)."""

from harper_common.servers.serving import run_service
from harper_starter.service import serve

run_service("starter", serve)
