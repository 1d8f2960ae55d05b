"""``python -m harper_gateway``: run this service until SIGINT or SIGTERM (its image's command)."""

from harper_common.servers.serving import run_service
from harper_gateway.service import serve

run_service("gateway", serve)
