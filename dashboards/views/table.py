"""Table: the players seated at one hand, each one's habits over all his stored hands, and
the net of the chosen person (you) against each; beside each name, the label you gave him
and the first line of your note on him (``badugi-hh label``, ``note --player``).

The replayer opens it with ``?hand=<hand id>&source=<file>``. Every figure shows its
sample size, ``34.0% (n=120)``: the share of 120 chances (hands for VPIP and PFR, chances
to 3-bet, actions for aggression, hands that saw the first draw for went to showdown,
bets faced in the round for fold to a bet, draws for standing pat and cards per
draw). Draws are shown for four-card and five-card games apart. The net is the
chosen person's own net in the hands both were dealt in, in each currency.
"""

from __future__ import annotations

import streamlit as st

from badugi_hh.filters import player_label, site_name
from badugi_hh.stats import FIGURE_LABELS, FIGURES, Opponents, figure_text, site_number
from dashlib import data, ui
from dashlib.data import Database, HandKey

_CELL = "padding:0.25rem 0.5rem;border-bottom:1px solid #e3e3e3;white-space:nowrap"
_TABLE = "border-collapse:collapse;font-size:0.9rem"
_HAND_SIZES = (4, 5)
#: The first line of the user's note on a player: wrapped, never cut.
_NOTE = '<span style="display:inline-block;max-width:22em;white-space:normal">{}</span>'


def requested_hand() -> HandKey | None:
    hand_id, source = st.query_params.get("hand"), st.query_params.get("source")
    return HandKey(source, hand_id) if hand_id and source else None


def hero_choice(db: Database) -> ui.Choice | None:
    """Whose net against each player: the sidebar's "You are", else the database's user,
    else whoever the user picks."""
    choices = ui.who_choices(db)
    you = ui.you() or ((data.ask(db, "me"),) if data.ask(db, "me") else None)
    start = choices.index(you) if you in choices else None
    return st.selectbox("Net of", choices, index=start, format_func=ui.choice_label,
                        placeholder="nobody: no net", key="table_hero",
                        help="hero vs villain: this person's (or player's) own net in the "
                             "hands both were dealt in")


def figures_html(table: Opponents, hero_named: bool) -> str:
    """A row per player: the label and note the user gave him (where he gave any at this
    table), every figure with its unit and n, his draws by hand size, and the hero's net
    against him."""
    marked = bool(((table.players["label"] != "") | (table.players["note"] != "")).any())
    heads = ["seat", "player", *(["label", "your note"] if marked else []), "hands",
             *(["hero's net vs him"] if hero_named else []),
             *(FIGURE_LABELS[name] for name in FIGURES),
             *(f"{size}-card games: {label}" for size in _HAND_SIZES
               for label in ("stood pat", "cards per draw"))]
    rows = []
    for player in table.players.itertuples(index=False):
        cells = [("seat", str(player.seat)),
                 ("player", ui.name_html(player_label(player.site, player.player), 28)
                  + (" (hero)" if player.is_hero else ""))]
        if marked:   # the label the user gave him, his note's first line
            cells += [("label", ui.label_html(player.label, player.colour)),
                      ("note", _NOTE.format(ui.text_html(player.note)))]
        cells.append(("hands", f"{player.hands:,} hand{'' if player.hands == 1 else 's'}"))
        if hero_named:
            versus = table.versus[(table.versus["site"] == player.site)
                                  & (table.versus["player"] == player.player)]
            net = "—" if player.is_hero else ("; ".join(versus["text"]) or "no hand together")
            cells.append(("hero_net", ui.text_html(net)))
        cells += [(name, figure_text(name, getattr(player, name),
                                     getattr(player, f"{name}_n"))) for name in FIGURES]
        draws = table.draws[(table.draws["site"] == player.site)
                            & (table.draws["player"] == player.player)]
        for size in _HAND_SIZES:
            mine = draws[draws["hand_size"] == size]
            for name in ("stand_pat", "cards_per_draw"):
                text = figure_text(name, mine[name].iloc[0], mine["draws"].iloc[0]) \
                    if len(mine) else "no draw"
                cells.append((f"{name}_{size}card", text))
        rows.append(f'<tr data-player="{ui.text_html(player.player)}">' + "".join(
            f'<td data-figure="{name}" style="{_CELL}">{text}</td>' for name, text in cells)
            + "</tr>")
    head = "".join(f'<th style="{_CELL};text-align:left">{ui.text_html(label)}</th>'
                   for label in heads)
    return (f'<div style="overflow-x:auto"><table class="opponents" style="{_TABLE}">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


db = data.current()
st.title("Table")
key = requested_hand()
rows = data.ask(db, "hand_rows", key) if key else None
if rows is None:
    st.info("Open a hand in the Hand replayer and choose **Players at this table**."
            if key is None else f"No such hand in the {db.kind}.")
    st.stop()
hand = rows.hand
number = site_number(hand["hand_id"], hand["site"])
st.html(f"<h3>{ui.text_html(site_name(hand['site']))} hand {ui.name_html(number, 30)}: "
        f"{len(rows.players)} players, each over all his stored hands</h3>")
st.markdown(f"[◂ Back to the hand in the replayer]({ui.hand_url(key)})")
choice = hero_choice(db)
hero = ui.chosen(db, choice).players if choice else ()
table = data.ask(db, "opponents", key, tuple(hero))
if table is None:
    st.info(f"No such hand in the {db.kind}.")
    st.stop()
st.html(figures_html(table, bool(hero)))
st.caption("Each figure: its value, then n, the chances it counts (hands for VPIP and PFR; "
           "chances to 3-bet; bets, raises, calls and folds for aggression, bets, raises "
           "and calls for its factor, bets and raises per call; hands that saw the first "
           "draw for went to showdown, showdowns for won; bets faced in the round for fold "
           "to a bet; draws for standing pat and cards per draw). The net is the chosen "
           "person's own net in the hands both were dealt in, per currency. docs/schema.md "
           "defines every figure.")
