"""Subcommand families of the ``bglearn`` command line (see :mod:`bglearn.cli`)."""
