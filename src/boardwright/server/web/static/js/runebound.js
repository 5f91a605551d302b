// Runebound: the hex board as SVG, drawn from the table's content (terrain by colour and by
// pattern, cities, adventure counters, heroes, undefeated and cult markers, the sandstorm,
// lost cities, day and night), hero sheets, markets, the adventure's own boards. Hexes named
// by the options (a move's "to", a counter's "hex") are highlighted and clickable.

import { api } from "./api.js";
import { el, svg, clear } from "./dom.js";
import { t, language } from "./i18n.js";

const SIZE = 22;
const SQRT3 = Math.sqrt(3);
const content = new Map(); // "table id:language" -> its content (fetched once)
let shown = null; // the content of the board drawn last (for previews)

const TERRAIN_FILL = {
  plains: "#cfe3a1", lowland: "#cfe3a1", forest: "#5e9a5a", hills: "#c8a46a", mountains: "#9a8f86",
  swamp: "#7f9c8c", river: "#8fc3e6", road: "#e8dcc0", dunes: "#ecd08a", rock: "#b59a7a",
  mirage: "#d6c4ec", canyon: "#c9825b", wasteland: "#bdb39c", city: "#f4efe6",
};
// a pattern per terrain, so that colour is never the only cue
const TERRAIN_PATTERN = {
  forest: "dots", hills: "arcs", mountains: "peaks", swamp: "waves", river: "waves", road: "none",
  plains: "none", lowland: "grass", dunes: "arcs", rock: "hatch", mirage: "cross", canyon: "hatch2",
  wasteland: "dots2", city: "none",
};
const COUNTER = { green: "#3e9b4f", yellow: "#e4c22b", blue: "#3a6fd0", red: "#c83a3a" };
const CULT_PATH = { E: "east", SE: "south-east", SW: "south-west", W: "west", NW: "north-west", NE: "north-east" };
const DIRECTION = {
  east: [1, 0], "south-east": [0, 1], "south-west": [-1, 1], west: [-1, 0], "north-west": [0, -1], "north-east": [1, -1],
};

function centre(q, r) {
  return [SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r];
}

function corners(x, y, size = SIZE) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(x + size * Math.cos(angle)).toFixed(1)},${(y + size * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

function patterns() {
  const p = (id, ...children) => svg("pattern", { id: `pat-${id}`, width: 8, height: 8, patternUnits: "userSpaceOnUse" }, ...children);
  const ink = { stroke: "rgba(0,0,0,0.35)", "stroke-width": 1, fill: "none" };
  return svg("defs", {},
    p("dots", svg("circle", { cx: 4, cy: 4, r: 1.3, fill: "rgba(0,0,0,0.35)" })),
    p("dots2", svg("circle", { cx: 2, cy: 2, r: 0.9, fill: "rgba(0,0,0,0.3)" }), svg("circle", { cx: 6, cy: 6, r: 0.9, fill: "rgba(0,0,0,0.3)" })),
    p("arcs", svg("path", { d: "M0 6 Q4 1 8 6", ...ink })),
    p("peaks", svg("path", { d: "M0 7 L4 1 L8 7", ...ink })),
    p("waves", svg("path", { d: "M0 4 Q2 2 4 4 T8 4", ...ink })),
    p("grass", svg("path", { d: "M2 7 L2 4 M6 7 L6 3", ...ink })),
    p("hatch", svg("path", { d: "M0 8 L8 0", ...ink })),
    p("hatch2", svg("path", { d: "M0 0 L8 8", ...ink })),
    p("cross", svg("path", { d: "M0 4 L8 4 M4 0 L4 8", ...ink })),
    svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      svg("path", { d: "M0 0 L10 5 L0 10 z", fill: "#7a3d00" })),
    svg("marker", { id: "arrow-cult", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      svg("path", { d: "M0 0 L10 5 L0 10 z", fill: "#5b1a6e" })));
}

// The hex an option points at: a move's "to", a counter's or flight's "hex", a city's hex.
function optionHex(option, data) {
  const args = option.args || {};
  for (const name of ["to", "hex"]) if (typeof args[name] === "string" && args[name].includes(",")) return args[name];
  if (typeof args.city === "string" && data) {
    const city = data.cities.find((c) => c.id === args.city);
    if (city) return city.at;
  }
  return null;
}

function cardName(data, id) {
  const card = (data.adventures && data.adventures[id]) || (data.market && data.market[id]);
  if (card) return card.name;
  return (data.names && data.names[id]) || id;
}

async function load(tableId, key) {
  if (!content.has(key)) content.set(key, await api("GET", `/api/tables/${tableId}/content?lang=${language()}`));
  return content.get(key);
}

export function render(container, state, context) {
  const key = `${state.table}:${language()}`;
  if (state.content) content.set(key, state.content);
  const data = content.get(key);
  if (!data) {
    load(state.table, key).then(() => render(container, state, context));
    return;
  }
  const view = state.view;
  shown = data;
  clear(container);
  container.append(boardSvg(data, view, state, context), sidePanels(data, view, state, context));
}

function boardSvg(data, view, state, context) {
  const targets = new Map(); // hex -> option
  for (const option of context.options) {
    const at = optionHex(option, data);
    if (at && !targets.has(at)) targets.set(at, option);
  }
  const adventure = view.adventure && view[view.adventure];
  const night = Boolean(adventure && adventure.night);
  const storm = adventure && adventure.sandstorm;
  const covered = new Set((storm && storm.covers) || []);
  const cult = view.cult;
  const xs = data.hexes.map((h) => centre(h.q, h.r));
  const minX = Math.min(...xs.map((p) => p[0])) - SIZE * 1.2;
  const maxX = Math.max(...xs.map((p) => p[0])) + SIZE * 1.2;
  const minY = Math.min(...xs.map((p) => p[1])) - SIZE * 1.2;
  const maxY = Math.max(...xs.map((p) => p[1])) + SIZE * 1.2;
  const root = svg("svg", {
    class: `rb-board ${night ? "night" : "day"}`, viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`,
    role: "img", "aria-label": t("ui.rb.board"),
  }, patterns());
  const hexLayer = svg("g", { class: "hexes" });
  const markLayer = svg("g", { class: "marks" });
  for (const hex of data.hexes) {
    const [x, y] = centre(hex.q, hex.r);
    const option = targets.get(hex.at);
    const title = [hex.name || t(`ui.rb.terrain.${hex.terrain}`), hex.at].join(" · ");
    const group = svg("g", {
      class: `hex terrain-${hex.terrain} ${option ? "target" : ""} ${covered.has(hex.at) ? "covered" : ""}`,
      dataset: { hex: hex.at, key: option ? option.key : undefined },
      tabindex: option ? 0 : undefined,
      role: option ? "button" : undefined,
      onclick: option ? () => context.choose(option.key) : undefined,
      onkeydown: option ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); context.choose(option.key); } } : undefined,
    },
    svg("title", { text: title }),
    svg("polygon", { points: corners(x, y), fill: TERRAIN_FILL[hex.terrain] || "#ddd", class: "ground" }),
    TERRAIN_PATTERN[hex.terrain] && TERRAIN_PATTERN[hex.terrain] !== "none"
      ? svg("polygon", { points: corners(x, y), fill: `url(#pat-${TERRAIN_PATTERN[hex.terrain]})`, class: "texture" }) : null,
    hex.city ? svg("rect", { x: x - 8, y: y - 8, width: 16, height: 16, rx: 2, class: "city-mark" }) : null,
    hex.star ? svg("text", { x, y: y + 15, class: "star", text: "★" }) : null,
    option ? svg("polygon", { points: corners(x, y, SIZE - 2.5), class: "highlight" }) : null);
    hexLayer.append(group);
    if (hex.city) markLayer.append(svg("text", { x, y: y - 11, class: "city-name", text: hex.name }));
  }
  // adventure counters, undefeated cards, cultists
  for (const [at, colours] of Object.entries(view.counters)) {
    const hex = data.hexes.find((h) => h.at === at);
    if (!hex) continue;
    const [x, y] = centre(hex.q, hex.r);
    colours.forEach((colour, i) => markLayer.append(svg("circle", {
      cx: x - 6 + i * 6, cy: y - 2, r: 5, fill: COUNTER[colour], class: `counter ${colour}`, dataset: { colour },
    }, svg("title", { text: t(`ui.rb.counter.${colour}`) }))));
  }
  for (const [at, card] of Object.entries(view.undefeated || {})) {
    const [x, y] = centre(...at.split(",").map(Number));
    markLayer.append(svg("g", { class: "undefeated" }, svg("title", { text: t("ui.rb.undefeated", { card: cardName(data, card) }) }),
      svg("rect", { x: x + 4, y: y + 2, width: 9, height: 12, rx: 1.5 }), svg("text", { x: x + 8.5, y: y + 11, text: "!" })));
  }
  if (cult) {
    for (const [at, colours] of Object.entries(cult.cultists || {})) {
      const [x, y] = centre(...at.split(",").map(Number));
      markLayer.append(svg("path", { d: `M${x + 8} ${y - 12} l5 9 h-10 z`, class: "cultist", fill: COUNTER[colours[0]] },
        svg("title", { text: t("ui.rb.cultist") })));
    }
    for (const cityId of cult.infiltrated || []) {
      const city = data.cities.find((c) => c.id === cityId);
      if (!city) continue;
      const [x, y] = centre(...city.at.split(",").map(Number));
      markLayer.append(svg("g", { class: "infiltrated", dataset: { city: cityId } },
        svg("title", { text: t("ui.rb.infiltrated", { city: city.name }) }),
        svg("path", { d: `M${x - 9} ${y + 9} l4.5 -7 l4.5 7 l4.5 -7 l4.5 7 z` })));
    }
    if (cult.marker) {
      const [q, r] = cult.marker.split(",").map(Number);
      const [x, y] = centre(q, r);
      const direction = CULT_PATH[cult.path];
      const group = svg("g", { class: "cult-marker" }, svg("title", { text: t("ui.rb.cult_marker", { path: cult.path }) }),
        svg("circle", { cx: x, cy: y, r: SIZE * 0.8 }));
      if (direction) {  // where the marker goes next
        const [dq, dr] = DIRECTION[direction];
        const [tx, ty] = centre(q + dq, r + dr);
        group.append(svg("line", { x1: x, y1: y, x2: x + (tx - x) * 0.8, y2: y + (ty - y) * 0.8, "marker-end": "url(#arrow-cult)" }));
      }
      markLayer.append(group);
    }
  }
  if (adventure && adventure.lost_cities) {
    for (const [id, at] of Object.entries(adventure.lost_cities)) {
      if (!at) continue;
      const [x, y] = centre(...at.split(",").map(Number));
      const name = (data.lost_cities.find((c) => c.id === id) || {}).name || id;
      markLayer.append(svg("g", { class: "lost-city", dataset: { lostCity: id } }, svg("title", { text: name }),
        svg("rect", { x: x - 9, y: y - 9, width: 18, height: 18, transform: `rotate(45 ${x} ${y})` }),
        svg("text", { x, y: y - 12, class: "city-name", text: name })));
    }
  }
  if (storm && storm.centre) {
    const [x, y] = centre(...storm.centre.split(",").map(Number));
    const group = svg("g", { class: "sandstorm" }, svg("title", { text: t("ui.rb.sandstorm") }),
      svg("circle", { cx: x, cy: y, r: SIZE * 0.55 }));
    for (const direction of storm.arrows || []) {
      const [dq, dr] = DIRECTION[direction] || [0, 0];
      const [tx, ty] = centre(...storm.centre.split(",").map(Number).map((v, i) => v + (i ? dr : dq)));
      group.append(svg("line", { x1: x, y1: y, x2: x + (tx - x) * 0.9, y2: y + (ty - y) * 0.9, "marker-end": "url(#arrow)" }));
    }
    markLayer.append(group);
  }
  for (const hero of view.heroes) {
    const [q, r] = hero.at.split(",").map(Number);
    const [x, y] = centre(q, r);
    const dx = (hero.seat - (view.heroes.length - 1) / 2) * 7;
    markLayer.append(svg("g", { class: `hero seat-${hero.seat} ${view.turn === hero.seat ? "active" : ""}`, dataset: { seat: hero.seat } },
      svg("title", { text: `${context.seatName(hero.seat)}: ${heroName(data, hero)}` }),
      svg("circle", { cx: x + dx, cy: y + 4, r: 7 }),
      svg("text", { x: x + dx, y: y + 7.5, text: String(hero.seat + 1) })));
  }
  root.append(hexLayer, markLayer);
  return el("div", { class: "rb-board-wrap" }, root, terrainKey(data));
}

// The terrains of this board, each with its colour and its pattern.
function terrainKey(data) {
  const terrains = [...new Set(data.hexes.map((h) => h.terrain))];
  return el("ul", { class: "terrain-key", "aria-label": t("ui.rb.terrain_key") }, terrains.map((terrain) => {
    const pattern = TERRAIN_PATTERN[terrain];
    // the swatches use the board's patterns (defined once, in the board's <defs>)
    return el("li", {}, svg("svg", { viewBox: "-12 -12 24 24", width: 18, height: 18, "aria-hidden": "true" },
      svg("polygon", { points: corners(0, 0, 11), fill: TERRAIN_FILL[terrain] || "#ddd", stroke: "#8b7d66" }),
      pattern && pattern !== "none" ? svg("polygon", { points: corners(0, 0, 11), fill: `url(#pat-${pattern})` }) : null),
    " ", t(`ui.rb.terrain.${terrain}`));
  }));
}

function stat(label, value) {
  return el("span", { class: "stat" }, el("span", { class: "label" }, label), " ", Array.isArray(value) ? `${value[0]}/${value[1]}` : value);
}

function heroName(data, hero) {
  return (data.heroes[hero.hero] || {}).name || hero.name;
}

// Where a hero stands, in the page's language: a city's or place's name, else terrain and hex.
function placeName(data, at) {
  const hex = data.hexes.find((h) => h.at === at);
  if (!hex) return at;
  return hex.name || `${t(`ui.rb.terrain.${hex.terrain}`)} ${hex.at}`;
}

function heroSheet(data, view, hero, context) {
  const itemList = hero.items.map((id) => el("li", { title: (data.market[id] || {}).text || "" }, cardName(data, id)));
  const allyList = hero.allies.map((a) => el("li", { title: (data.market[a.id] || {}).text || "" },
    cardName(data, a.id), a.wounds ? ` ✚${a.wounds}` : "", a.exhaustion ? ` ☾${a.exhaustion}` : ""));
  return el("section", { class: `hero-sheet seat-${hero.seat} ${view.turn === hero.seat ? "active" : ""}`, dataset: { seat: hero.seat } },
    el("h3", {}, el("span", { class: `token seat-${hero.seat}` }, String(hero.seat + 1)), " ", heroName(data, hero)),
    el("p", { class: "muted" }, context.seatName(hero.seat), " · ", placeName(data, hero.at)),
    el("div", { class: "stats" },
      stat(t("ui.rb.wounds"), `${hero.wounds}/${hero.life}`),
      stat(t("ui.rb.exhaustion"), `${hero.exhaustion}/${hero.stamina}`),
      stat(t("ui.rb.gold"), hero.gold),
      stat(t("ui.rb.experience"), hero.experience),
      stat(t("ui.rb.mind"), hero.mind), stat(t("ui.rb.body"), hero.body), stat(t("ui.rb.spirit"), hero.spirit)),
    hero.counters.length ? el("div", { class: "counters" }, hero.counters.map((c) => el("span", { class: `dot ${c}`, title: t(`ui.rb.counter.${c}`) }))) : null,
    itemList.length ? el("div", {}, el("h4", {}, t("ui.rb.items")), el("ul", {}, itemList)) : null,
    allyList.length ? el("div", {}, el("h4", {}, t("ui.rb.allies")), el("ul", {}, allyList)) : null,
    hero.dragon_runes.length ? el("p", {}, t("ui.rb.dragon_runes", { count: hero.dragon_runes.length })) : null);
}

function sidePanels(data, view, state, context) {
  const adventure = view.adventure && view[view.adventure];
  // market cards: a card an option names (buy, hire, sell...) is a button that chooses it
  const byItem = new Map();
  for (const option of context.options) {
    const item = option.args && option.args.item;
    if (typeof item === "string" && !byItem.has(item)) byItem.set(item, option);
  }
  const marketCard = (id) => {
    const option = byItem.get(id);
    const card = data.market[id] || {};
    return option
      ? el("button", { class: "market-card choosable", title: card.text || "", dataset: { key: option.key, item: id }, onclick: () => context.choose(option.key) }, cardName(data, id))
      : el("span", { class: "market-card", title: card.text || "" }, cardName(data, id));
  };
  const markets = Object.entries(view.markets).map(([stack, cards]) => {
    const city = data.cities.find((c) => c.id === stack) || data.lost_cities.find((c) => c.id === stack);
    return el("li", {}, el("strong", {}, city ? city.name : stack), ": ", cards.length ? cards.map(marketCard) : "—");
  });
  const fight = view.combat
    ? el("section", { class: "fight" }, el("h3", {}, t("ui.rb.fight")),
        el("p", {}, t("ui.rb.fight_round", { round: view.combat.round, wounds: view.combat.enemy_wounds })),
        fightSteps(data, view.combat, view.heroes.find((h) => h.seat === view.turn)))
    : null;
  const track = view.track.length ? el("p", {}, t("ui.rb.track"), ": ", view.track.map((id) => cardName(data, id)).join(", ")) : null;
  const doom = view.doom && view.doom.places
    ? el("p", { class: "doom" }, t("ui.rb.doom", { filled: view.doom.track.length, places: view.doom.places }),
        el("span", { class: "doom-track" }, view.doom.track.map((c) => el("span", { class: `dot ${c}` }))))
    : null;
  const extra = adventure ? adventurePanel(data, view, adventure) : null;
  return el("div", { class: "rb-side" },
    el("div", { class: "round" }, t("ui.rb.round", { round: view.round }),
      adventure && "night" in adventure ? el("span", { class: "daynight" }, " ", adventure.night ? `☾ ${t("ui.rb.night")}` : `☀ ${t("ui.rb.day")}`) : null),
    fight,
    el("div", { class: "heroes" }, view.heroes.map((hero) => heroSheet(data, view, hero, context))),
    doom, track, extra,
    el("details", { class: "markets", open: byItem.size > 0 }, el("summary", {}, t("ui.rb.markets")), el("ul", {}, markets)));
}

// The fight, both sides per step: the enemy's value / damage, and the fighting hero's stat
// for that step (mind, body, spirit: what its attack adds to the dice, RB-5.2).
function fightSteps(data, combat, hero) {
  const card = data.adventures[combat.card];
  if (!card) return null;
  const steps = combat.enemy_steps || card.steps;
  const names = ["ranged", "melee", "magic"];
  const stats = ["mind", "body", "spirit"];
  return el("table", { class: "steps" },
    el("thead", {}, el("tr", {}, el("th", {}), el("th", {}, cardName(data, combat.card)), el("th", {}, hero ? heroName(data, hero) : ""))),
    el("tbody", {}, names.map((name, i) => el("tr", { class: combat.hero_step === name ? "current" : "" },
      el("th", {}, t(`ui.rb.step.${name}`)),
      el("td", {}, steps[i] ? `${steps[i][0]} / ${steps[i][1]}` : "—"),
      el("td", {}, hero ? `${t(`ui.rb.${stats[i]}`)} ${hero[stats[i]]}` : "")))),
    el("tfoot", {},
      el("tr", {}, el("th", {}, t("ui.rb.enemy_life")), el("td", {}, `${combat.enemy_wounds} / ${card.life}`),
        el("td", {}, hero ? `${t("ui.rb.wounds")} ${hero.wounds}/${hero.life}` : ""))));
}

function adventurePanel(data, view, section) {
  const rows = [];
  if (section.legend_stacks) {
    rows.push(el("h4", {}, t("ui.rb.legends")), el("ul", {}, Object.entries(section.legend_stacks).map(([kind, stack]) =>
      el("li", {}, `${t(`ui.rb.legend.${kind}`)}: ${stack.size}${stack.top ? ` · ${cardName(data, stack.top)}` : ""}`))));
  }
  if (section.quest_boards) {
    rows.push(el("h4", {}, t("ui.rb.quest_boards")), el("ul", {}, section.quest_boards.map((board, seat) =>
      el("li", {}, `${seat + 1}: ${board.legends.map((id) => cardName(data, id)).join(", ") || "—"}`))));
  }
  if (section.piles) {
    rows.push(el("h4", {}, t("ui.rb.kelnov_piles")), el("ul", {}, Object.entries(section.piles).map(([colour, size]) =>
      el("li", {}, el("span", { class: `dot ${colour}` }), ` ${size}`))));
  }
  if (section.seats) {
    rows.push(el("h4", {}, t("ui.rb.cult")), el("ul", {}, section.seats.map((seat, i) =>
      el("li", {}, t("ui.rb.cult_seat", { seat: i + 1, vp: seat.vp, corruption: seat.corruption })))));
  }
  return rows.length ? el("section", { class: "adventure-panel" }, rows) : null;
}

export function preview(container, option) {
  for (const node of container.querySelectorAll(".hex.preview")) node.classList.remove("preview");
  if (!option) return;
  const at = optionHex(option, shown);
  if (at) {
    const node = container.querySelector(`.hex[data-hex="${at}"]`);
    if (node) node.classList.add("preview");
  }
}
