"""The assignment loop of a class on a JupyterHub: an exchange folder that carries each student's own
handouts to them, their submissions back, and their own feedback to them — no file copied by hand.

nbgrader's exchange hands the same notebook to every student; ``bglearn assign`` writes one notebook
per student (their own positions), so the kit has an exchange of its own, built the same way (a shared
folder the hub's admin makes once) but with one folder per student that only that student can reach.

- :mod:`bglearn.hub.exchange`: the layout and its safe file steps;
- :mod:`bglearn.hub.teacher`: ``release``, ``collect``, ``return_feedback``;
- :mod:`bglearn.hub.student`: ``fetch``, ``submit``, ``feedback``;
- :mod:`bglearn.hub.acl`: the access control lists that keep each student's files their own.

The command line is ``bglearn hub`` (:mod:`bglearn.commands.hub`).

>>> from bglearn.hub.exchange import Course
>>> Course("/srv/bglearn/exchange", "backgammon-101").box("outbound", "ada")   # only ada may read in it
PosixPath('/srv/bglearn/exchange/backgammon-101/outbound/ada')
"""
