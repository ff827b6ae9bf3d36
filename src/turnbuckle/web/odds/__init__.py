"""The web's odds pages and parts:
odds pages, their background jobs and charts, and the advisor's pages."""
