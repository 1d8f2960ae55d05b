"""harper_gateway: HTTP API, SSE, sessions and cache in front of the bus.

Only the package exists so far; its service arrives with its own issue.
"""
