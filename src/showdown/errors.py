"""The one exception family of showdown: every bad input raises a ``ShowdownError``.

>>> issubclass(CardParseError, ValueError)
True
"""


class ShowdownError(ValueError):
    """Base class of every error showdown raises for bad input."""


class CardParseError(ShowdownError):
    """Text or a value that is not a card (the message names the token and its position)."""


class DuplicateCardError(ShowdownError):
    """The same card given twice (the message names the card)."""


class HandSizeError(ShowdownError):
    """Too few or too many cards for what was asked."""
