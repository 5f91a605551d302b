// The lobby pages: create a table, the open tables, my tables, join and watch links.

import { api, myTables, remember } from "./api.js";
import { el, clear, toast } from "./dom.js";
import { t, language } from "./i18n.js";

const gamesCache = new Map(); // language -> the games with their options in it

export async function games() {
  if (!gamesCache.has(language())) gamesCache.set(language(), await api("GET", `/api/games?lang=${language()}`));
  return gamesCache.get(language());
}

export function gameTitle(game) {
  const id = `ui.game.${game.name || game}`;
  const text = t(id);
  return text === id ? game.title || game : text;
}

// Labels and descriptions come from /api/games in the page's language.
function optionLabel(game, option) {
  return option.label && option.label !== option.name ? option.label : option.name.replace(/[_.]/g, " ");
}

function optionDescription(game, option) {
  return option.description;
}

function valueLabel(game, option, value) {
  return (option.value_labels && option.value_labels[String(value)]) || String(value);
}

function seatLabel(kind) {
  const id = `ui.seat.kind.${kind}`;
  const text = t(id);
  return text === id ? kind : text;
}

export { seatLabel };

// One input per option, from its kind; read back by readOptions.
function optionField(game, option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.kind === "bool") {
    input = el("input", { type: "checkbox", id, name: option.name, checked: option.default === true });
  } else if (option.kind === "int") {
    input = el("input", {
      type: "number", id, name: option.name, value: option.default,
      min: option.minimum ?? undefined, max: option.maximum ?? undefined,
    });
  } else if (Array.isArray(option.default)) {
    input = el("fieldset", { id, name: option.name, class: "choices" },
      option.allowed.map((value) =>
        el("label", {}, el("input", {
          type: "checkbox", value, name: option.name, checked: option.default.includes(value),
        }), " ", valueLabel(game, option, value))));
  } else if (option.allowed && option.allowed.length) {
    input = el("select", { id, name: option.name },
      option.allowed.map((value) =>
        el("option", { value, selected: value === option.default }, valueLabel(game, option, value))));
  } else {
    input = el("input", { type: "text", id, name: option.name, value: option.default ?? "" });
  }
  const rule = option.rule ? el("span", { class: "rule", title: t("ui.lobby.rule_id") }, option.rule) : null;
  const reconstructed = option.reconstructed
    ? el("span", { class: "badge", title: t("ui.lobby.reconstructed_about") }, t("ui.lobby.reconstructed"))
    : null;
  return el("div", { class: "option" },
    el("label", { for: id, class: "option-name" }, optionLabel(game, option)), input, rule, reconstructed,
    el("p", { class: "about" }, optionDescription(game, option)));
}

function readOptions(form, game) {
  const options = {};
  for (const option of game.options) {
    const field = form.querySelector(`#opt-${CSS.escape(option.name)}`);
    if (!field) continue;
    let value;
    if (option.kind === "bool") value = field.checked;
    else if (option.kind === "int") value = Number(field.value);
    else if (Array.isArray(option.default)) {
      value = [...field.querySelectorAll("input:checked")].map((box) => box.value);
    } else value = field.value;
    if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
  }
  return options;
}

function createForm(all) {
  const gameSelect = el("select", { id: "new-game", name: "game" },
    all.map((game) => el("option", { value: game.name }, gameTitle(game))));
  const seatsBox = el("div", { class: "seats-form" });
  const optionsBox = el("div", { class: "options-form" });
  const countInput = el("input", { type: "number", id: "new-players", min: 1, max: 6, value: 2 });
  const nameInput = el("input", { type: "text", id: "new-name", value: localStorage.getItem("bw.name") || "", maxlength: 40 });
  const form = el("form", { class: "card create", id: "create-table" },
    el("h2", {}, t("ui.lobby.new_table")),
    el("div", { class: "row" },
      el("label", { for: "new-game" }, t("ui.lobby.game")), gameSelect,
      el("label", { for: "new-players" }, t("ui.lobby.players")), countInput,
      el("label", { for: "new-name" }, t("ui.lobby.your_name")), nameInput),
    seatsBox,
    el("details", { class: "lobby-options" }, el("summary", {}, t("ui.lobby.options")), optionsBox,
      el("div", { class: "option" }, el("label", { for: "new-seed", class: "option-name" }, t("ui.lobby.seed")),
        el("input", { type: "number", id: "new-seed", min: 0, placeholder: t("ui.lobby.seed_random") }))),
    el("button", { type: "submit", class: "primary", id: "create" }, t("ui.lobby.create")));

  const game = () => all.find((g) => g.name === gameSelect.value);
  function drawSeats() {
    const g = game();
    countInput.min = g.min_players;
    countInput.max = g.max_players;
    const count = Math.min(g.max_players, Math.max(g.min_players, Number(countInput.value) || 2));
    countInput.value = count;
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    clear(seatsBox);
    for (let seat = 0; seat < count; seat += 1) {
      const kinds = ["human", ...g.bots];
      const fallback = seat === 0 ? "human" : ["heuristic", "greedy"].find((b) => g.bots.includes(b)) || g.bots[0];
      const wanted = kinds.includes(old[seat]) ? old[seat] : fallback;
      seatsBox.append(el("label", { class: "seat-choice" }, t("ui.seat.number", { number: seat + 1 }), " ",
        el("select", { name: `seat-${seat}`, id: `seat-${seat}` },
          kinds.map((kind) => el("option", { value: kind, selected: kind === wanted }, seatLabel(kind))))));
    }
  }
  function drawOptions() {
    const g = game();
    clear(optionsBox).append(...g.options.map((option) => optionField(g.name, option)));
  }
  gameSelect.addEventListener("change", () => { drawSeats(); drawOptions(); });
  countInput.addEventListener("change", drawSeats);
  drawSeats();
  drawOptions();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const g = game();
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const name = nameInput.value.trim() || t("ui.lobby.anonymous");
    localStorage.setItem("bw.name", nameInput.value.trim());
    try {
      const seed = form.querySelector("#new-seed").value;
      const created = await api("POST", "/api/tables", {
        game: g.name, seats, options: readOptions(form, g), creator: name,
        seed: seed === "" ? undefined : Number(seed),
      });
      const id = created.table.id;
      const links = Object.fromEntries(created.seats.filter((s) => s.token).map((s) => [s.seat, s.token]));
      remember(id, { game: g.name, creator: created.creator_token, spectator: created.spectator_token, links });
      // the creator sits at the first human seat
      const mine = created.seats.find((s) => s.token);
      if (mine) {
        // a seat's join link opens it once it is claimed
        await api("POST", `/api/tables/${id}/seats/${mine.seat}/claim`, { player: name }, mine.token);
        remember(id, { seat: mine.seat, token: mine.token });
      }
      location.hash = `#/t/${id}`;
    } catch (error) {
      toast(error.message);
    }
  });
  return form;
}

// A list of tables with its headings; ``body`` is the <tbody> its rows go into.
function tablesOf(body) {
  return el("table", { class: "tables" },
    el("thead", {}, el("tr", {}, ["ui.lobby.game", "ui.lobby.seats", "ui.lobby.status", ""].map((id) => el("th", {}, id ? t(id) : "")))),
    body);
}

function tableRow(info, action) {
  const seats = info.seats.map((s) => (s.free ? t("ui.seat.free") : s.player || seatLabel(s.kind))).join(", ");
  return el("tr", { dataset: { table: info.id } },
    el("td", {}, gameTitle(info.game)),
    el("td", {}, seats),
    el("td", {}, t(`ui.status.${info.status}`)),
    el("td", {}, action));
}

export async function showLobby(page) {
  let all;
  try {
    all = await games();
  } catch (error) {
    page.append(el("p", { class: "error" }, error.message));
    return;
  }
  const list = el("tbody");
  page.append(
    el("section", { class: "lobby" },
      createForm(all),
      el("div", { class: "card" },
        el("h2", {}, t("ui.lobby.open_tables")),
        tablesOf(list))));
  const open = await api("GET", "/api/tables?status=open").catch(() => []);
  if (!open.length) list.append(el("tr", {}, el("td", { colspan: 4 }, t("ui.lobby.no_open_tables"))));
  for (const info of open) {
    const mine = myTables()[info.id];
    const action = mine && mine.token
      ? el("a", { href: `#/t/${info.id}` }, t("ui.lobby.open"))
      : el("button", { onclick: () => join(info.id) }, t("ui.lobby.join"));
    list.append(tableRow(info, action));
  }
}

async function join(tableId) {
  const name = prompt(t("ui.lobby.your_name"), localStorage.getItem("bw.name") || "");
  if (!name) return;
  localStorage.setItem("bw.name", name);
  try {
    const joined = await api("POST", `/api/tables/${tableId}/join`, { player: name });
    const info = await api("GET", `/api/tables/${tableId}`);
    remember(tableId, { game: info.game, seat: joined.seat, token: joined.token });
    location.hash = `#/t/${tableId}`;
  } catch (error) {
    toast(error.message);
  }
}

export async function showMine(page) {
  const list = el("tbody");
  page.append(el("section", { class: "card" }, el("h2", {}, t("ui.nav.mine")),
    tablesOf(list)));
  const mine = Object.entries(myTables());
  if (!mine.length) list.append(el("tr", {}, el("td", { colspan: 4 }, t("ui.mine.none"))));
  for (const [id, held] of mine) {
    try {
      const info = await api("GET", `/api/tables/${id}`);
      const yourTurn = held.turn ? el("strong", {}, " ", t("ui.mine.your_turn")) : null;
      list.append(tableRow(info, el("span", {}, el("a", { href: `#/t/${id}` }, t("ui.lobby.open")), yourTurn)));
    } catch {
      // a table this server no longer has: leave it out
    }
  }
}

export async function showJoin(page, tableId, seat, token) {
  const nameInput = el("input", { type: "text", id: "join-name", value: localStorage.getItem("bw.name") || "", maxlength: 40 });
  const form = el("form", { class: "card" },
    el("h2", {}, t("ui.join.title", { seat: seat + 1 })),
    el("label", { for: "join-name" }, t("ui.lobby.your_name")), nameInput,
    el("button", { type: "submit", class: "primary", id: "join" }, t("ui.lobby.join")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    if (!name) return;
    localStorage.setItem("bw.name", name);
    try {
      const info = await api("POST", `/api/tables/${tableId}/seats/${seat}/claim`, { player: name }, token);
      remember(tableId, { game: info.game, seat, token });
      location.hash = `#/t/${tableId}`;
    } catch (error) {
      toast(error.message);
    }
  });
  page.append(form);
}

export async function showWatch(page, tableId, token) {
  try {
    const info = await api("GET", `/api/tables/${tableId}`);
    remember(tableId, { game: info.game, spectator: token });
    location.replace(`#/t/${tableId}`);
  } catch (error) {
    page.append(el("p", { class: "error" }, error.message));
  }
}
