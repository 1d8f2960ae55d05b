"""harper_indexer: the only owner of the vector index of account names and descriptions.

The library, one job a module:

- ``account_index``: ``AccountIndex``, what the handlers call (upsert, lookup, search, scan).
- ``ingest``: bring the index in line with a memory root, in batches.
- ``store``: the ``VectorStore`` seam and ``open_store``; ``edge_store`` (qdrant-edge,
  in-process) and ``server_store`` (qdrant-client, a Qdrant server) implement it.
- ``embedding`` + ``minilm``: all-MiniLM-L6-v2 run in numpy (no torch).
- ``names``: name normal forms, trigram vectors, the edit-distance rerank.
- ``descriptions`` + ``places``: the description line, payloads and filters.
- ``lexical`` + ``sparse``: BM25 and hashed sparse vectors.

The bus side: ``service`` (``harper serve indexer``), ``handlers``, ``worker``; and
``ingest_command`` (``harper ingest``).
"""
