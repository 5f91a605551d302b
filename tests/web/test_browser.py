"""The web table in Debian's Chromium, per game and adventure: create a table with a bot in
the lobby, play decisions by clicking (on the board where the decision points at a place),
reload mid-game and go on, switch the language, and check that another seat's hidden
information is neither in the page nor in the WebSocket frames the page received."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from boardwright.engine.events import events_for_seat
from boardwright.engine.session import Match
from boardwright.games import get_game
from boardwright.server.store import Store
from tests.conformance.hidden import decks, with_hidden_parts_changed

CONFIGURATIONS = [  # (game, adventure, seed)
    ("realm-of-sand", None, 3),
    ("runebound", "dragonlords", 3),
    ("runebound", "al-kalim", 3),
    ("runebound", "kelnov", 3),
    ("runebound", "cult", 3),
]
CLICKS_BEFORE_RELOAD = 6
CLICKS_AFTER_RELOAD = 4
WAIT_MS = 30_000
BOARD_TARGETS = "#board .target, #board button.choosable"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-GB")
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.errors = errors
    yield opened
    context.close()
    assert not errors, f"the page had script errors: {errors}"


def create_table(page: Any, base: str, game: str, adventure: str | None, seed: int) -> str:
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.select_option("#new-game", game)
    page.click("details.lobby-options summary")
    if adventure is not None:
        page.select_option("#opt-adventure", adventure)
    page.fill("#new-seed", str(seed))
    page.select_option("#seat-1", "random")
    page.fill("#new-name", "Ada")
    page.click("#create")
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_selector(".table-page[data-version]", timeout=WAIT_MS)
    return str(page.url.rsplit("/", 1)[1])


def my_turn(page: Any) -> bool:
    """Wait for this seat's decision; False when the game ended first."""
    page.wait_for_selector(
        '.table-page[data-mine="yes"], .table-page[data-status="finished"]', timeout=WAIT_MS
    )
    return bool(page.get_attribute(".table-page", "data-mine") == "yes")


def click_decisions(page: Any, count: int) -> int:
    """Make ``count`` decisions by clicking; the number made on the board."""
    on_board = 0
    for _ in range(count):
        if not my_turn(page):
            break
        version = page.get_attribute(".table-page", "data-version")
        page.wait_for_selector("#board svg, #board .rs-board", timeout=WAIT_MS)
        targets = page.locator(BOARD_TARGETS)
        if targets.count():
            targets.first.click()
            on_board += 1
        else:
            page.locator("button.option").first.click()
        page.wait_for_function(
            "v => document.querySelector('.table-page').dataset.version !== v",
            arg=version,
            timeout=WAIT_MS,
        )
    return on_board


def rebuilt(database: str, table: str) -> Match[Any]:
    """The table's true game, replayed from the database."""
    store = Store(database)
    try:
        record = store.table(table)
        assert record is not None
        keys = [key for _, key in store.actions(table)]
    finally:
        store.close()
    game = get_game(record.game)
    config = game.config(int(record.config["players"]), record.config["options"])
    return Match.replay(game, config, record.seed, keys)


def views_by_version(match: Match[Any], seat: int) -> dict[int, Any]:
    """The seat's view after each action, made from copies whose hidden parts differ."""
    again = Match(match.game, match.config, match.seed)
    views = {}
    for number in range(len(match.actions) + 1):
        if number:
            again.play_key(match.actions[number - 1].key)
        changed = again.game.clone(again.state)
        with_hidden_parts_changed(changed)
        views[again.version] = json.loads(json.dumps(again.game.view(changed, seat)))
    return views


def check_frames(frames: list[str], match: Match[Any], seat: int) -> int:
    """Every state frame holds only what ``seat`` may see; the number of state frames."""
    views = views_by_version(match, seat)
    seen = {json.dumps(e.to_data(), sort_keys=True) for e in events_for_seat(match.log, seat)}
    states = 0
    for frame in frames:
        message = json.loads(frame)
        if message.get("type") != "state":
            continue
        states += 1
        decision = message["decision"]
        if decision is not None and decision["seat"] != seat:
            assert "options" not in decision, "another seat's options reached the page"
        assert message["view"] == views[message["version"]], "the view depends on hidden parts"
        for event in message["events"]:
            assert json.dumps(event, sort_keys=True) in seen, (
                f"an event the seat may not see: {event}"
            )
    return states


def hidden_names(match: Match[Any], seat: int) -> set[str]:
    """Names of cards that lie face down now and show nowhere in the seat's view."""
    view_text = json.dumps(match.game.view(match.state, seat))
    content = match.game.table_content(match.state)
    names: dict[str, str] = {}
    for part in ("market", "adventures"):
        names.update({card: data["name"] for card, data in content.get(part, {}).items()})
    if match.game.name == "realm-of-sand":
        names.update({card.id: card.name for card in match.game.content.cards})  # type: ignore[attr-defined]
        ids = [match.game.content.cards[i].id for pile in decks(match.state) for i in pile]  # type: ignore[attr-defined]
    else:
        rules = match.game.rules_for(match.state)  # type: ignore[attr-defined]
        ids = []
        for pile in decks(match.state):
            for index in pile:
                if isinstance(index, int) and 0 <= index < len(rules.adventures):
                    ids.append(rules.adventures[index].id)
    shown = {names.get(i, i) for i in names if i in view_text}
    return {names[i] for i in ids if i in names and i not in view_text} - shown


@pytest.mark.parametrize(("game", "adventure", "seed"), CONFIGURATIONS, ids=str)
def test_a_game_in_the_browser(
    web_server: tuple[str, str], page: Any, game: str, adventure: str | None, seed: int
) -> None:
    base, database = web_server
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(data)))
    table = create_table(page, base, game, adventure, seed)

    on_board = click_decisions(page, CLICKS_BEFORE_RELOAD)
    version_before = int(page.get_attribute(".table-page", "data-version"))
    page.reload()
    page.wait_for_selector(".table-page[data-version]", timeout=WAIT_MS)
    assert int(page.get_attribute(".table-page", "data-version")) >= version_before
    assert page.locator("#log li").count() > 0, "the log came back after the reload"
    on_board += click_decisions(page, CLICKS_AFTER_RELOAD)
    assert on_board > 0, "no decision was made on the board"

    # the language switch: the page's words and the game's words both change
    english_log = page.locator("#log li").first.inner_text()
    page.select_option("#language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.wait_for_function(
        "t => (document.querySelector('#log li') || {}).innerText !== t",
        arg=english_log,
        timeout=WAIT_MS,
    )
    assert page.locator('nav a[href="#/mine"]').inner_text() == "Meine Tische"
    match = rebuilt(database, table)
    german = match.game.texts(match.config, "de")
    first_event = events_for_seat(match.log, 0)[0]
    assert page.locator("#log li").first.inner_text() == german.event(first_event)
    page.reload()  # the choice persists
    page.wait_for_selector(".table-page[data-version]", timeout=WAIT_MS)
    assert page.evaluate("document.documentElement.lang") == "de"
    page.select_option("#language", "en")

    # nothing hidden from seat 0 reached the page
    match = rebuilt(database, table)
    assert check_frames(frames, match, 0) >= CLICKS_BEFORE_RELOAD
    html = page.content()
    for name in hidden_names(match, 0):
        assert name not in html, f"the face-down card {name!r} is in the page"
    decision = match.decision
    if decision is not None and decision.seat != 0:
        assert page.locator("button.option").count() == 0, "another seat's options are shown"

    # the table's replay, as this seat saw it: the last move, then one back
    page.click(f'a[href="#/replay/{table}"]')
    page.wait_for_selector("#replay-counter", timeout=WAIT_MS)
    page.wait_for_function(
        "() => /^move (\\d+) of \\1$/.test(document.querySelector('#replay-counter').innerText)",
        timeout=WAIT_MS,
    )
    page.click("#replay-back")
    page.wait_for_function(
        "() => { const [, a, b] = document.querySelector('#replay-counter').innerText"
        ".match(/move (\\d+) of (\\d+)/); return Number(a) === Number(b) - 1; }",
        timeout=WAIT_MS,
    )


def test_the_replay_viewer_steps_through_a_save_file(
    web_server: tuple[str, str], page: Any, tmp_path: Any
) -> None:
    """A save file from the terminal opens in the viewer and steps move by move, with the
    board, the events of each move and the log, as the public or as a seat."""
    base, _database = web_server
    game = get_game("runebound")
    match = Match(game, game.config(2, {"adventure": "al-kalim"}), 12)
    chooser = random.Random(4)
    for _ in range(60):
        decision = match.decision
        assert decision is not None
        match.play(chooser.randrange(len(decision.options)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_save()), encoding="utf-8")

    page.goto(base + "/#/replay")
    page.set_input_files("#save-file", str(path))
    page.wait_for_selector(".replay .board-area svg .hex", timeout=WAIT_MS)
    assert page.locator("#replay-counter").inner_text() == "move 0 of 60"
    for _ in range(3):
        page.click("#replay-next")
    page.wait_for_function(
        "() => document.querySelector('#replay-counter').innerText === 'move 3 of 60'"
    )
    page.click("#replay-last")
    page.wait_for_function(
        "() => document.querySelector('#replay-counter').innerText === 'move 60 of 60'"
    )
    told = game.texts(match.config).event(events_for_seat(match.log, None)[-1])
    assert page.locator(".replay .log-list li").last.inner_text() == told
    page.select_option("#replay-seat", "1")
    page.wait_for_function("() => document.querySelectorAll('.replay .log-list li').length > 0")
    page.evaluate("document.activeElement.blur()")  # the arrow keys step, not the seat list
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "() => document.querySelector('#replay-counter').innerText === 'move 59 of 60'"
    )


@pytest.mark.parametrize("viewport", [(1280, 800), (820, 1180)], ids=["laptop", "tablet"])
def test_the_table_fits_the_screen_and_does_not_jump(
    web_server: tuple[str, str], browser: Any, viewport: tuple[int, int]
) -> None:
    """On a laptop and a tablet screen: no sideways scrolling, and the board and the decision
    stay where they are from one move to the next."""
    base, _database = web_server
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    page = context.new_page()
    try:
        create_table(page, base, "runebound", "al-kalim", 8)
        places = []
        for _ in range(5):
            click_decisions(page, 1)
            my_turn(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            places.append(
                page.evaluate(
                    "() => ['#board', '#decision'].map((s) => {"
                    " const r = document.querySelector(s).getBoundingClientRect();"
                    " return [Math.round(r.left), Math.round(r.top + window.scrollY)]; })"
                )
            )
        assert all(place == places[0] for place in places), places
    finally:
        context.close()
