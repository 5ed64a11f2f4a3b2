"""The doubling cube: its value, who owns it, and who may turn it now.

A :class:`Cube` is **immutable**: every action returns a new cube (or, for a drop, the points the
dropper pays), so a game can keep the cube of every moment of its record.

>>> from bglearn import Cube, WHITE, RED
>>> cube = Cube()
>>> cube.value, cube.owner, cube.centred
(1, None, True)
>>> offered = cube.double(WHITE)          # White offers a 2-cube
>>> taken = offered.take()                # Red takes: the game is worth 2 and Red owns the cube
>>> taken.value, taken.owner
(2, RED)
>>> taken.why_not(WHITE)
"Only the cube's owner may redouble."
>>> offered.drop()                        # had Red dropped, Red would pay the stake before the double
1

Rules (``shared/rules.md``): a player may double only at the start of their own turn, before rolling;
either player while the cube is centred, afterwards only its owner; nobody during the Crawford game;
in match play a double that gains nothing (the cube value already covers the points the doubler
needs: a "dead" cube) is allowed by the rules, as ``shared/cases`` S6c expects; GNU Backgammon's
refusal of such doubles is available with ``refuse_dead=True``. Money-play options: beavers and raccoons, an
agreed maximum cube. A refused action raises :class:`~bglearn.errors.CubeActionError` naming the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .errors import CubeActionError
from .i18n import _, ngettext
from .player import Player

__all__ = ["Cube", "Offer", "CUBE_LIMIT"]

CUBE_LIMIT = 2**15
"""The highest value any cube may reach here (the most a GNU Backgammon Match ID can encode)."""


@dataclass(frozen=True)
class Offer:
    """A cube offer waiting for an answer: ``by`` offered the cube at ``value``; ``kind`` is
    ``"double"``, ``"beaver"`` or ``"raccoon"``; if it is taken, ``owner_after`` owns the cube."""

    by: Player
    value: int
    kind: str = "double"
    owner_after: Player | None = None

    @property
    def responder(self) -> Player:
        """The side that must take or drop."""
        return self.by.opponent


@dataclass(frozen=True)
class Cube:
    """The doubling cube (immutable).

    ``value`` is what the game is worth now, ``owner`` the side that may redouble (``None`` while the
    cube is centred), ``offer`` a double waiting for take or drop. ``max_value`` is an agreed maximum
    (money play; ``None`` = no agreed limit), ``beavers``/``raccoons`` allow those money-play options.
    """

    value: int = 1
    owner: Player | None = None
    offer: Offer | None = None
    max_value: int | None = None
    beavers: bool = False
    raccoons: bool = False

    def __post_init__(self) -> None:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int) or v < 1 or v & (v - 1) or v > CUBE_LIMIT:
            raise CubeActionError(_("a cube shows a power of two from 1 to {limit}, got {value}.").format(
                limit=CUBE_LIMIT, value=repr(v)))
        if self.owner is not None:
            object.__setattr__(self, "owner", Player(self.owner))
        m = self.max_value
        if m is not None and (isinstance(m, bool) or not isinstance(m, int) or m < 1 or m & (m - 1)):
            raise CubeActionError(_("the maximum cube must be a power of two, got {value}.").format(value=repr(m)))

    # -- reading ------------------------------------------------------------------------------
    @property
    def centred(self) -> bool:
        """True while nobody owns the cube (either side may double)."""
        return self.owner is None

    @property
    def face(self) -> int:
        """The number the cube shows: 64 while centred at 1, else its value."""
        return 64 if self.value == 1 and self.owner is None else self.value

    @property
    def offered(self) -> bool:
        """True while a double waits for take or drop."""
        return self.offer is not None

    @property
    def limit(self) -> int:
        """The highest value the cube may reach (the agreed maximum, or :data:`CUBE_LIMIT`)."""
        return min(self.max_value, CUBE_LIMIT) if self.max_value else CUBE_LIMIT

    def why_not(
        self,
        player: Player,
        *,
        crawford: bool = False,
        rolled: bool = False,
        match_length: int = 0,
        score: tuple[int, int] = (0, 0),
        refuse_dead: bool = False,
    ) -> str | None:
        """Why ``player`` may not double now, as the rule's sentence, or ``None`` if the double is
        allowed. ``crawford``: this is the Crawford game; ``rolled``: the player has already rolled
        this turn; ``match_length``/``score`` (white, red): the match; ``refuse_dead``: also refuse a
        double of a dead cube, as GNU Backgammon does (the rules allow it)."""
        player = Player(player)
        if self.offer is not None:
            return _("A double is already on offer; it must be taken or dropped first.")
        if crawford:
            return _("Nobody may double during the Crawford game.")
        if rolled:
            return _("You may double only at the start of your turn, before rolling the dice.")
        if self.owner is not None and self.owner != player:
            return _("Only the cube's owner may redouble.")
        if self.value * 2 > self.limit:
            if self.max_value:
                return _("The cube is already at the agreed maximum of {limit}.").format(limit=self.limit)
            return _("The cube is already at {value}, the highest value supported.").format(value=self.value)
        if match_length and refuse_dead:
            need = match_length - score[player]
            if self.value >= need:
                return ngettext(
                    "The cube is dead: {player} needs {n} point to win the match and the cube already "
                    "gives {value}, so doubling gains nothing.",
                    "The cube is dead: {player} needs {n} points to win the match and the cube already "
                    "gives {value}, so doubling gains nothing.", need).format(
                    player=player.name_text, n=need, value=self.value)
        return None

    def may_double(self, player: Player, **context: Any) -> bool:
        """True when ``player`` may double now (keywords as for :meth:`why_not`)."""
        return self.why_not(player, **context) is None

    # -- actions (each returns a new cube) ----------------------------------------------------
    def double(self, player: Player, **context: Any) -> "Cube":
        """The cube with ``player``'s double on offer at twice the value. Raises
        :class:`CubeActionError` naming the rule when the double is not allowed."""
        reason = self.why_not(player, **context)
        if reason:
            raise CubeActionError(reason)
        player = Player(player)
        return replace(self, offer=Offer(player, self.value * 2, "double", player.opponent))

    def _need_offer(self, action: str) -> Offer:
        if self.offer is None:
            text = (_("There is no double to take: nobody has offered the cube.") if action == "take" else
                    _("There is no double to drop: nobody has offered the cube."))
            raise CubeActionError(text)
        return self.offer

    def take(self) -> "Cube":
        """The offer accepted: the game is worth the offered value and the taker owns the cube
        (after a beaver or raccoon the beaverer keeps it)."""
        o = self._need_offer("take")
        return replace(self, value=o.value, owner=o.owner_after, offer=None)

    def drop(self) -> int:
        """The offer refused: the points the dropper pays (the stake before the offer)."""
        self._need_offer("drop")
        return self.value

    def why_not_beaver(self, player: Player, *, match_length: int = 0) -> str | None:
        """Why ``player`` may not beaver now (``None`` if allowed)."""
        o = self.offer
        if o is None or o.kind != "double":
            return _("A beaver is an immediate redouble of a double just offered to you; there is none.")
        if Player(player) != o.responder:
            return _("Only the player who was doubled may beaver.")
        if match_length:
            return _("Beavers are not used in match play.")
        if not self.beavers:
            return _("Beavers are not allowed in this game (beavers=False).")
        if o.value * 2 > self.limit:
            return _("The cube cannot go above {limit}.").format(limit=self.limit)
        return None

    def beaver(self, player: Player, *, match_length: int = 0) -> "Cube":
        """The doubled side takes and at once redoubles, keeping the cube; the original doubler
        must now take, drop (paying the doubled stake) or raccoon."""
        reason = self.why_not_beaver(player, match_length=match_length)
        if reason:
            raise CubeActionError(reason)
        o = self.offer
        assert o is not None
        return replace(self, value=o.value, owner=o.responder, offer=Offer(o.responder, o.value * 2, "beaver", o.responder))

    def why_not_raccoon(self, player: Player, *, match_length: int = 0) -> str | None:
        """Why ``player`` may not raccoon now (``None`` if allowed)."""
        o = self.offer
        if o is None or o.kind != "beaver":
            return _("A raccoon answers a beaver; there is no beaver to answer.")
        if Player(player) != o.responder:
            return _("Only the original doubler may raccoon a beaver.")
        if match_length:
            return _("Raccoons are not used in match play.")
        if not self.raccoons:
            return _("Raccoons are not allowed in this game (raccoons=False).")
        if o.value * 2 > self.limit:
            return _("The cube cannot go above {limit}.").format(limit=self.limit)
        return None

    def raccoon(self, player: Player, *, match_length: int = 0) -> "Cube":
        """The original doubler takes the beaver and redoubles again; the beaverer still keeps the
        cube and must take or drop."""
        reason = self.why_not_raccoon(player, match_length=match_length)
        if reason:
            raise CubeActionError(reason)
        o = self.offer
        assert o is not None
        return replace(self, value=o.value, offer=Offer(o.responder, o.value * 2, "raccoon", o.owner_after))

    def automatic_double(self) -> "Cube":
        """The centred cube doubled for a tie on the opening throw (money play); it stays centred."""
        if self.owner is not None or self.offer is not None:
            raise CubeActionError(_("An automatic double applies only to the centred cube before play."))
        if self.value * 2 > self.limit:
            raise CubeActionError(_("The cube cannot go above {limit}.").format(limit=self.limit))
        return replace(self, value=self.value * 2)

    def __str__(self) -> str:
        if self.owner is None:
            text = _("cube {value}, centred").format(value=self.value)
        else:
            text = _("cube {value}, owned by {player}").format(value=self.value, player=self.owner.name_text)
        if self.offer:
            # Translators: follows "cube 2, centred" after a semicolon.
            text = _("{cube}; {player} offers {value}").format(
                cube=text, player=self.offer.by.name_text, value=self.offer.value)
        return text
