"""``python -m harper_search``: run this service until SIGINT or SIGTERM (its image's command)."""

from harper_common.servers.serving import run_service
from harper_search.service import serve

run_service("search", serve)
