"""The web application: league pages, strategy submission, the table-side score keeper and the JSON
API, served by ``turnbuckle serve``. FastAPI with server-rendered Jinja2 templates and htmx (vendored
under ``static/``); every page calls the same league services as the command line."""
