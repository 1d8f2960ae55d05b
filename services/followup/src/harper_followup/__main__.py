"""``python -m harper_followup``: run this service until SIGINT or SIGTERM (its image's command)."""

from harper_common.servers.serving import run_service
from harper_followup.service import serve

run_service("followup", serve)
