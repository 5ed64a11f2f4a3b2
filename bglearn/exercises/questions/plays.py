"""Questions about the plays of a roll: list every legal play, pick the legal play, write a legal
play, where may the checker on the bar enter, may this checker bear off. Every answer is judged by
:func:`~bglearn.verdicts.explain` and :func:`~bglearn.plays.legal_plays`, so equivalent notations are
the same answer because they are the same play.

>>> from bglearn import Position
>>> q = MakePlay(Position(), "65")
>>> q.check("24/13").correct, q.check("24/18/13").correct   # one play, however it is written
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from random import Random
from typing import Any, ClassVar, Iterable

from ...dice import Roll, as_roll
from ...i18n import _, join_and, ngettext
from ...notation import parse_moves
from ...plays import BAR, OFF, Play, legal_plays
from ...position import Position
from ...verdicts import Reason, Verdict, explain, legal_continuations
from ..candidates import tempting_plays
from ..faces import LETTERS
from .base import PLAY_RULES, Judgement, Level, PositionQuestion, no_spoiler

__all__ = ["ListPlays", "PickPlay", "MakePlay", "EntryPoints", "MayBearOff", "PlayHits", "FORCED_TOPICS",
           "play_rules"]


def _reason_codes(reasons: Iterable[Reason]) -> tuple[str, ...]:
    return tuple(sorted({r.name for r in reasons}))


@lru_cache(maxsize=20000)
def play_rules(position: Position, roll: Roll) -> tuple[str, ...]:
    """The rules of play a roll in a position tests, asked of the engine (the rules the tempting
    plays break, and :func:`_play_topics`)."""
    reasons = {r for _, r in tempting_plays(position, roll, PLAY_RULES, light=True)}
    return tuple(sorted(set(_reason_codes(reasons)) | _play_topics(position, roll)))


def _play_topics(position: Position, roll: Roll) -> set[str]:
    """Topics of a roll in a position, asked of the engine: no legal play; only the smaller die
    playable; a bearing-off side that was hit (a checker borne off and one back); a double that bears off
    (every legal play bears a checker off); Long Nardy's first-turn double that lets two checkers leave
    the head (a legal play takes two off it)."""
    out: set[str] = set()
    plays = legal_plays(position, roll)
    mover = position.turn
    if not plays:
        out.add("NO_LEGAL_PLAY")
    elif not roll.is_double and all(p.dice_used == (roll.low,) for p in plays):
        out.add("SMALLER_DIE_ONLY")
    if position.off(mover) and (position.bar(mover) or sum(position.checkers(mover)[7:25])):
        out.add("HIT_DURING_BEAR_OFF")
    if roll.is_double and plays and all(p.result.off(mover) > position.off(mover) for p in plays):
        out.add("BEAR_OFF_DOUBLES")
    head = len(position.checkers(mover)) - 1
    if not position.hits and any(position.checkers(mover)[head] - p.result.checkers(mover)[head] > 1 for p in plays):
        out.add("HEAD_EXCEPTION")
    return out


FORCED_TOPICS = frozenset({"DICE_NOT_FULLY_USED", "LARGER_DIE_REQUIRED", "SMALLER_DIE_ONLY", "DOUBLES_UNDERPLAYED",
                           "NO_LEGAL_PLAY"})
"""What a play question's answer depends on: how many dice (and which) can be played."""


def _forced_group(roll: Roll) -> frozenset[str]:
    """The forced-move topics a roll could raise: a double can be underplayed, two dice can be played
    in full, by the larger or the smaller only; any roll can be unplayable."""
    if roll.is_double:
        return frozenset({"DOUBLES_UNDERPLAYED", "NO_LEGAL_PLAY"})
    return frozenset({"DICE_NOT_FULLY_USED", "LARGER_DIE_REQUIRED", "SMALLER_DIE_ONLY", "NO_LEGAL_PLAY"})


@dataclass(frozen=True)
class _RollQuestion(PositionQuestion):
    roll: Roll = Roll(1, 1)

    def __post_init__(self) -> None:
        if not isinstance(self.roll, Roll):
            object.__setattr__(self, "roll", as_roll(self.roll))

    def _xgid_fields(self) -> dict[str, Any]:
        return {"dice": tuple(self.roll)}

    def legal(self) -> list[Play]:
        return legal_plays(self.position, self.roll)

    def play_topics(self) -> set[str]:
        return _play_topics(self.position, self.roll)

    def rules(self) -> tuple[str, ...]:
        return play_rules(self.position, self.roll)

    def answer_count(self) -> int:
        return len(self.legal())


@dataclass(frozen=True)
class _PlayQuestion(_RollQuestion):
    """A question whose answer is a play: the forced-move topics a roll could raise are named together."""

    answer_rules: ClassVar[frozenset[str]] = frozenset(FORCED_TOPICS)

    def answer_rules_here(self) -> frozenset[str]:
        return _forced_group(self.roll)


@dataclass(frozen=True)
class ListPlays(_PlayQuestion):
    """List every legal play of the roll (``[]`` if the turn is lost)."""

    kind: ClassVar[str] = "list-plays"
    level: ClassVar[Level] = "apply"

    def prompt(self) -> str:
        return _("{mover} to play **{roll}**. List **every** legal play. Each play is written once (equivalent "
                 "notations count as the same play); if no play is legal, answer `[]`.").format(
                     mover=self.mover, roll=self.roll)

    def judge(self, answer: Any) -> tuple[bool, str]:
        texts = self.read(answer)
        legal = self.legal()
        found: set[Play] = set()
        wrong: list[str] = []
        repeated = 0
        for text in texts[:50]:
            v = explain(self.position, self.roll, text)
            if v.legal and v.play is not None and not v.play.is_empty:
                if v.play in found:
                    repeated += 1
                found.add(v.play)
            elif v.legal and not legal:
                continue  # "no play" when the turn is lost
            else:
                wrong.append(_("{play} is not legal: {why}").format(play=f"`{text}`", why=no_spoiler(v)))
        if len(texts) > 50:
            wrong.append(ngettext("You wrote {n} play; no roll has that many here.",
                                  "You wrote {n} plays; no roll has that many here.", len(texts)).format(n=len(texts)))
        if not legal:
            if not texts or not wrong:
                return True, _("Right: {roll} cannot be played at all here, so the turn is lost.").format(roll=self.roll)
            return False, " ".join(wrong[:3])
        parts = list(wrong[:3])
        missing = [p for p in legal if p not in found]
        if missing:
            parts.append(_("Some legal plays are missing from your list ({n} found).").format(n=len(found)))
        if parts:
            return False, " ".join(parts)
        message = ngettext("Right: this is the {n} legal play of {roll}.", "Right: these are all {n} legal plays of {roll}.",
                           len(legal)).format(n=len(legal), roll=self.roll)
        if repeated:
            message += " " + ngettext("(You wrote {n} play twice in different ways.)",
                                      "(You wrote {n} plays twice in different ways.)", repeated).format(n=repeated)
        return True, message

    def example_answer(self) -> list[str]:
        return [p.notation for p in self.legal()]

    def answer_count(self) -> int:
        """The number of plays the complete list holds (how much the student must write)."""
        return len(self.legal())

    def difficulty(self) -> int:
        return max(1, len(self.rules())) + (1 if len(self.legal()) > 1 else 0)


@dataclass(frozen=True)
class PickPlay(_PlayQuestion):
    """Choose the one legal play among the candidates (answer its letter)."""

    kind: ClassVar[str] = "pick-play"
    level: ClassVar[Level] = "apply"
    options: tuple[str, ...] = ()

    def prompt(self) -> str:
        lines = [_("{mover} to play **{roll}**. Exactly one of these plays is legal. Which one?").format(
            mover=self.mover, roll=self.roll), ""]
        lines += [f"- **{LETTERS[i]}**: `{text}`" for i, text in enumerate(self.options)]
        return "\n".join(lines)

    def _choice(self, answer: Any) -> int | None:
        """The index of the option ``answer`` chooses; ``None`` for a play that is none of them."""
        chosen = self.read(answer)
        if isinstance(chosen, int):
            return chosen
        mine = explain(self.position, self.roll, chosen)
        if mine.play is not None:
            for i, text in enumerate(self.options):
                v = explain(self.position, self.roll, text)
                if v.play is not None and v.play == mine.play:
                    return i
        return None

    def judge(self, answer: Any) -> tuple[bool, str]:
        i = self._choice(answer)
        if i is None:
            return False, _("{answer} is none of the options {letters}: choose one of them.").format(
                answer=f"`{answer}`", letters=", ".join(LETTERS[: len(self.options)]))
        v = explain(self.position, self.roll, self.options[i])
        if v.legal:
            return True, _("Right: {letter} ({play}) is legal. {why}").format(
                letter=LETTERS[i], play=f"`{self.options[i]}`", why=v.message)
        return False, _("{letter} ({play}) is not legal: {why}").format(
            letter=LETTERS[i], play=f"`{self.options[i]}`", why=no_spoiler(v))

    def verdicts(self) -> list[Verdict]:
        return [explain(self.position, self.roll, t) for t in self.options]

    def rules(self) -> tuple[str, ...]:
        reasons = {v.reason for v in self.verdicts() if not v.legal and v.reason in PLAY_RULES}
        return tuple(sorted(set(_reason_codes(reasons)) | (self.play_topics() - {"NO_LEGAL_PLAY"})))

    def answer_count(self) -> int:
        return sum(1 for v in self.verdicts() if v.legal)

    def example_answer(self) -> str:
        for i, v in enumerate(self.verdicts()):
            if v.legal:
                return LETTERS[i]
        raise AssertionError("a pick-the-play question without a legal option")


@dataclass(frozen=True)
class MakePlay(_PlayQuestion):
    """Write a legal play of the roll."""

    kind: ClassVar[str] = "make-play"
    level: ClassVar[Level] = "apply"
    task: str = ""
    """An extra sentence of the task: an English message marked with ``N_`` (stored as it is, so a
    question reads back the same in any language), translated when shown; it may name ``{player}`` (the
    side on roll), ``{high}`` and ``{low}`` (the dice)."""

    def prompt(self) -> str:
        head = _("{mover} to play **{roll}**.").format(mover=self.mover, roll=self.roll)
        extra = " " + _(self.task).format(player=self.mover, high=self.roll.high, low=self.roll.low) if self.task else ""
        return head + extra + " " + _("Write a **legal** play (answer `\"no play\"` if the roll cannot be played).")

    def judge(self, answer: Any) -> Judgement:
        v = explain(self.position, self.roll, self.read(answer))
        if v.legal:
            return True, _("Right: {why}").format(why=v.message), v.play
        return False, no_spoiler(v)

    def example_answer(self) -> str:
        plays = self.legal()
        return plays[0].notation if plays else "no play"


@dataclass(frozen=True)
class EntryPoints(_RollQuestion):
    """On which points may the checker on the bar enter with this roll?"""

    kind: ClassVar[str] = "entry-points"
    level: ClassVar[Level] = "apply"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"ENTERING", "BLOCKED", "NO_LEGAL_PLAY"})

    def prompt(self) -> str:
        n = self.position.bar(self.mover)
        return ngettext("{mover} has {n} checker on the bar and rolls **{roll}**. On which points may the "
                        "checker on the bar enter? Give the points in {mover}'s numbering; answer `[]` if it "
                        "cannot enter.",
                        "{mover} has {n} checkers on the bar and rolls **{roll}**. On which points may a checker "
                        "(of the {n}) on the bar enter? Give the points in {mover}'s numbering; answer `[]` if it "
                        "cannot enter.", n).format(mover=self.mover, n=n, roll=self.roll)

    def truth(self) -> list[int]:
        return sorted({m.destination for m in legal_continuations(self.position, self.roll) if m.source == BAR})

    def rules(self) -> tuple[str, ...]:
        out = {"ENTERING"}
        blocked = [d for d in set(self.roll.dice) if 25 - d not in self.truth()]
        if blocked:
            out.add("BLOCKED")
        if not self.truth():
            out.add("NO_LEGAL_PLAY")
        return tuple(sorted(out))

    def answer_count(self) -> int:
        return len(self.truth())

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        truth = self.truth()
        if mine == truth:
            if not truth:
                return True, _("Right: with {roll} the checker cannot enter, so {mover} loses the turn.").format(
                    roll=self.roll, mover=self.mover)
            return True, _("Right: it may enter on {points}.").format(points=join_and(truth))
        parts = []
        for p in mine:
            if p not in truth:
                v = explain(self.position, self.roll, f"bar/{p}", complete=False)
                parts.append(f"bar/{p}: {no_spoiler(v)}" if not v.legal
                             else _("{move} is not a legal entry.").format(move=f"bar/{p}"))
        if any(p not in mine for p in truth):
            parts.append(_("Your list misses a point where it may enter."))
        return False, " ".join(parts)

    def example_answer(self) -> list[int]:
        return self.truth()


@dataclass(frozen=True)
class MayBearOff(_RollQuestion):
    """Is there a legal play of the roll that bears a checker off from the given point?"""

    kind: ClassVar[str] = "may-bear-off"
    level: ClassVar[Level] = "transfer"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"BEAR_OFF", "BEAR_OFF_NOT_ALL_HOME", "BEAR_OFF_HIGHER_POINT",
                                                        "HIT_DURING_BEAR_OFF"})
    point: int = 6

    def prompt(self) -> str:
        return _("{mover} rolls **{roll}**. May {mover} bear off a checker from the **{point}-point** this turn, "
                 "that is: is there a legal play of {roll} that includes {move}? Answer `True` or `False`.").format(
                     mover=self.mover, roll=self.roll, point=self.point, move=f"`{self.point}/off`")

    def witness(self) -> Play | None:
        for play in self.legal():
            for seg in parse_moves(play.notation):
                if seg.path[0] == self.point and seg.path[-1] == OFF:
                    return play
        return None

    def rules(self) -> tuple[str, ...]:
        """``BEAR_OFF``, and the bear-off rule that forbids this checker's move when one does (asked of
        :func:`~bglearn.verdicts.explain`), and ``HIT_DURING_BEAR_OFF`` for a side hit while bearing off."""
        out = {"BEAR_OFF"} | (self.play_topics() & {"HIT_DURING_BEAR_OFF"})
        if self.witness() is None:
            v = explain(self.position, self.roll, f"{self.point}/off", complete=False)
            if not v.legal and v.reason.name in self.answer_rules:
                out.add(v.reason.name)
        return tuple(sorted(out))

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        play = self.witness()
        if play is not None:
            why = _("{play} is a legal play of {roll}, and it bears off from the {point}-point.").format(
                play=f"`{play}`", roll=self.roll, point=self.point)
            return ((True, _("Right: {why}").format(why=why)) if mine else
                    (False, _("It may: look for a legal play of the whole roll that ends with {move}.").format(
                        move=f"{self.point}/off")))
        v = explain(self.position, self.roll, f"{self.point}/off", complete=False)
        why = v.message if not v.legal else _("no legal play of {roll} includes {move}.").format(
            roll=self.roll, move=f"{self.point}/off")
        return ((True, _("Right: {why}").format(why=why)) if not mine
                else (False, _("It may not: {why}").format(why=why)))

    def example_answer(self) -> bool:
        return self.witness() is not None

    def answer_count(self) -> int:
        return 1

    @classmethod
    def chosen(cls, position: Position, roll: Roll, rng: Random, truth: bool | None = None) -> "MayBearOff | None":
        """A question on a checker of the side on roll that one die of ``roll`` could carry off (a die
        at least its point), picked with ``rng``; with ``truth``, only a question whose answer it is.
        ``None`` when the roll offers no such checker or the answer is not ``truth``."""
        me = position.checkers(position.turn)
        points = [p for p in range(1, 7) if me[p] and any(d >= p for d in roll.dice)]
        if not points:
            return None
        question = cls(position, roll=roll, point=rng.choice(points))
        if truth is not None and question.example_answer() is not truth:
            return None
        return question


@dataclass(frozen=True)
class PlayHits(_RollQuestion):
    """A play that moves one checker with both dice, written with the point it stops on between
    (``13/7/5``, no hits marked): how many opposing checkers does it send to the bar? The checker stops
    on the point between, so a blot there is hit on the way."""

    kind: ClassVar[str] = "play-hits"
    level: ClassVar[Level] = "transfer"
    play: str = ""

    def prompt(self) -> str:
        return _("{mover} plays **{roll}** as {play}: one checker moves both dice, stopping on the point "
                 "between. How many of {opponent}'s checkers does this play send to the bar?").format(
                     mover=self.mover, roll=self.roll, play=f"`{self.play}`", opponent=self.mover.opponent)

    def verdict(self) -> Verdict:
        """The engine's verdict on the play (legal, with its hits)."""
        return explain(self.position, self.roll, self.play)

    def truth(self) -> int:
        played = self.verdict().play
        assert played is not None, "a play-hits question's play is legal"
        return played.hit_count

    def rules(self) -> tuple[str, ...]:
        return ("HIT_ON_THE_WAY",) if self.verdict().legal else ()

    def answer_count(self) -> int:
        return 1

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        played = self.verdict().play
        assert played is not None
        if mine == played.hit_count:
            return True, ngettext("Right: {play} hits {n} checker.", "Right: {play} hits {n} checkers.",
                                  played.hit_count).format(play=f"`{played.path_notation}`", n=played.hit_count)
        return False, _("Not {answer}. Look at every point the checker stops on, the one between too: a "
                        "single opposing checker there is hit.").format(answer=mine)

    def example_answer(self) -> int:
        return self.truth()
