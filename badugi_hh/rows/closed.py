"""The configuration of a read-only connection, to a database or to a dataset's files.

>>> CLOSED_CONFIG["enable_external_access"], CLOSED_CONFIG["lock_configuration"]
(False, True)
"""

from __future__ import annotations

#: A read-only connection reaches nothing but its database file: a query typed into
#: ``badugi-hh sql`` or the dashboard must not read /etc/passwd, fetch a URL or load
#: an extension. ``lock_configuration`` stops SET undoing them. Given at opening, not
#: SET after: DuckDB shares one instance per file in a process, and a second opening
#: must find the same configuration (a SET on the locked instance would fail).
CLOSED_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "enable_external_access": False,
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
    "lock_configuration": True,
}
