"""Audit: every rule violation found replaying the logs, and the text no parser could read."""

from __future__ import annotations

import streamlit as st

from badugi_hh import stats
from badugi_hh.filters import Filters
from dashlib import data, ui, units
from dashlib.data import HandKey

db = data.current()
st.title("Audit")

older_audit = data.ask(db, "older_audit_count")
if older_audit:
    st.warning(stats.older_audit_line(older_audit))
by_rule = data.ask(db, "violations_by_rule", Filters())
if by_rule.empty:
    st.success("No hand or session breaks a rule.")
else:
    st.markdown("**Violations by rule** (docs/rules.md says how each rule is checked), each "
                "titled as the ruleset of the hands that broke it states it")
    st.dataframe(by_rule, hide_index=True, column_config=ui.readable_columns(by_rule))
    rules = st.multiselect("Rules", list(dict.fromkeys(by_rule["rule"])), key="audit_rules",
                           placeholder="All rules")
    total = data.ask(db, "violation_count", tuple(rules))
    offset = ui.pager(total, "audit_page")
    violations = data.ask(db, "violation_page", tuple(rules), offset, data.PAGE_ROWS)
    listed = units.with_site_names(ui.with_replay_links(violations))
    st.dataframe(listed, hide_index=True, placeholder="the session as a whole",
                 column_order=["replay", "rule", "hand_id", "site", "message", "source", "line",
                               "session_id", "level"],
                 column_config=ui.readable_columns(listed, {
                     "replay": ui.REPLAY_LINK, "source": "file", "session_id": "session",
                     "hand_id": "hand"}))
    ui.open_in_replayer({f"[{row.rule}] {row.hand_id} · line {row.line}":
                         HandKey(row.source, row.hand_id)
                         for row in violations.itertuples() if isinstance(row.hand_id, str)},
                        "audit_hand")

st.subheader("Coverage")
coverage = data.coverage(db, Filters())
st.markdown(f"**{coverage['text']}.** Hands of games the engine does not audit are skipped "
            "and counted by game; unreadable text is kept below.")
if coverage["skipped_by_game"]:
    st.dataframe([{"game": game, "hands skipped": hands}
                  for game, hands in coverage["skipped_by_game"].items()], hide_index=True)

st.subheader("Quarantine")
quarantined = data.ask(db, "quarantine_count")
if not quarantined:
    st.success("Every text of the logs was read.")
    st.stop()
st.caption(f"{quarantined:,} texts could not be parsed; they are kept verbatim, with the "
           "parser's reason.")
first = ui.pager(quarantined, "quarantine_page")
for row in data.ask(db, "quarantine_page", first, data.PAGE_ROWS).itertuples():
    where = f"{row.source}:{row.line}" + (f":{row.column_number}" if row.column_number else "")
    with st.expander(ui.md(f"{where} — {row.error}")):
        st.code(row.text, language=None)
