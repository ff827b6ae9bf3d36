"""The web's api pages and parts:
the JSON API and its models."""
