"""Bulk simulation and exact odds, checked against the rulesets' reference engines.

This layer imports ``core`` and ``rulesets``; nothing there imports it. Heavy dependencies
(numpy, numba, matplotlib) are imported only inside the functions that need them, so that
``turnbuckle`` starts quickly.
"""
