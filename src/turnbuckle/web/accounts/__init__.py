"""The web's accounts pages and parts:
members, sign-in, sessions and CSRF, API token scopes."""
