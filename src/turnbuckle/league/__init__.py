"""The league: a database of members, competitors, shows and results, and the services over it.

Layers: this package imports core and rulesets (and openskill); the CLI and the web call its
services. SQLAlchemy is imported here, so front ends import this package only inside league commands.
"""
