"""The benchmarks (``make bench``, ``python -m benchmarks``): they time things, assert nothing, and
write what they print to docs/benchmarks.md, the one page that holds measurements. They are no part
of the installed package (the wheel holds ``src/turnbuckle`` only).

- ``engines``: the odds engines' rates, the run sizes of ``turnbuckle odds`` (``engine_sizes``) and
  the start-up of the quick commands;
- ``league``: a 30-match show run from the command line, and the 10,000-match league the web part serves;
- ``web``: page times against ``turnbuckle serve``, idle and under load (``web_load``);
- ``lab``: the balance lab's round robin, locally and through Dask;
- ``sweep_cost``: a sweep's cost per match at two sizes (does it follow its matches, not its pairings?);
- ``advisor``: how good the MatchMatch advisor's answers are.

Adding a part: see benchmarks/README.md (a module with a ``main()`` that prints, named in ``PARTS``).
"""
