"""The web's keeper pages and parts:
the table's score keeper: the pages, its form, pads and play, a league's table matches."""
