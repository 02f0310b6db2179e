"""Import: upload a log and import it; the only page that writes the database or dataset."""

from __future__ import annotations

from pathlib import PurePath

import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

from badugi_hh.commands.dashboard import UPLOAD_LIMIT_MB
from badugi_hh.store import ImportSummary
from dashlib import data, ui

SUMMARY_KEY = "import_summary"
#: The longest upload name kept, in bytes: a file name has at most 255, and the upload
#: may be kept as ``<16 hex digits>-<name>`` beside another of its name.
NAME_BYTES = 200


def fitting_name(name: str) -> str:
    """The upload's name, cut to :data:`NAME_BYTES` bytes of UTF-8, its extension kept:
    a browser sends what the user's system allows (255 characters, not bytes), and a
    longer name cannot be written. The same name is always cut the same way."""
    name = PurePath(name).name
    if len(name.encode("utf-8")) <= NAME_BYTES:
        return name
    suffix = PurePath(name).suffix
    suffix = suffix if len(suffix.encode("utf-8")) <= 16 else ""
    room = NAME_BYTES - len(suffix.encode("utf-8")) - 1
    stem = name[:len(name) - len(suffix)].encode("utf-8")[:room].decode("utf-8", "ignore")
    return f"{stem}~{suffix}"


def import_upload(where: data.Location, upload: UploadedFile,
                  ) -> tuple[ImportSummary, list[str]]:
    """Save the upload beside the database or dataset and import it, counting the
    hands read; returns the summary and the errors that stopped it, if any."""
    try:
        saved = data.save_upload(where.path, fitting_name(upload.name), upload.getvalue())
    except OSError as error:   # a full disk, a folder that cannot be written
        st.error(f"Cannot keep {ui.md(upload.name)} in "
                 f"{ui.md(data.upload_folder(where.path))}: {ui.md(error.strerror or error)}")
        st.stop()
    counter = st.empty()
    read = 0

    def advance(hands: int) -> None:
        nonlocal read
        read += hands
        counter.caption(f"{read:,} hands read…")

    with st.spinner(f"Importing {upload.name}…"):
        outcome = data.import_log(where, saved, advance)
    counter.empty()
    return outcome


where = data.location()
target = f"the dataset {ui.md(where.path)}" if where.dataset else ui.md(where.path)
st.title("Import a log")
st.markdown(
    f"Upload a hand-history log (**.txt** or **.log**, up to **{UPLOAD_LIMIT_MB} MB**). "
    f"It is kept in {ui.md(data.upload_folder(where.path))} and imported into {target}: every "
    "hand is replayed under the rules, its violations recorded, and text that cannot be "
    "read is quarantined. Uploading the same file again changes nothing; uploading it "
    "after it grew adds its new hands. A larger log: `badugi-hh import PATH`.")

upload = st.file_uploader("Log file", type=["txt", "log"], key="import_upload")
if upload is not None and st.button("Import", type="primary", key="import_start"):
    if upload.size > UPLOAD_LIMIT_MB * 1024 * 1024:
        st.error(f"{ui.md(upload.name)} has {upload.size / 2**20:.1f} MB; the limit is "
                 f"{UPLOAD_LIMIT_MB} MB.")
        st.stop()
    st.session_state[SUMMARY_KEY] = (upload.name, *import_upload(where, upload))

if SUMMARY_KEY in st.session_state:
    name, summary, failures = st.session_state[SUMMARY_KEY]
    st.subheader(f"Imported {ui.md(name)}")
    figures = st.columns(5)
    for column, (label, value) in zip(figures, (
            ("Hands read", summary.hands), ("New hands", summary.new_hands),
            ("Sessions", summary.sessions), ("New violations", summary.violations),
            ("Quarantined", summary.quarantined))):
        column.metric(label, f"{value:,}")
    if summary.unchanged:
        st.info("The file was imported before and has not changed since: nothing to add.")
    for problem in summary.unreadable:
        st.error(f"Cannot read {ui.md(problem)}")
    for failure in failures:   # a bug in the dataset's import of this log
        st.error(ui.md(failure))
    st.success(ui.md(summary))
