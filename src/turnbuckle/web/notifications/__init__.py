"""The web's notifications pages and parts:
notification settings, notices, the iCal and Atom feeds."""
