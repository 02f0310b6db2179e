"""A PHH hand's fields, each read with its type and range checked.

TOML gives a field any type: ``variant = []``, ``small_bet = nan``, ``antes = 5``,
``seat_count = ["d"]``, ``currency = 1.5`` are all valid TOML. :class:`Fields`
reads a field as the PHH specification types it, or raises :class:`FieldError` at
the line of its key, naming the field and what it should be.

>>> block = PHHBlock(1, None, ['variant = "FB"', "small_bet = nan", "antes = 5"])
>>> fields = Fields(block, {"variant": "FB", "small_bet": Decimal("NaN"), "antes": 5}, unit=1)
>>> fields.string("variant")
'FB'
>>> fields.amount("small_bet")
Traceback (most recent call last):
badugi_hh.parsers.phh_fields.FieldError: small_bet: expected an amount (a number of chips, \
or money with at most 6 decimals), got NaN
>>> fields.amounts("antes", 2)
Traceback (most recent call last):
badugi_hh.parsers.phh_fields.FieldError: antes: expected an array of 2 amounts, one a player, \
got 5
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any

from badugi_hh.parsers.common import MAX_AMOUNT, MAX_NAME, excerpt

__all__ = ["MAX_DECIMALS", "FieldError", "Fields", "PHHBlock", "shown"]

#: The most decimals an amount may have: a hand of money is counted in cents, or in a
#: finer unit, at most millionths, where its amounts need one (``phh._money_unit``).
MAX_DECIMALS = 6
#: A key at the start of a line: ``variant = "FB"``, or quoted as TOML allows any key
#: (``"variant" = "FB"``, ``'antes' = [0, 0]``), which may then hold any character
#: (``"my note" = 3``, a field the reader names at its line): group 2 is its name.
KEY = re.compile(r"""\s*(["']?)((?<=")(?:[^"\\\n]|\\.)*+|(?<=')[^'\n]*+|[A-Za-z_][\w-]*)\1\s*=""")


class FieldError(Exception):
    """What cannot be read in a hand, and where in the file (1-based line and column)."""

    def __init__(self, message: str, line: int, column: int = 0) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column

    def __str__(self) -> str:
        return self.message


@dataclass(slots=True)
class PHHBlock:
    """The text of one hand: its lines, from line ``start`` of the file.

    ``key`` is the table's name in a ``.phhs`` file, None for a ``.phh`` file.
    """

    start: int
    key: str | None
    lines: list[str] = field(default_factory=list)

    def line_of_key(self, key: str) -> tuple[int, int]:
        """The file's line and column where ``key = ...`` is set (the block's first line
        if nowhere)."""
        for number, text in enumerate(self.lines):
            match = KEY.match(text)
            if match and match.group(2) == key:
                return self.start + number, match.start(1) + 1
        return self.start, 0

    def find(self, literal: str, after: tuple[int, int]) -> tuple[int, int] | None:
        """Line and column (1-based) of the first ``literal`` from ``after`` on, or None."""
        line, column = after
        for number in range(line - self.start, len(self.lines)):
            text = self.lines[number]
            at = text.find(literal, column if number == line - self.start else 0)
            if at >= 0:
                return self.start + number, at + 1
        return None


def shown(value: object) -> str:
    """How an error quotes a value a file wrote: at most 60 characters of it.

    >>> shown("p2 cbr 4"), shown("p2 cbr " + "9" * 100)[-6:], shown([1, [2]])
    ("'p2 cbr 4'", "99...'", '[1, [2]]')
    """
    if isinstance(value, (list, dict)):
        text = excerpt(repr(value), 0, 30)
        return text
    text = str(value) if isinstance(value, (int, Decimal, time)) else repr(value)
    return text if len(text) <= 60 else text[:59] + "..." + text[-1:]


class Fields:
    """The fields of one hand, read with their types checked; amounts scaled to ``unit``
    (100 for money written with cents, 1 for chips)."""

    def __init__(self, block: PHHBlock, data: dict[str, Any], unit: int) -> None:
        self.block, self.data, self.unit = block, data, unit

    def __contains__(self, name: str) -> bool:
        return name in self.data

    def error(self, name: str, message: str) -> FieldError:
        """An error at the key ``name``, saying what it holds."""
        line, column = self.block.line_of_key(name)
        return FieldError(f"{name}: {message}", line, column)

    def _expected(self, name: str, what: str) -> FieldError:
        return self.error(name, f"expected {what}, got {shown(self.data[name])}")

    # -- scalars ---------------------------------------------------------------------

    def string(self, name: str, most: int = 200) -> str | None:
        """A string field (at most ``most`` characters), or None where it is missing."""
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self._expected(name, "a string")
        if len(value) > most:
            raise self.error(name, f"a string of {len(value)} characters, more than {most}")
        return value

    def label(self, name: str) -> str | None:
        """A string or whole number (``hand``, ``table``), as a string."""
        value = self.data.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > MAX_AMOUNT:
                raise self.error(name, f"the number {shown(value)} is more than 10^15")
            return str(value)
        try:
            return self.string(name)
        except FieldError:
            raise self._expected(name, "a string or a whole number") from None

    def labels(self, name: str) -> list[str] | None:
        """An array of any length of strings or whole numbers (hand ids), as strings."""
        values = self.data.get(name)
        if values is None:
            return None
        if not isinstance(values, list) or not all(
                (isinstance(value, str) and 0 < len(value) <= 200) or (
                    isinstance(value, int) and not isinstance(value, bool)
                    and abs(value) <= MAX_AMOUNT) for value in values):
            raise self._expected(name, "an array of hand ids (strings of 1 to 200 "
                                       "characters, or whole numbers)")
        return [str(value) for value in values]

    def integer(self, name: str, least: int, most: int) -> int | None:
        """A whole number from ``least`` to ``most``, or None where it is missing."""
        value = self.data.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._expected(name, f"a whole number from {least} to {most}")
        if not least <= value <= most:
            raise self.error(name, f"{shown(value)} is not from {least} to {most}")
        return value

    def boolean(self, name: str) -> bool | None:
        value = self.data.get(name)
        if value is not None and not isinstance(value, bool):
            raise self._expected(name, "true or false")
        return value

    def local_time(self, name: str) -> time | None:
        """A local time; of a date-time (``2023-06-22T20:02:00``, TOML's form that holds
        the date too, or with its offset, ``2023-06-22T20:02:00-04:00``, which PokerKit
        writes back as it reads them), its clock."""
        value = self.data.get(name)
        if isinstance(value, datetime):
            return value.time().replace(tzinfo=None)
        if value is not None and not isinstance(value, time):
            raise self._expected(name, "a local time such as 20:02:00")
        return value

    def table(self, name: str) -> dict[str, Any] | None:
        value = self.data.get(name)
        if value is not None and not isinstance(value, dict):
            raise self._expected(name, "a table such as {rake = true}")
        return value

    # -- amounts ---------------------------------------------------------------------------

    def amount(self, name: str, value: object = None, *, positive: bool = False) -> int:
        """A number of chips (or of the hand's unit of money), checked: finite, not negative
        (``positive``: above zero), whole in the hand's unit, at most 10^15."""
        value = self.data.get(name) if value is None else value
        scaled = self.scaled(value)
        if scaled is None and self._too_large(value):
            raise self.error(name, f"the amount {shown(value)} is more than {self._limit()}")
        if scaled is None or scaled < 0 or (positive and scaled == 0):
            what = "a positive amount" if positive else "an amount"
            raise self.error(name, f"expected {what} (a number of chips, or money with at "
                                   f"most {MAX_DECIMALS} decimals), got {shown(value)}")
        return scaled

    def _too_large(self, value: object) -> bool:
        """Whether ``value`` is a number past what the store holds in the hand's unit."""
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            return False
        number = Decimal(value)
        try:
            # copy_abs, not abs: abs rounds in the context, where 2.5e99999999999 overflows
            return number.is_finite() and number.copy_abs() * self.unit > MAX_AMOUNT
        except ArithmeticError:   # past what Decimal's context holds: too large
            return True

    def _limit(self) -> str:
        """The most an amount may be, in the file's terms: 10^15 of the hand's unit (for a
        hand its decimals count in millionths, 10^9)."""
        if self.unit == 1:
            return "10^15, the most the store holds"
        step = format(Decimal(1).scaleb(1 - len(str(self.unit))), "f")
        return (f"{MAX_AMOUNT // self.unit:,}: the hand is counted in units of {step}, as "
                "its amounts' decimals need, and the store holds at most 10^15 of them")

    def scaled(self, value: object) -> int | None:
        """``value`` in the hand's unit, or None if it is not an amount that fits."""
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            return None
        if isinstance(value, int):
            return value * self.unit if abs(value) <= MAX_AMOUNT // self.unit else None
        try:
            scaled = value * self.unit
            if not scaled.is_finite() or abs(scaled) > MAX_AMOUNT:
                return None
            whole = scaled.to_integral_value()
        except (InvalidOperation, ArithmeticError):   # an exponent past what Decimal holds
            return None
        return int(whole) if scaled == whole else None

    def array(self, name: str, count: int, what: str) -> list[Any] | None:
        """An array of ``count`` values, one a player, or None where it is missing."""
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != count:
            raise self._expected(name, f"an array of {count} {what}, one a player")
        return value

    def amounts(self, name: str, count: int, *, positive: bool = False) -> list[int] | None:
        values = self.array(name, count, "amounts")
        if values is None:
            return None
        return [self.amount(name, value, positive=positive) for value in values]

    def strings(self, name: str, count: int, *, empty: bool = False) -> list[str] | None:
        """An array of ``count`` strings of at most :data:`MAX_NAME` characters, none empty
        unless ``empty``."""
        values = self.array(name, count, "strings")
        if values is None:
            return None
        least = 0 if empty else 1
        if not all(isinstance(value, str) and least <= len(value) <= MAX_NAME
                   for value in values):
            raise self._expected(name, f"an array of {count} strings of {least} to "
                                       f"{MAX_NAME} characters")
        return values

    def seconds(self, name: str, count: int | None = None) -> object:
        """A time in seconds (``time_limit``), or ``count`` of them, one a player
        (``time_banks``): numbers not below zero, ``inf`` for no limit, as the specification
        allows; None where missing. Read as numbers, not amounts: a time is no money, and
        takes no part in the hand's unit."""
        values = self.data.get(name) if count is None else self.array(name, count, "times")
        if values is None:
            return None
        for value in values if isinstance(values, list) else [values]:
            if isinstance(value, bool) or not isinstance(value, (int, Decimal)) or (
                    value.is_nan() if isinstance(value, Decimal) else False) or value < 0:
                what = f"an array of {count} times" if count is not None else "a time"
                raise self._expected(name, f"{what} in seconds (a number, inf for none)")
        return values

    def integers(self, name: str, count: int, least: int, most: int) -> list[int] | None:
        values = self.array(name, count, "whole numbers")
        if values is None:
            return None
        if not all(isinstance(value, int) and not isinstance(value, bool)
                   and least <= value <= most for value in values):
            raise self._expected(name, f"an array of {count} whole numbers from {least} to "
                                       f"{most}")
        return values
