"""The command line: a thin front end over the core and the rulesets. No rules live here."""
