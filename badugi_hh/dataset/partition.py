"""Which site and month folder each row of a batch goes to.

A hand's rows all go to the hand's folder, a session's to the session's: the
hands and sessions of a batch are looked up by id, in Arrow, without a Python
loop over rows.
"""

from __future__ import annotations

from collections.abc import Iterator

import pyarrow as pa
import pyarrow.compute as pc

from badugi_hh.dataset.layout import PARTITIONED_BY_HAND, PARTITIONED_BY_ROW, partition_folder

_SEPARATOR = "\x1f"


def _own_folders(table: pa.Table) -> pa.Array:
    """The folder of each row that carries its site and start time."""
    months = pc.fill_null(pc.strftime(table["started_at"], format="%Y-%m"), "")
    joined = pc.binary_join_element_wise(table["site"], months, _SEPARATOR)
    encoded = joined.combine_chunks().dictionary_encode()
    folders = pa.array([partition_folder(*combined.split(_SEPARATOR))
                        for combined in encoded.dictionary.to_pylist()], pa.string())
    return pc.take(folders, encoded.indices)


def _looked_up(ids: pa.ChunkedArray, known_ids: pa.Array, folders: pa.Array) -> pa.Array:
    """The folder of each id's row among ``known_ids`` (null where there is none)."""
    return pc.take(folders, pc.index_in(ids, value_set=known_ids))


class Folders:
    """The folders of one batch's hands and sessions, to place every row by."""

    def __init__(self, hands: pa.Table | None, sessions: pa.Table | None) -> None:
        empty = pa.array([], pa.string())
        self.hand_ids = hands["hand_id"].combine_chunks() if hands else empty
        self.hand_folders = _own_folders(hands) if hands else empty
        self.session_ids = sessions["session_id"].combine_chunks() if sessions else empty
        self.session_folders = _own_folders(sessions) if sessions else empty

    def of(self, name: str, table: pa.Table) -> pa.Array:
        """The folder of each row of ``table`` (of the store's table ``name``)."""
        if name in PARTITIONED_BY_ROW:
            return _own_folders(table)
        if name in PARTITIONED_BY_HAND:
            return _looked_up(table["hand_id"], self.hand_ids, self.hand_folders)
        by_session = _looked_up(table["session_id"], self.session_ids, self.session_folders)
        if name == "session_players":
            return by_session
        # violations: a hand's go with the hand, a session's with the session
        by_hand = _looked_up(table["hand_id"], self.hand_ids, self.hand_folders)
        return pc.if_else(pc.is_null(by_hand), by_session, by_hand)


def split(table: pa.Table, folders: pa.Array | pa.ChunkedArray,
          ) -> Iterator[tuple[str, pa.Table]]:
    """``table``'s rows folder by folder. A row whose hand or session is not in
    the batch (none is, by construction) would go to the unknown folder."""
    folders = pc.fill_null(folders, partition_folder(None, None))
    if isinstance(folders, pa.ChunkedArray):
        folders = folders.combine_chunks()
    encoded = folders.dictionary_encode()
    for index, folder in enumerate(encoded.dictionary.to_pylist()):
        yield folder, table.filter(pc.equal(encoded.indices, index))
