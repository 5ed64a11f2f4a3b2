"""The sentences a game on the board writes for the learner (:class:`~bglearn.widgets.play.PlayMode`).

Each function turns a state of the :class:`~bglearn.game.Game` (and what the board knows: who is the
computer, the dice left, the moves shown in printed numbers) into one sentence, through gettext.
None of them decides anything: the mode asks the engine and the game, then asks here for the words.
``who`` is the mode's way to name a side (``"Red (computer)"`` for the computer player).

>>> from bglearn.game import Game
>>> from bglearn import Position
>>> game = Game(position=Position(), first=Position().turn)
>>> prompt(game, str, lambda: "")
'White to roll or double.'
>>> moved_with_dice_left("8/5", [1])
'8/5. 1 die left to play: 1.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..i18n import _, join_or, ngettext
from ..position import RED, WHITE, Player, Position
from .common import dice_words

if TYPE_CHECKING:  # pragma: no cover
    from ..dice import Roll
    from ..game import Game

__all__ = [
    "bot_accepts_resignation", "bot_cannot_move", "bot_played", "cannot_move_passes", "doubles", "drops",
    "moved_all_dice", "moved_with_dice_left", "no_dice_left", "offered_value", "opening_note", "played",
    "prompt", "result_words", "select_first", "selected", "selection_cleared", "status_line", "status_words",
    "takes", "took_back", "tray_needs_selection", "nothing_to_undo", "who", "why_not_moving",
]

Who = Callable[[Player], str]


def who(player: Player, computer: bool) -> str:
    """A side's name, ``"Red (computer)"`` when the computer plays it."""
    return _("{player} (computer)").format(player=player) if computer else str(player)


def offered_value(game: Game) -> int:
    """The cube's value once the double offered now is taken."""
    offer = getattr(game.cube, "offer", None)
    return int(offer.value) if offer is not None else 2 * int(game.cube.value)


# -- what happens next --------------------------------------------------------------------------------
def prompt(game: Game, who: Who, lost_reason: Callable[[], str], *, long_nardy: bool = False) -> str:
    """One sentence: what happens next and who does it. ``lost_reason()`` is the engine's reason a
    roll cannot be played (asked only then)."""
    if game.is_over:
        return result_words(game, long_nardy=long_nardy)
    actor = game.to_act
    phase = game.phase
    if phase == "move":
        if not game.legal_plays():
            return _("{who} rolled {roll}. {why} Press Pass.").format(
                who=who(actor), roll=game.roll, why=lost_reason())
        return _("{who} to play {roll}.").format(who=who(actor), roll=game.roll)
    if phase == "roll":
        if game.may_double():
            return _("{who} to roll or double.").format(who=who(actor))
        return _("{who} to roll.").format(who=who(actor))
    if phase == "respond":
        return _("{who}: take or drop the cube at {value}?").format(who=who(actor), value=offered_value(game))
    if phase == "resign":
        return _("{who}: accept or refuse the resignation?").format(who=who(actor))
    return _("{who} to start.").format(who=who(actor))


def result_words(game: Game, *, long_nardy: bool = False) -> str:
    """``Game over: White wins a gammon and scores 2 points.`` (Long Nardy: an oin or a mars)."""
    if long_nardy:  # an oin (1 point) or a mars (2), as the engine names it
        result = game.position.result()
        kind = result.label if result is not None else _("oin")
        return ngettext("Game over: {winner} wins the game ({kind}) and scores {n} point.",
                        "Game over: {winner} wins the game ({kind}) and scores {n} points.", game.points).format(
            winner=game.winner, kind=kind, n=game.points)
    word = getattr(game.result_kind, "word", "single")
    if word == "single":
        return ngettext("Game over: {winner} wins and scores {n} point.",
                        "Game over: {winner} wins and scores {n} points.", game.points).format(
            winner=game.winner, n=game.points)
    return ngettext("Game over: {winner} wins a {kind} and scores {n} point.",
                    "Game over: {winner} wins a {kind} and scores {n} points.", game.points).format(
        winner=game.winner, kind=_(word), n=game.points)


def opening_note(opening: Any, *, long_nardy: bool = False) -> str:
    """Who threw what at the start, and who starts (with which roll)."""
    if long_nardy:  # the higher die starts and then throws both dice for its first turn
        return _("Opening throw: White throws {white}, Red throws {red}; {starter} starts and throws "
                 "both dice.").format(white=opening.white_die, red=opening.red_die, starter=opening.starter)
    return _("Opening roll: White throws {white}, Red throws {red}; {starter} starts with "
             "{roll}.").format(white=opening.white_die, red=opening.red_die, starter=opening.starter,
                               roll=opening.roll)


def why_not_moving(game: Game, who: Who, actor: Player | None, computer_acts: bool) -> str:
    """Why a checker cannot be moved now (not the mover's turn to move, or the game is over)."""
    phase = game.phase
    if phase == "over":
        return _("The game is over: press New game to play again.")
    if actor is not None and computer_acts:
        return _("It is {who}'s turn.").format(who=who(actor))
    if phase == "roll":
        if game.may_double():
            return _("{side}: roll the dice first (or double).").format(side=game.turn)
        return _("{side}: roll the dice first.").format(side=game.turn)
    if phase == "respond":
        return _("{side}: take or drop the cube first.").format(side=actor)
    return _("Nothing to move now ({phase}).").format(phase=phase)


# -- the cube ---------------------------------------------------------------------------------------
def doubles(name: str, game: Game) -> str:
    return _("{who} doubles to {value}.").format(who=name, value=offered_value(game))


def takes(name: str, game: Game) -> str:
    return _("{who} takes: the cube is at {value}.").format(who=name, value=game.cube.value)


def drops(name: str) -> str:
    return _("{who} drops.").format(who=name)


def bot_accepts_resignation(name: str) -> str:
    return _("{who} accepts the resignation.").format(who=name)


# -- turns ------------------------------------------------------------------------------------------
def bot_cannot_move(name: str, roll: Roll, why: str) -> str:
    return _("{who} rolled {roll} and cannot move: {why}").format(who=name, roll=roll, why=why)


def bot_played(name: str, roll: Roll, shown: str) -> str:
    return _("{who} rolled {roll} and played {play}.").format(who=name, roll=roll, play=shown)


def cannot_move_passes(name: str, roll: Roll) -> str:
    return _("{who} cannot move with {roll} and passes.").format(who=name, roll=roll)


def played(name: str, shown: str) -> str:
    return _("{who} played {play}.").format(who=name, play=shown)


# -- the pointer ------------------------------------------------------------------------------------
def selected(where: str, names: Sequence[str]) -> str:
    """``Selected the checker on the 8-point. It can go to 7, 5 or 4.``"""
    return _("Selected the checker on {where}. It can go to {targets}.").format(where=where, targets=join_or(list(names)))


def select_first() -> str:
    return _("Select one of your checkers first, then the point it goes to.")


def selection_cleared() -> str:
    return _("Selection cleared.")


def tray_needs_selection() -> str:
    return _("Select a checker first, then the tray to bear it off.")


def nothing_to_undo() -> str:
    return _("Nothing to undo this turn.")


def took_back(move: str) -> str:
    return _("Took back {move}.").format(move=move)


def no_dice_left(why: str) -> str:
    return _("No dice are left to play. {why}").format(why=why)


def moved_all_dice(moved: str) -> str:
    return _("{moved}. All dice played: press Done to end your turn.").format(moved=moved)


def moved_with_dice_left(moved: str, left: Sequence[int]) -> str:
    return ngettext("{moved}. {n} die left to play: {dice}.", "{moved}. {n} dice left to play: {dice}.",
                    len(left)).format(moved=moved, n=len(left), dice=dice_words(left))


# -- the status line --------------------------------------------------------------------------------
def status_words(game: Game, pending: int, actor: Player | None) -> str:
    """A few plain words: ``White to play 3-1`` (``, 1 move made`` once moves are made this turn;
    a zero count is not said) — the status line's start and the board's repr."""
    phase = game.phase
    if phase == "over":
        return ngettext("game over, {winner} won {n} point", "game over, {winner} won {n} points",
                        game.points).format(winner=game.winner, n=game.points)
    if phase == "move":
        # Translators: {side} is White or Red, {roll} the dice (3-1): the start of the board's status line
        words = _("{side} to play {roll}").format(side=game.turn, roll=game.roll)
        if pending:
            words += ", " + ngettext("{n} move made", "{n} moves made", pending).format(n=pending)
        return words
    if phase == "respond":
        return _("{side} to take or drop").format(side=actor)
    if phase == "roll":
        return _("{side} to roll").format(side=game.turn)
    return _("{side} to start").format(side=game.turn)


def status_line(words: str, game: Game, position: Position, *, bot: Any, human: Player,
                long_nardy: bool = False) -> str:
    """One short line in plain words: ``words`` (capitalised: who acts, the dice), then the cube
    (``Cube: 1, in the middle``), the match score, the pip counts and which side the computer
    plays, joined by `` · ``. The secondary facts come last, so on a narrow screen (two lines at
    320 px) they are what wraps."""
    facts = [words[0].upper() + words[1:]]
    if long_nardy:
        facts.append(_("Long Nardy: no cube"))
    else:
        cube = game.cube
        # Translators: the doubling cube's value (1, 2, 4, ...); "in the middle": nobody owns it yet
        facts.append(_("Cube: {value}, in the middle").format(value=cube.value) if cube.owner is None
                     else _("Cube: {value}, owned by {side}").format(value=cube.value, side=cube.owner))
        if game.length:
            white, red = game.score
            match = _("Match to {length}: White {white}, Red {red}").format(length=game.length, white=white, red=red)
            if game.crawford:
                match += " " + _("(Crawford game: no doubling)")
            facts.append(match)
    facts.append(_("Pips: White {white}, Red {red}").format(white=position.pip_count(WHITE), red=position.pip_count(RED)))
    if bot is not None:
        facts.append(_("{side}: computer").format(side=human.opponent))
    return " · ".join(facts)
