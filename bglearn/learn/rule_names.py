"""A short name for every rule code (:data:`bglearn.exercises.rules.RULES`), for the mastery picture and the
review: a few words where :func:`~bglearn.exercises.rules.rule_text` gives the whole rule in a sentence.

>>> short_name("BAR_FIRST"), short_name("NOT_A_RULE")
('Enter from the bar first', 'NOT_A_RULE')
"""

from __future__ import annotations

from ..i18n import N_, _

__all__ = ["SHORT_NAMES", "short_name"]

SHORT_NAMES: dict[str, str] = {
    # the rules of play (the engine's reasons)
    "NO_CHECKER": N_("Move your own checkers"),
    "WRONG_DIRECTION": N_("The direction of play"),
    "BLOCKED": N_("Blocked points"),
    "ENTRY_POINT": N_("Where a checker enters"),
    "BAR_FIRST": N_("Enter from the bar first"),
    "BEAR_OFF_NOT_ALL_HOME": N_("All home before bearing off"),
    "BEAR_OFF_HIGHER_POINT": N_("Bearing off with a higher die"),
    "DIE_MISMATCH": N_("Moves match the dice"),
    "DICE_NOT_FULLY_USED": N_("Use both dice"),
    "LARGER_DIE_REQUIRED": N_("Play the larger die"),
    "DOUBLES_UNDERPLAYED": N_("Play all four moves of a double"),
    "NO_BLOT_TO_HIT": N_("Hitting a blot"),
    "MUST_MOVE": N_("You must move if you can"),
    "GAME_OVER": N_("The end of a game"),
    "HEAD_RULE": N_("Long Nardy: the head rule"),
    "CLOSED_POINT": N_("Long Nardy: closed points"),
    "SIX_BLOCK": N_("Long Nardy: six points in a row"),
    # the topics
    "STARTING_POSITION": N_("The starting position"),
    "NUMBERING": N_("Point numbers"),
    "OPENING_THROW": N_("The opening throw"),
    "OPENING_TIE": N_("A tied opening throw"),
    "PIP_COUNT": N_("The pip count"),
    "SMALLER_DIE_ONLY": N_("When only the smaller die plays"),
    "NO_LEGAL_PLAY": N_("No legal play"),
    "ENTERING": N_("Entering from the bar"),
    "BEAR_OFF": N_("Bearing off"),
    "HIT_DURING_BEAR_OFF": N_("Hit while bearing off"),
    "SINGLE": N_("A single game"),
    "GAMMON": N_("A gammon"),
    "BACKGAMMON": N_("A backgammon"),
    "CUBE_VALUE": N_("The cube's value"),
    "JACOBY": N_("The Jacoby rule"),
    "MATCH_SCORE": N_("Scores in a match"),
    "DROP": N_("A dropped double"),
    "MAY_DOUBLE": N_("Who may double"),
    "CUBE_OWNERSHIP": N_("Owning the cube"),
    "DOUBLE_BEFORE_ROLLING": N_("Double before rolling"),
    "CRAWFORD": N_("The Crawford game"),
    "POST_CRAWFORD": N_("After the Crawford game"),
    "MATCH_CAP": N_("The end of a match"),
    "DEAD_CUBE": N_("A dead cube"),
    "BEAVER": N_("Beavers"),
    "AUTO_DOUBLE": N_("Automatic doubles"),
    "RESIGN": N_("Resigning"),
    "BEAR_OFF_DOUBLES": N_("Doubles in the bear-off"),
    "HIT_ON_THE_WAY": N_("Hitting on the way"),
    "HEAD_EXCEPTION": N_("Long Nardy: two off the head"),
    "NARDY_NUMBERING": N_("Long Nardy: point numbers"),
    "NARDY_OPENING": N_("Long Nardy: the opening throw"),
    "OIN_MARS": N_("Long Nardy: oin and mars"),
}
"""Each rule code's short name (marked for translation; shown with :func:`short_name`)."""


def short_name(code: str) -> str:
    """The short name of rule ``code`` in the current language (the code itself for a code this kit
    does not know, e.g. one a newer kit's export brought)."""
    name = SHORT_NAMES.get(code)
    return _(name) if name is not None else code
