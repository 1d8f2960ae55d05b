"""``python -m harper_indexer``: run this service until SIGINT or SIGTERM (its image's command)."""

from harper_common.servers.serving import run_service
from harper_indexer.service import serve

run_service("indexer", serve)
