"""The one exception family of showdown: every error it raises for a question it cannot answer
is a ``ShowdownError`` (a ``ValueError``), and each kind of problem has its own type, so that a
caller tells them apart by type, never by the text of the message.

>>> issubclass(CardParseError, ValueError), issubclass(EquityCancelled, Cancelled)
(True, True)
"""


class ShowdownError(ValueError):
    """Base class of every error showdown raises for bad input or a stopped computation."""


class CardParseError(ShowdownError):
    """Text or a value that is not a card (the message names the token and its position)."""


class DuplicateCardError(ShowdownError):
    """The same card given twice (the message names the card)."""


class HandSizeError(ShowdownError):
    """Too few or too many cards for what was asked."""


class GameError(ShowdownError):
    """An unknown game, or something a game does not have (such as a low half or a card of the
    short deck's missing ranks)."""


class RangeParseError(ShowdownError):
    """Range text that cannot be parsed (the message names the token and its position)."""


class Cancelled(ShowdownError):
    """A long computation stopped before its end because its progress callback returned False."""


class EquityError(ShowdownError):
    """An equity question that cannot be answered as asked."""


class PlayerCountError(EquityError):
    """Fewer than 2 or more than 10 players."""


class EmptyRangeError(EquityError):
    """A player's range holds no combo once the known cards are removed."""


class EquityCancelled(EquityError, Cancelled):
    """An equity run (or an odds grid) stopped by its progress callback before the end."""


class StudyError(ShowdownError):
    """A board study question that cannot be answered as asked (an unknown hand class, a game
    the study does not cover)."""


class SettlementError(ShowdownError):
    """A hand that cannot be settled as given (bad chips, names, cards or button)."""


class VideoPokerError(ShowdownError):
    """A video poker question that cannot be answered as asked."""


class PaytableError(VideoPokerError):
    """A pay table that is unknown or malformed (the message names the bad entry)."""


class HoldParseError(VideoPokerError):
    """Text that does not say which cards of the deal to hold (the message names the token)."""


class AnalysisStopped(VideoPokerError, Cancelled):
    """A pay table analysis stopped by its progress callback before the end."""


class DistributedError(ShowdownError):
    """A cluster could not be reached or used as asked."""


class FileError(ShowdownError):
    """A file that cannot be used as asked: missing, a directory, unreadable, too large, not
    UTF-8 text, or an output that cannot be written (the message names the file)."""


class JSONError(ShowdownError):
    """JSON text that cannot be used: not valid, nested too deep, too large, or holding a number
    JSON does not allow (NaN, Infinity); the message says what and where."""
