"""The fast MatchMatch engine (tables, kernel, driver) and its exact per-round odds."""
