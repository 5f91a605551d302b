"""The lobby's JSON API: creating, listing, joining, seating bots, starting and closing tables,
and a one-line refusal for every bad request (on SQLite and PostgreSQL)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import bearer, create, one_line_error, seat_token


def test_games_list_their_options_and_bots(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()}
    assert set(games) == {"realm-of-sand", "runebound"}
    runebound = games["runebound"]
    assert {"random", "heuristic", "mcts"} <= set(runebound["bots"])
    adventure = next(o for o in runebound["options"] if o["name"] == "adventure")
    assert "al-kalim" in adventure["allowed"] and adventure["description"]


def test_a_created_table_is_listed_without_its_secrets(client: TestClient) -> None:
    created = create(client, ["human", "random"], options={"board_side": "advanced"})
    table = created["table"]
    assert table["status"] == "open" and table["players"] == 2
    assert table["options"]["board_side"] == "advanced"
    assert [s["free"] for s in table["seats"]] == [True, False]
    assert created["seats"][1]["token"] is None  # a bot's seat has no join link
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table["id"]]
    text = client.get(f"/api/tables/{table['id']}").text
    for secret in (created["creator_token"], created["spectator_token"], seat_token(created, 0)):
        assert secret not in text and secret not in client.get("/api/tables").text
    assert "seed" not in text


def test_joining_takes_the_first_free_seat_until_none_is_left(client: TestClient) -> None:
    created = create(client, ["human", "random", "human"])
    table = created["table"]["id"]
    first = client.post(f"/api/tables/{table}/join", json={"player": "Ada"}).json()
    second = client.post(f"/api/tables/{table}/join", json={"player": "Bo"}).json()
    assert (first["seat"], second["seat"]) == (0, 2)
    assert first["token"] != seat_token(created, 0)  # a joined seat gets a token of its own
    message = one_line_error(client.post(f"/api/tables/{table}/join", json={"player": "Cy"}), 409)
    assert "no free seat" in message
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [s["player"] for s in seats] == ["Ada", None, "Bo"]


def test_a_join_link_opens_its_seat_and_no_other(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table = created["table"]["id"]
    link = seat_token(created, 1)
    answer = client.post(
        f"/api/tables/{table}/seats/1/claim", json={"player": "Ida"}, headers=bearer(link)
    )
    assert answer.status_code == 200 and answer.json()["seats"][1]["player"] == "Ida"
    wrong = client.post(
        f"/api/tables/{table}/seats/0/claim", json={"player": "Ida"}, headers=bearer(link)
    )
    assert "does not open seat 0" in one_line_error(wrong, 403)
    missing = client.post(f"/api/tables/{table}/seats/0/claim", json={"player": "X"})
    one_line_error(missing, 403)


def test_only_the_creator_seats_bots_starts_and_closes(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table = created["table"]["id"]
    creator = bearer(created["creator_token"])
    stranger = bearer(seat_token(created, 0))
    for path, body in (("seats/1/bot", {"bot": "random"}), ("start", None), ("close", None)):
        refused = client.post(f"/api/tables/{table}/{path}", json=body, headers=stranger)
        assert "only the creator" in one_line_error(refused, 403)
    bot_seat = f"/api/tables/{table}/seats/1/bot"
    seated = client.post(bot_seat, json={"bot": "greedy"}, headers=creator)
    assert seated.json()["seats"][1]["kind"] == "greedy"
    unknown = client.post(bot_seat, json={"bot": "zeus"}, headers=creator)
    assert "zeus" in one_line_error(unknown, 400)
    assert client.post(f"/api/tables/{table}/start", headers=creator).json()["status"] == "playing"
    late = client.post(f"/api/tables/{table}/seats/0/bot", json={"bot": "random"}, headers=creator)
    assert "before the table starts" in one_line_error(late, 409)
    assert client.post(f"/api/tables/{table}/close", headers=creator).json()["status"] == "closed"
    assert client.get("/api/tables", params={"status": "closed"}).json()[0]["id"] == table
    one_line_error(client.post(f"/api/tables/{table}/close", headers=creator), 409)


def test_bad_requests_get_one_line_and_store_nothing(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "seats": ["human"]}, 400, "unknown game 'chess'"),
        ({"game": "realm-of-sand", "seats": ["human", "zeus"]}, 400, "seat 1"),
        ({"game": "realm-of-sand", "seats": ["human"] * 6}, 400, "players"),
        (
            {"game": "realm-of-sand", "seats": ["human"], "options": {"board_side": "x"}},
            400,
            "board_side",
        ),
        ({"game": "realm-of-sand", "seats": ["human"], "options": {"nope": 1}}, 400, "nope"),
        ({"game": "realm-of-sand", "seats": ["human"], "packs": ["kellos"]}, 400, "packs"),
        ({"game": "realm-of-sand"}, 422, "seats"),
        ({"game": "realm-of-sand", "seats": []}, 422, "seats"),
        ({"game": "realm-of-sand", "seats": ["human"], "colour": 1}, 422, "colour"),
        ({"game": "realm-of-sand", "seats": ["human"], "seed": -1}, 422, "seed"),
    ]
    for body, status, words in cases:
        message = one_line_error(client.post("/api/tables", json=body), status)
        assert words in message, (body, message)
    malformed = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    one_line_error(malformed, 422)
    huge = client.post(
        "/api/tables",
        content=b'{"game": "' + b"x" * 70_000 + b'"}',
        headers={"content-type": "application/json"},
    )
    assert "64 KiB" in one_line_error(huge, 413)
    one_line_error(client.get("/api/tables/nothing-here"), 404)
    one_line_error(client.get("/api/tables", params={"status": "lost"}), 400)
    for listed in ("open", "playing", "finished", "closed"):
        assert client.get("/api/tables", params={"status": listed}).json() == []


def test_the_openapi_page_documents_the_lobby(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/seats/{seat}/claim",
        "/api/tables/{table_id}/seats/{seat}/bot",
        "/api/tables/{table_id}/start",
        "/api/tables/{table_id}/close",
        "/api/tables/{table_id}/moves",
    ):
        assert path in paths, path
    assert client.get("/docs").status_code == 200


def test_the_listing_of_stored_tables_matches_the_live_ones(database_url: str) -> None:
    """A restarted server lists tables it has not loaded with the same seats and counts."""
    from boardwright.server.app import create_app

    with TestClient(create_app(database_url, bot_workers=0, bot_delay=0)) as first:
        created = [create(first, ["human", "random"], seed=n) for n in range(3)]
        first.post(f"/api/tables/{created[0]['table']['id']}/join", json={"player": "Ada"})
        live = {t["id"]: t for t in first.get("/api/tables").json()}
    with TestClient(create_app(database_url, bot_workers=0, bot_delay=0)) as second:
        stored = {t["id"]: t for t in second.get("/api/tables").json()}
    assert stored == live and len(stored) == 3
