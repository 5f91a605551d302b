// Realm of Sand: each player's 7×7 board, the circle of rune tiles, the building display,
// spirit discs and scores. Fields named in the options (a tile's fields, a card's fields, a
// disc's target) are clickable on the owner's board, with a preview on hover.

import { api } from "./api.js";
import { el, svg, clear } from "./dom.js";
import { t, language } from "./i18n.js";

const names = new Map(); // "table id:language" -> names of cards and boards in that language
let shownNames = {};

const COLS = 7;
const ROWS = 7;
const COLOUR_CLASS = { G: "green", R: "red", K: "black", B: "blue", Y: "yellow" };

function cellName(row, col) {
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

// The fields an option points at, if any: "B2+B3+B4", or one cell.
function optionFields(option) {
  const args = option.args || {};
  if (typeof args.fields === "string") return args.fields.split("+");
  if (typeof args.cell === "string") return [args.cell];
  return [];
}

function pieceClass(char) {
  if (char === "~") return "dark";
  if (char === "*") return "crystal-field";
  if (char === ".") return "empty";
  const upper = char.toUpperCase();
  return `${char === upper ? "disc" : "square"} ${COLOUR_CLASS[upper] || ""}`;
}

function tileView(tile, extra = {}) {
  const colours = [...tile.colours];
  const shape = tile.shape === "L"
    ? [[0, 0], [1, 0], [1, 1]]
    : [[0, 0], [1, 0], [2, 0]];
  const grid = el("div", { class: `tile shape-${tile.shape}`, title: tile.id, ...extra });
  colours.forEach((c, i) => {
    const [r, col] = shape[i];
    grid.append(el("span", { class: `piece square ${COLOUR_CLASS[c]}`, style: `grid-row:${r + 1};grid-column:${col + 1}` }, c));
  });
  return grid;
}

// A tile in the circle or a zone: a button when an option takes or chooses it (not one that
// turns it: those are the drawn orientations).
function tileChoice(tile, options, context, queen = false) {
  const option = options.find((o) => o.args && o.args.tile === tile.id && o.what !== "rs.option.orientation");
  const node = tileView(tile, { dataset: { tile: tile.id } });
  if (queen) node.classList.add("queen");
  if (!option) return node;
  return el("button", { class: "tile-choice choosable", dataset: { key: option.key, tile: tile.id }, onclick: () => context.choose(option.key) }, node);
}

function rowsView(rows) {
  const width = Math.max(...rows.map((r) => r.length));
  const grid = el("div", { class: "pattern", style: `grid-template-columns:repeat(${width}, 1em)` });
  for (const row of rows) {
    for (const char of row.padEnd(width, ".")) {
      grid.append(el("span", { class: char === "." ? "hole" : `piece ${char === char.toUpperCase() && "BY".includes(char) ? "disc" : "square"} ${COLOUR_CLASS[char.toUpperCase()] || ""}` }, char === "." ? "" : char));
    }
  }
  return grid;
}

// An hourglass icon (fonts often lack the character)
function hourglass() {
  return svg("svg", { class: "icon", viewBox: "0 0 10 14", width: "0.7em", height: "1em", "aria-hidden": "true" },
    svg("path", { d: "M1 1 H9 M1 13 H9 M2 1 C2 5 5 6 5 7 C5 8 2 9 2 13 M8 1 C8 5 5 6 5 7 C5 8 8 9 8 13", fill: "none", stroke: "currentColor", "stroke-width": 1.4 }),
    svg("path", { d: "M3.2 12 L6.8 12 L5 9.5 Z", fill: "currentColor" }));
}

function cardView(card, options, choose) {
  if (!card) return el("div", { class: "building empty" });
  const option = options.find((o) => o.args && o.args.card === card.id);
  return el(option ? "button" : "div", {
    class: `building level-${card.level} ${option ? "choosable" : ""}`,
    dataset: { card: card.id },
    onclick: option ? () => choose(option.key) : undefined,
  },
  el("strong", {}, shownNames[card.id] || card.name),
  el("span", { class: "card-id" }, card.id),
  rowsView(card.pattern),
  el("span", { class: "scores" }, `★${card.stars} `, hourglass(), `${card.hourglasses}`),
  card.spirits.length ? el("span", { class: "spirits" }, card.spirits.map((c) => el("span", { class: `piece disc ${COLOUR_CLASS[c]}` }, c))) : null);
}

function boardView(player, state, context) {
  const mine = state.seat === player.seat;
  const options = mine ? context.options : [];
  const byAnchor = new Map(); // first field of an option -> option
  const covered = new Map(); // any field -> options that cover it
  for (const option of options) {
    const fields = optionFields(option);
    if (!fields.length) continue;
    if (!byAnchor.has(fields[0])) byAnchor.set(fields[0], option);
    for (const field of fields) covered.set(field, [...(covered.get(field) || []), option]);
  }
  const grid = el("div", { class: "rs-board", role: "grid", "aria-label": context.seatName(player.seat) });
  player.rows.forEach((row, r) => {
    [...row].forEach((char, c) => {
      const name = cellName(r, c);
      const option = byAnchor.get(name) || (covered.get(name) || [])[0];
      grid.append(el(option ? "button" : "div", {
        class: `cell ${pieceClass(char)} ${option ? "target" : ""}`,
        dataset: { cell: name, key: option ? option.key : undefined },
        title: name,
        onclick: option ? () => context.choose(option.key) : undefined,
        onmouseenter: option ? () => preview(grid.closest(".board-area"), option) : undefined,
        onmouseleave: option ? () => preview(grid.closest(".board-area"), null) : undefined,
      }, char === "." || char === "~" || char === "*" ? "" : char.toUpperCase()));
    });
  });
  const discs = Object.entries(player.discs).filter(([, n]) => n > 0)
    .map(([c, n]) => el("span", { class: `piece disc ${COLOUR_CLASS[c]}`, title: t("ui.rs.discs") }, `${n}`));
  const kept = Array.isArray(player.kept_cards)
    ? player.kept_cards.map((card) => cardView(card, options, context.choose))
    : player.kept_cards ? [el("span", { class: "facedown" }, t("ui.rs.kept_hidden", { count: player.kept_cards }))] : [];
  return el("section", { class: `player ${mine ? "mine" : ""} ${state.view.turn === player.seat ? "active" : ""}`, dataset: { seat: player.seat } },
    el("h3", {}, context.seatName(player.seat)),
    el("div", { class: "stats" },
      el("span", { title: t("ui.rs.stars") }, `★ ${player.stars}`),
      el("span", { title: t("ui.rs.hourglasses") }, hourglass(), ` ${player.hourglasses}`),
      el("span", {}, t("ui.rs.level", { level: player.level })),
      el("span", {
        class: `crystal ${player.crystal}`,
        title: player.board.crystal ? t(`ui.rs.power.${player.board.crystal}`) : undefined,
      }, player.board.crystal ? el("span", { class: `gem ${player.board.crystal}` }) : null, t(`ui.rs.crystal.${player.crystal}`))),
    player.board.crystal && player.crystal !== "none"
      ? el("p", { class: "power muted" }, t(`ui.rs.power.${player.board.crystal}`)) : null,
    grid,
    el("div", { class: "discs" }, discs),
    player.zone.length ? el("div", { class: "zone" }, el("span", {}, t("ui.rs.zone")),
      player.zone.map((tile) => tileChoice(tile, options, context))) : null,
    kept.length ? el("div", { class: "kept" }, el("span", {}, t("ui.rs.kept")), kept) : null);
}

export function render(container, state, context) {
  const key = `${state.table}:${language()}`;
  if (state.content) names.set(key, state.content.names || {});
  if (!names.has(key)) {
    names.set(key, {});
    if (state.table !== "replay") {
      api("GET", `/api/tables/${state.table}/content?lang=${language()}`)
        .then((data) => { names.set(key, data.names || {}); render(container, state, context); })
        .catch(() => {});
    }
  }
  shownNames = names.get(key);
  const view = state.view;
  clear(container);
  const options = context.options;
  const circle = el("div", { class: "circle", "aria-label": t("ui.rs.circle") },
    view.circle.map((tile, i) => tileChoice(tile, options, context, i === 0)));
  const orientations = options.filter((o) => o.what === "rs.option.orientation");
  const turner = orientations.length
    ? el("div", { class: "orientations" }, el("span", {}, t("ui.rs.rotate")),
        orientations.map((o) => el("button", { class: "choosable", dataset: { key: o.key }, onclick: () => context.choose(o.key) }, rowsView(o.args.rows))))
    : null;
  const display = el("div", { class: "display" },
    view.display.map((row, level) => el("div", { class: "display-row" },
      el("span", { class: "deck" }, t("ui.rs.deck", { level: level + 1, count: view.deck_sizes[level] })),
      row.map((card) => cardView(card, options, context.choose)))));
  const players = el("div", { class: "players" }, view.seats.map((player) => boardView(player, state, context)));
  container.append(
    el("div", { class: "rs-top" },
      el("div", { class: "round" }, t("ui.rs.round", { round: view.round }), view.last_round ? el("strong", {}, " ", t("ui.rs.last_round")) : null),
      circle, turner),
    players, display);
}

// Show the fields of ``option`` on the deciding player's board (null: clear).
export function preview(container, option) {
  for (const cell of container.querySelectorAll(".cell.preview")) cell.classList.remove("preview");
  if (!option) return;
  for (const field of optionFields(option)) {
    const cell = container.querySelector(`.player.mine .cell[data-cell="${field}"]`);
    if (cell) cell.classList.add("preview");
  }
}
