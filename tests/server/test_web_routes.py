"""The routes the browser UI uses beside the lobby and play: its page and scripts, its words
per language, the words of a state message in the client's language, a game's table content,
and the replay viewer's frames (of a table, as its seat saw it, and of a save file)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from boardwright.engine.events import events_for_seat
from boardwright.engine.session import Match
from boardwright.games import get_game
from tests.server.helpers import bearer, one_line_error, seat_token, started


def test_the_page_and_its_scripts_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module"' in page.text
    script = client.get("/static/js/main.js")
    assert script.status_code == 200 and "route" in script.text
    assert client.get("/static/../__init__.py").status_code == 404


def test_the_ui_words_come_per_language_with_english_behind(client: TestClient) -> None:
    english = client.get("/api/ui/en").json()
    german = client.get("/api/ui/de").json()
    assert german["language"] == "de" and german["languages"] == ["en", "de", "pl"]
    assert english["messages"]["ui.nav.mine"] == "My tables"
    assert german["messages"]["ui.nav.mine"] == "Meine Tische"
    assert set(english["messages"]) <= set(german["messages"])
    one_line_error(client.get("/api/ui/xx"), 400)


def test_a_state_message_carries_its_words_in_the_asked_language(client: TestClient) -> None:
    created = started(client, ["human", "human"])
    table, token = created["table"]["id"], seat_token(created, 0)
    plain = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
    assert "texts" not in plain  # data only, unless words are asked for
    for language in ("en", "de", "pl"):
        state = client.get(
            f"/api/tables/{table}/state?lang={language}", headers=bearer(token)
        ).json()
        texts = state["texts"]
        assert texts["language"] == language
        assert len(texts["events"]) == len(state["events"]) > 0
        deciding = state["decision"]["seat"] == 0
        assert ("options" in texts) == deciding
        if deciding:
            assert len(texts["options"]) == len(state["decision"]["options"])
    german = client.get(f"/api/tables/{table}/state?lang=de", headers=bearer(token)).json()
    english = client.get(f"/api/tables/{table}/state?lang=en", headers=bearer(token)).json()
    assert german["texts"]["prompt"] != english["texts"]["prompt"]
    one_line_error(client.get(f"/api/tables/{table}/state?lang=fr", headers=bearer(token)), 400)


def test_the_live_connection_switches_language_without_reconnecting(client: TestClient) -> None:
    created = started(client, ["human", "human"])
    table, token = created["table"]["id"], seat_token(created, 0)
    with client.websocket_connect(f"/api/tables/{table}/live?token={token}&lang=en") as ws:
        first = ws.receive_json()
        ws.send_json({"type": "resume", "cursor": 0, "language": "pl"})
        again = ws.receive_json()
        assert again["texts"]["language"] == "pl"
        assert again["events"] == first["events"]
        assert again["texts"]["events"] != first["texts"]["events"]
        ws.send_json({"type": "resume", "cursor": 0, "language": "xx"})
        assert ws.receive_json()["type"] == "error"


def test_table_content_is_the_same_for_everyone_and_names_in_the_language(
    client: TestClient,
) -> None:
    created = started(client, ["human", "random"], "runebound", options={"adventure": "al-kalim"})
    table = created["table"]["id"]
    english = client.get(f"/api/tables/{table}/content").json()
    german = client.get(f"/api/tables/{table}/content?lang=de").json()
    assert len(english["hexes"]) == len(german["hexes"]) > 100
    assert english["hexes"] == [
        {**hex, "name": english_hex["name"]}
        for hex, english_hex in zip(german["hexes"], english["hexes"], strict=True)
    ]
    hero = next(iter(english["heroes"]))
    assert english["heroes"][hero]["name"] != german["heroes"][hero]["name"]
    one_line_error(client.get("/api/tables/nope/content"), 404)


def test_a_replay_frame_of_a_table_is_what_the_seat_saw_then(client: TestClient) -> None:
    created = started(client, ["human", "human"], seed=5)
    table, tokens = created["table"]["id"], [seat_token(created, s) for s in (0, 1)]
    for _ in range(6):
        state = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[0])).json()
        mover = state["decision"]["seat"]
        mine = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[mover])).json()
        key = mine["decision"]["options"][0]["key"]
        client.post(
            f"/api/tables/{table}/moves",
            json={"key": key, "version": mine["version"]},
            headers=bearer(tokens[mover]),
        )
    frame = client.get(f"/api/tables/{table}/replay?step=3", headers=bearer(tokens[1])).json()
    assert frame["game"] == "realm-of-sand"
    assert frame["step"] == 3 and frame["steps"] == 6 and frame["seat"] == 1
    assert len(frame["latest"]) > 0 and len(frame["texts"]["latest"]) == len(frame["latest"])
    first = client.get(f"/api/tables/{table}/replay?step=0", headers=bearer(tokens[1])).json()
    assert first["latest"] == [] and first["step"] == 0
    last = client.get(f"/api/tables/{table}/replay?step=999", headers=bearer(tokens[1])).json()
    assert last["step"] == 6
    assert (
        last["view"]
        == client.get(f"/api/tables/{table}/state", headers=bearer(tokens[1])).json()["view"]
    )
    decision = last["decision"]
    assert decision is None or "options" not in decision or decision["seat"] == 1
    one_line_error(client.get(f"/api/tables/{table}/replay?step=1", headers=bearer("x")), 403)


def save_of(game_name: str, options: dict[str, Any], seed: int, moves: int) -> Match[Any]:
    game = get_game(game_name)
    match = Match(game, game.config(2, options), seed)
    for _ in range(moves):
        match.play(0)
    return match


def test_a_replay_frame_of_a_save_file_as_a_seat_or_the_public(client: TestClient) -> None:
    match = save_of("runebound", {}, 3, 40)
    save = match.to_save()
    body = {"save": save, "step": 25, "seat": 0, "lang": "de", "content": True}
    frame = client.post("/api/replay", json=body).json()
    assert frame["step"] == 25 and frame["steps"] == 40 and "hexes" in frame["content"]
    again = Match(match.game, match.config, match.seed)
    for record in match.actions[:25]:
        again.play_key(record.key)
    assert frame["view"] == again.game.view(again.state, 0)
    seen = events_for_seat(again.log, 0)
    assert frame["events"] == [e.to_data() for e in seen[-len(frame["events"]) :]]
    german = again.game.texts(again.config, "de")
    assert frame["texts"]["events"][-1] == german.event(seen[-1])
    public = client.post("/api/replay", json={**body, "seat": None, "content": False}).json()
    assert public["view"] == again.game.view(again.state, None) and "content" not in public


def test_a_bad_save_file_is_one_line(client: TestClient) -> None:
    match = save_of("realm-of-sand", {}, 2, 5)
    save = match.to_save()
    one_line_error(client.post("/api/replay", json={"save": {"x": 1}, "step": 1}), 400)
    broken = {**save, "actions": [*save["actions"][:2], "no-such-key"]}
    message = one_line_error(client.post("/api/replay", json={"save": broken, "step": 3}), 400)
    assert "no-such-key" in message
    one_line_error(client.post("/api/replay", json={"save": save, "step": 1, "seat": 7}), 400)
    one_line_error(client.post("/api/replay", json={"save": save, "step": -1}), 422)
    unknown = {**save, "game": "chess"}
    one_line_error(client.post("/api/replay", json={"save": unknown, "step": 1}), 400)
