"""The web's public pages and parts:
the fed's public pages: the league, shows, rosters, verify, cards and charts."""
