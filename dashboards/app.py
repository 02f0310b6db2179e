"""The badugi-hh dashboard: ``badugi-hh dashboard [--db FILE | --data DIR] [--port N]``
serves it.

Streamlit runs this file; it picks the page and runs it. The tables come from
the dataset of ``--data DIR`` or the database of ``--db FILE`` after streamlit's
``--``, else from $BADUGI_HH_DATA or $BADUGI_HH_DB, else from badugi.duckdb in
the current folder. Every page but Import only reads them.
"""

from __future__ import annotations

import streamlit as st

from badugi_hh.store import StoreError
from dashlib import ui

OVERVIEW = "views/overview.py"
PAGES = [
    # Streamlit serves the default page at / only, whatever its url_path; the hidden
    # twin answers /overview, which the other pages' paths suggest.
    st.Page(OVERVIEW, title="Overview", icon=":material/monitoring:", url_path="home",
            default=True),
    st.Page(OVERVIEW, title="Overview", url_path="overview", visibility="hidden"),
    st.Page("views/live.py", title="Live table", icon=":material/live_tv:", url_path="live"),
    st.Page("views/players.py", title="Players", icon=":material/group:", url_path="players"),
    st.Page("views/leaks.py", title="Leak report", icon=":material/troubleshoot:",
            url_path="leaks"),
    st.Page("views/sessions.py", title="Sessions", icon=":material/event_note:",
            url_path="sessions"),
    st.Page("views/tournaments.py", title="Tournaments", icon=":material/emoji_events:",
            url_path="tournaments"),
    st.Page(ui.REPLAYER_PAGE, title="Hand replayer", icon=":material/replay:",
            url_path=ui.REPLAYER_PATH),
    st.Page(ui.TABLE_PAGE, title="Table", icon=":material/groups:", url_path=ui.TABLE_PATH),
    st.Page("views/audit.py", title="Audit", icon=":material/rule:", url_path="audit"),
    st.Page("views/import_logs.py", title="Import", icon=":material/upload_file:",
            url_path="import"),
]

st.set_page_config(page_title="badugi-hh", page_icon=":material/playing_cards:",
                   layout="wide")
ui.keep_filters()
page = st.navigation(PAGES)
try:
    page.run()
except StoreError as error:   # no database or dataset yet, or an import holds it too long
    st.info(ui.md(error), icon=":material/database:")
