"""The fast UOV Deathmatch engine and the exact odds of one attack."""
