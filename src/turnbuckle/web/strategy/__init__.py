"""The web's strategy pages and parts:
a player's sheets and strategies: the editors, their live checks, problems placed by field."""
