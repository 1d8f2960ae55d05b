"""harper_starter: Intent classification, account resolution and routing.

Only the package exists so far; its service arrives with its own issue.
"""
