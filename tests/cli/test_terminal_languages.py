"""The terminal in German and Polish: ``play`` and ``replay`` with ``--lang`` show the
terminal's own words (cli/messages), the table's (the games' ``rs.ui``/``rb.ui`` messages) and
the result's in that language, and none of the English words they replace. (English output is
checked byte for byte by the other CLI and renderer tests.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from boardwright.cli.main import app
from boardwright.cli.results import result_details, result_table
from boardwright.cli.words import cli_words
from boardwright.engine.game import Result as GameResult
from boardwright.games import get_game

REALM = ["play", "realm-of-sand", "--seats", "random,random", "--seed", "2"]
AL_KALIM = [
    *("play", "runebound", "--seats", "random,random", "--seed", "2"),
    *("-o", "adventure=al-kalim", "-o", "max_rounds=8"),
]
GAMES = {"realm-of-sand": REALM, "al-kalim": AL_KALIM}

SHOWN = {
    ("realm-of-sand", "de"): [
        "Spieler 1",
        "Runde 40",
        "Spielende",
        "Zuschauersicht",
        "Königin",
        "Vorrat",
        "Scheiben",
        "Sterne",
        "Ergebnis",
        "Platz",
        "Punkte",
        "Teile auf dem Tableau",
        "Runden: 40",
        "Sieger: Spieler 2",
    ],
    ("realm-of-sand", "pl"): [
        "Gracz 1",
        "runda 40",
        "koniec gry",
        "widok widza",
        "królowa",
        "pula",
        "dyski",
        "gwiazdki",
        "Wynik",
        "miejsce",
        "punkty",
        "rundy: 40",
        "Zwycięzca: Gracz 2",
    ],
    ("al-kalim", "de"): [
        "Runde 8",
        "Leben",
        "Verletzungen",
        "Kondition",
        "Erschöpfung",
        "Gold",
        "Erfahrung",
        "Gegenstände",
        "Questtafel:",
        "Dünen",
        "Sandsturm",
        "Legenden",
        "Märkte (Preis in Gold)",
        "Ausrüstung im Vorrat",
        "beendet durch: Rundenlimit",
        "Sieger: Spieler 1",
    ],
    ("al-kalim", "pl"): [
        "runda 8",
        "Życie",
        "Rany:",
        "Wytrzymałość",
        "Zmęczenie:",
        "złoto:",
        "Doświadczenie:",
        "Przedmioty:",
        "kafelek zadań:",
        "wydmy",
        "Burza Piaskowa:",
        "Legendy:",
        "Stosy Handlu (cena w złocie)",
        "Ekwipunek w puli:",
        "powód końca gry: limit rund",
        "Zwycięzca: Gracz 1",
    ],
}
ENGLISH = [
    *("Winner", "Tied", "Result", "rank", "score", "Player", "player(s)", "seed", "options"),
    *("Round", "round", "rounds", "turn", "decides", "seen by", "spectator view", "game over"),
    *("Game over", "ended by", "round cap", "heroes", "none", "empty", "level", "supply"),
    *("queen", "discs", "zone", "built", "kept", "set aside", "stars", "hourglasses"),
    *("life", "wounds", "stamina", "exh.", "gold", "xp", "items", "allies", "Markets"),
    *("Decks", "Undefeated", "Sandstorm", "Legends", "quest board", "Gear supply", "arrows"),
    *("dunes", "lowland", "wasteland", "canyon", "mirage", "by night", "by day", "hero"),
]
"""English words of the terminal and the tables that must not show in German or Polish (as
whole words: ``max_rounds`` in the options line is an option's name)."""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None, "BOARDWRIGHT_LANG": None})


def invoke(runner: CliRunner, args: list[str], stdin: str | None = None) -> Result:
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 0, result.output
    return result


def english_words(text: str, words: list[str] = ENGLISH) -> list[str]:
    """The ``words`` that ``text`` holds as whole words."""
    return [w for w in words if re.search(rf"(?<![\w.]){re.escape(w)}(?![\w])", text)]


@pytest.mark.parametrize("language", ["de", "pl"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bot_game_is_shown_in_the_language(runner: CliRunner, game: str, language: str) -> None:
    text = invoke(runner, [*GAMES[game], "--lang", language]).output
    missing = [word for word in SHOWN[game, language] if word not in text]
    assert not missing, f"not shown in {language}: {missing}"
    assert not english_words(text), text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ["Weitere Befehle:", "s DATEI, save DATEI", "keine Wahl", "keine Option 99"]),
        ("pl", ["Inne polecenia:", "s PLIK, save PLIK", "nie jest opcją", "nie ma opcji 99"]),
    ],
)
def test_the_help_hints_and_leaving_are_in_the_language(
    runner: CliRunner, language: str, words: list[str]
) -> None:
    """The help at the prompt (its commands typed as in English), the hints, a refused undo
    and leaving the game without saving."""
    stdin = "h\nfoo\n99\nu\nq\n\n"
    args = ["play", "realm-of-sand", "--seed", "4", "--lang", language]
    text = invoke(runner, args, stdin).output
    for word in words:
        assert word in text
    assert "u, undo" in text and "q, quit" in text
    sentences = [
        "Type h for help",
        "Other commands",
        "is not a choice",
        "there is no option",
        "cannot undo",
        "the game stops here",
        "Save the game?",
        "was not saved",
    ]
    assert not english_words(text, sentences)
    assert not english_words(text), text


ACTION_HEADING = re.compile(r"\[\d+\] ")
"""A replay's action heading, ``[12] Player 1 · turn``: the decision's kind is the rules' name
for it (an identifier, as in the golden traces)."""


@pytest.mark.parametrize("language", ["de", "pl"])
def test_a_replay_is_in_the_language(runner: CliRunner, tmp_path: Path, language: str) -> None:
    save = tmp_path / "game.json"
    invoke(runner, [*REALM, "--save", str(save)])
    text = invoke(runner, ["replay", str(save), "--seat", "1", "--lang", language]).output
    final = {"de": "Endstand", "pl": "Stan końcowy"}[language]
    seen = {"de": "Sicht: Spieler 1", "pl": "widok: Gracz 1"}[language]
    assert final in text and seen in text
    shown = "\n".join(line for line in text.splitlines() if not ACTION_HEADING.match(line))
    assert not english_words(shown, ["Final state", "action(s)", *ENGLISH]), shown


def test_english_stays_the_default(runner: CliRunner) -> None:
    text = invoke(runner, REALM).output
    assert "Winner: Player 2" in text and "round 40" in text
    assert "Sieger" not in text


@pytest.mark.parametrize(
    ("language", "heading", "detail"),
    [("en", "pieces on board", "rounds: 7"), ("de", "Teile auf dem Tableau", "Runden: 7")],
)
def test_the_result_names_the_games_figures_and_shows_others_as_they_are(
    language: str, heading: str, detail: str
) -> None:
    """A figure the game's catalog names is shown in its words; one it does not name, by its
    key with spaces for underscores, and its value as it is."""
    game = get_game("realm-of-sand")
    texts = game.texts(game.config(2, {}), language)
    words = cli_words(language)
    details = {"pieces_on_board": [3, 4], "rounds": 7, "house_rule": "sudden death"}
    result = GameResult((2.0, 5.0), (2, 1), details)
    lines = result_details(result, words, texts)
    assert lines == [detail, "house rule: sudden death"]
    console = Console(width=120, record=True, color_system=None)
    console.print(result_table(result, words, texts))
    assert heading in console.export_text()
