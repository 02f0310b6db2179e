"""Import: upload a log and import it, or watch a folder a site writes into; the only
page that writes the database or dataset."""

from __future__ import annotations

import time
from pathlib import PurePath

import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

from badugi_hh.commands.dashboard import UPLOAD_LIMIT_MB
from badugi_hh.progress import described
from badugi_hh.sources import IMPORTED_SUFFIXES
from badugi_hh.store import ImportSummary
from dashlib import data, ui, watching

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
    suffix = next((known for known in sorted(IMPORTED_SUFFIXES, key=len, reverse=True)
                   if name.lower().endswith(known)), PurePath(name).suffix)   # .tar.gz whole
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
    bar = Bar(upload.size)
    with st.spinner(f"Importing {upload.name}…"):
        outcome = data.import_log(where, saved, bar.hands_read, bar.bytes_read)
    bar.clear()
    return outcome


class Bar:
    """The import's progress over the log's bytes: share, hands, rate and time left."""

    def __init__(self, total_bytes: int) -> None:
        self.total = total_bytes
        self.done = self.hands = 0
        self.started = time.perf_counter()
        self.widget = st.progress(0.0, text=self.text()[1])

    def text(self) -> tuple[float, str]:
        return described(self.done, self.total, self.hands, "hand",
                         time.perf_counter() - self.started)

    def hands_read(self, hands: int) -> None:
        self.hands += hands
        self.widget.progress(*self.text())

    def bytes_read(self, count: int) -> None:
        self.done += count
        self.widget.progress(*self.text())

    def clear(self) -> None:
        self.widget.empty()


def watch_folder(where: data.Location) -> None:
    """Start or stop watching a folder; what the watcher said last."""
    st.subheader("Watch a folder")
    st.markdown(
        "Give the folder a poker site writes its hand histories into: what it holds is "
        "imported, then every hand the site appends, a moment after it is written, "
        "until you stop. The other pages show the new hands at their next view; the "
        "[Live table](live) follows each table's newest hand by itself. From "
        "a terminal: `badugi-hh watch FOLDER`.")
    roots = watching.watch_roots()
    if not roots:
        st.info("Watching is off on this server: it watches only folders under those its "
                "owner names, when it starts it with `badugi-hh dashboard --watch-root DIR`.")
    current = watching.watching(where)
    running = current is not None and current.running
    folder = st.text_input("Folder", value=current.folder if current else "",
                           key="watch_folder", disabled=running or not roots)
    start, stop = st.columns(2)
    if not running and start.button("Start watching", key="watch_start", type="primary",
                                    disabled=not roots):
        chosen = watching.watchable(folder, roots)
        if isinstance(chosen, str):
            st.error(f"{ui.md(folder or 'No folder given')}: {ui.md(chosen)}")
        else:
            current = watching.start(where, str(chosen))
            running = True
    if running and stop.button("Stop watching", key="watch_stop"):
        watching.stop(where)
        running = False
    if current is not None:
        watcher_said(where)


@st.fragment(run_every=2.0)
def watcher_said(where: data.Location) -> None:
    """The watcher's state and last lines, looked at again every 2 s."""
    current = watching.watching(where)
    if current is None:
        return
    state = "Watching" if current.running else "Stopped watching"
    st.caption(f"{state} {ui.md(current.folder)}")
    lines = current.last_lines()
    if lines:
        st.code("\n".join(lines), language=None)


where = data.location()
target = f"the dataset {ui.md(where.path)}" if where.dataset else ui.md(where.path)
st.title("Import a log")
st.markdown(
    f"Upload a hand-history log ({ui.md(', '.join(IMPORTED_SUFFIXES))}: a site's export, PHH, "
    f"an archive of logs; up to **{UPLOAD_LIMIT_MB} MB**). "
    f"It is kept in {ui.md(data.upload_folder(where.path))} and imported into {target}: every "
    "hand is replayed under the rules, its violations recorded, and text that cannot be "
    "read is quarantined. Uploading the same file again changes nothing; uploading it "
    "after it grew adds its new hands. A larger log: `badugi-hh import PATH`.")

# The names a folder's search reads (badugi_hh.sources): one rule for every way in.
upload = st.file_uploader("Log file", type=list(IMPORTED_SUFFIXES), key="import_upload")
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
            ("Sessions read", summary.sessions), ("New violations", summary.violations),
            ("Quarantined", summary.quarantined))):
        column.metric(label, f"{value:,}")
    if summary.unchanged:
        st.info("The file was imported before and has not changed since: nothing to add.")
    for problem in summary.unreadable:
        st.error(f"Cannot read {ui.md(problem)}")
    for failure in failures:   # a bug in the dataset's import of this log
        st.error(ui.md(failure))
    st.success(ui.md(summary))


watch_folder(where)
