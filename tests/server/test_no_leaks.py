"""Whole games through the WebSocket with two human seats, per game: nothing one seat receives
holds what only the other may know.

Every message to a seat is checked against the game replayed beside it:
- another seat's decision comes without its options;
- the events are exactly the seat's filtered log (a private event reaches the others only as
  its public copy: Realm of Sand's red crystal look and keep, Runebound's hidden draws);
- the view is the one a copy of the state with every hidden deck reversed and the random
  generator reseeded gives, so no deck order or future roll shapes it;
and the turn-based JSON answers (state, export) pass the same checks.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.engine.events import events_for_seat
from boardwright.engine.session import Match
from boardwright.games import get_game
from tests.conformance.hidden import with_hidden_parts_changed
from tests.server.helpers import bearer, seat_token, started

GAMES = [
    ("realm-of-sand", {"board_side": "advanced"}, 14),  # seeded: the red crystal is used
    ("runebound", {}, 11),
    ("runebound", {"adventure": "al-kalim"}, 11),
    ("runebound", {"adventure": "kelnov"}, 11),
    ("runebound", {"adventure": "cult"}, 11),
]
MOVE_LIMIT = 4000


@pytest.mark.parametrize(("game", "options", "seed"), GAMES, ids=str)
def test_no_message_to_a_seat_holds_the_other_seats_secrets(
    sqlite_url: str, game: str, options: dict[str, Any], seed: int
) -> None:
    match = play_and_check(sqlite_url, game, options, seed)
    if game == "realm-of-sand":
        private = {event.kind for event in match.log if event.seats is not None}
        assert {"red_look", "red_keep"} <= private, "the red crystal was not used"


@pytest.mark.parametrize("leak", ["options", "events"])
def test_the_check_finds_a_leak(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, leak: str
) -> None:
    """A server that sent every seat the decider's options, or the private events unfiltered,
    fails the check."""
    from boardwright.server import live, live_play, play_routes

    honest = live.seat_message

    def leaky(table: live.LiveTable, client: live.Client) -> dict[str, Any]:
        start = 0 if client.cursor > len(table.match.log) else client.cursor
        message = honest(table, client)
        decision = table.match.decision
        if leak == "options" and decision is not None:
            message["decision"] = decision.view_data(decision.seat)
        if leak == "events":
            message["events"] = [event.to_data() for event in table.match.log[start:]]
        return message

    for module in (live, live_play, play_routes):
        monkeypatch.setattr(module, "seat_message", leaky)
    found = "another seat's options" if leak == "options" else "unfiltered event"
    with pytest.raises(AssertionError, match=found):
        play_and_check(sqlite_url, "realm-of-sand", {"board_side": "advanced"}, 14)


def play_and_check(sqlite_url: str, game: str, options: dict[str, Any], seed: int) -> Match[Any]:
    """Play a whole game of two human seats at random through the WebSocket and check every
    message each seat received (see the module docstring)."""
    from boardwright.server.app import create_app

    app = create_app(sqlite_url, bot_workers=0, bot_delay=0, rate=1e6, burst=1e6)
    with TestClient(app) as client:
        created = started(client, ["human", "human"], game, options=options, seed=seed)
        table = created["table"]["id"]
        received: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
        chooser = random.Random(5)
        tokens = [seat_token(created, seat) for seat in (0, 1)]
        with (
            client.websocket_connect(f"/api/tables/{table}/live?token={tokens[0]}") as first,
            client.websocket_connect(f"/api/tables/{table}/live?token={tokens[1]}") as second,
        ):
            sockets = (first, second)
            latest = {seat: sockets[seat].receive_json() for seat in (0, 1)}
            for seat in (0, 1):
                received[seat].append(latest[seat])
            for _ in range(MOVE_LIMIT):
                if latest[0]["result"] is not None:
                    break
                mover = latest[0]["decision"]["seat"]
                keys = [option["key"] for option in latest[mover]["decision"]["options"]]
                # crystals first, so that Realm of Sand's red crystal is used
                wanted = [k for k in keys if "red" in k or "crystal" in k]
                key = chooser.choice(wanted) if wanted else keys[chooser.randrange(len(keys))]
                sockets[mover].send_json(
                    {"type": "move", "key": key, "version": latest[mover]["version"]}
                )
                for seat in (0, 1):  # each move reaches both seats
                    latest[seat] = sockets[seat].receive_json()
                    assert latest[seat]["type"] == "state", latest[seat]
                    received[seat].append(latest[seat])
            assert latest[0]["result"] is not None, "the game did not end"
        rest = {
            seat: client.get(f"/api/tables/{table}/state", headers=bearer(tokens[seat])).json()
            for seat in (0, 1)
        }
        save = client.get(f"/api/tables/{table}/export", headers=bearer(tokens[0])).json()
    built = get_game(game)
    match = Match(built, built.config(2, save["config"]["options"]), save["seed"])
    views: dict[int, dict[int, Any]] = {0: {}, 1: {}}
    views_at(match, views)
    for key in save["actions"]:
        match.play_key(key)
        views_at(match, views)
    for seat in (0, 1):
        check_seat(seat, received[seat], match, views[seat])
        assert rest[seat]["events"] == [e.to_data() for e in events_for_seat(match.log, seat)]
    return match


def views_at(match: Match[Any], views: dict[int, dict[int, Any]]) -> None:
    """Each seat's view of the match as it stands, from a copy whose hidden parts differ."""
    changed = match.game.clone(match.state)
    with_hidden_parts_changed(changed)
    for seat in views:
        views[seat][match.version] = json.loads(json.dumps(match.game.view(changed, seat)))


def check_seat(
    seat: int, messages: list[dict[str, Any]], match: Match[Any], views: dict[int, Any]
) -> None:
    stream: list[dict[str, Any]] = []
    for message in messages:
        decision = message["decision"]
        if decision is not None and decision["seat"] != seat:
            assert "options" not in decision, "another seat's options were sent"
        assert message["view"] == views[message["version"]], "the view depends on hidden parts"
        if message["reset"]:
            stream = []
        stream.extend(message["events"])
        for event in message["events"]:
            assert "seats" not in event and "public" not in event, "an unfiltered event"
    assert stream == [e.to_data() for e in events_for_seat(match.log, seat)]
    private = [
        json.dumps(event.data, sort_keys=True)
        for event in match.log
        if event.seats is not None and seat not in event.seats
    ]
    sent = {json.dumps(event["data"], sort_keys=True) for event in stream}
    for data in private:
        assert data not in sent or data == "{}", "a private event's details were sent"
