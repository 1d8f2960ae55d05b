"""harper_indexer: The only owner of the vector index: account names and descriptions.

Only the package exists so far; its service arrives with its own issue.
"""
