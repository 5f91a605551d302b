// The single page: routes by the address's # part, so a reload lands where the player was.
//   #/                      the lobby: create a table, open tables
//   #/mine                  my tables (this browser's tokens), for turn-based play
//   #/t/<id>                a table: its seats before the start, the game once it runs
//   #/join/<id>/<seat>/<token>   a seat's join link
//   #/watch/<id>/<token>    the spectator link
//   #/replay[/<id>]         the replay viewer (a save file, or a table of mine)

import { startLanguage, setLanguage, languageChoices, language, onLanguage } from "./i18n.js";
import { clear } from "./dom.js";
import { showLobby, showMine, showJoin, showWatch } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

let leave = null; // the current page's clean-up (closes a WebSocket)

async function route() {
  if (leave) leave();
  leave = null;
  const page = clear(document.getElementById("page"));
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [head, ...rest] = parts;
  if (head === "t" && rest[0]) leave = await showTable(page, rest[0]);
  else if (head === "join" && rest.length >= 3) await showJoin(page, rest[0], Number(rest[1]), rest[2]);
  else if (head === "watch" && rest.length >= 2) await showWatch(page, rest[0], rest[1]);
  else if (head === "mine") await showMine(page);
  else if (head === "replay") leave = await showReplay(page, rest[0]);
  else await showLobby(page);
}

function fillLanguages() {
  const select = document.getElementById("language");
  clear(select);
  const names = { en: "English", de: "Deutsch", pl: "Polski" };
  for (const code of languageChoices()) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = names[code] || code;
    option.selected = code === language();
    select.append(option);
  }
}

async function start() {
  await startLanguage();
  fillLanguages();
  document.getElementById("language").addEventListener("change", (event) => setLanguage(event.target.value));
  onLanguage(() => {
    fillLanguages();
    if (!document.querySelector("[data-live-language]")) route();
  });
  window.addEventListener("hashchange", route);
  await route();
}

start();
