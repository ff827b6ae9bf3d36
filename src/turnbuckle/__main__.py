"""``python -m turnbuckle``: the same program as the ``turnbuckle`` command."""

from turnbuckle.cli.app import main

if __name__ == "__main__":
    main()
