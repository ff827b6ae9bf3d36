"""Folkstyle in bulk: the fast numba engine, the rule tables it reads, and exact per-exchange odds."""
