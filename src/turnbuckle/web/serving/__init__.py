"""The web's serving pages and parts:
the server's plumbing: headers, limits, the write queue, health and metrics, request logs, proxies, static files."""
