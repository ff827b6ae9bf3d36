"""The web's organiser pages and parts:
the organiser's pages: setup, the first run, a show's card and roster, settings, the auto-locker."""
