"""The balance lab (``turnbuckle sweep``): every pairing of a roster or a build space played by the
fast engines, on this machine or a Dask cluster, then ranked and solved as a metagame.

Modules: ``pairings`` (who meets whom), ``seeds`` (content hashes and per-pairing seeds),
``cache`` (per-pairing results on disk), ``play`` (one pairing, a pure function), ``run_local`` and
``run_dask`` (where pairings play), ``sweep`` (plan and assemble), ``ranking`` (Bradley-Terry),
``metagame`` (the equilibrium mixture), ``builds`` (boxing's build space), ``render`` and ``plot``.
"""
