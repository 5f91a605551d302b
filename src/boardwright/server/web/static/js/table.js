// A table's page: the seats before the start; once it runs, the board (drawn by the game's
// renderer), the current decision, the log. Everything comes from the server's state
// messages for this browser's seat (or the spectator view); moves go back as option keys.

import { api, myTables, remember } from "./api.js";
import { el, clear, toast } from "./dom.js";
import { t, language, onLanguage } from "./i18n.js";
import { gameTitle, games, seatLabel } from "./lobby.js";
import { renderers } from "./games.js";

export async function showTable(page, tableId) {
  const held = myTables()[tableId] || {};
  let info;
  try {
    info = await api("GET", `/api/tables/${tableId}`);
  } catch (error) {
    page.append(el("p", { class: "error" }, error.message));
    return null;
  }
  if (info.status === "open") return showSeats(page, info, held);
  const token = held.token || held.spectator;
  if (!token) {
    page.append(el("p", { class: "error" }, t("ui.table.no_token")));
    return null;
  }
  return new LiveTable(page, info, held, token).start();
}

// --- before the start -------------------------------------------------------------------------

async function showSeats(page, info, held) {
  const all = await games();
  const game = all.find((g) => g.name === info.game);
  const rows = info.seats.map((seat) => {
    const link = held.links && held.links[seat.seat] && seat.free
      ? el("input", { readonly: true, class: "link", value: `${location.origin}/#/join/${info.id}/${seat.seat}/${held.links[seat.seat]}` })
      : null;
    const addBot = held.creator && seat.free
      ? el("select", { class: "add-bot", "aria-label": t("ui.seats.add_bot"), onchange: async (event) => {
          try {
            await api("POST", `/api/tables/${info.id}/seats/${seat.seat}/bot`, { bot: event.target.value }, held.creator);
            location.reload();
          } catch (error) { toast(error.message); }
        } }, el("option", { value: "" }, t("ui.seats.add_bot")), game.bots.map((bot) => el("option", { value: bot }, seatLabel(bot))))
      : null;
    return el("tr", {},
      el("td", {}, t("ui.seat.number", { number: seat.seat + 1 })),
      el("td", {}, seat.free ? t("ui.seat.free") : seat.player || seatLabel(seat.kind)),
      el("td", {}, link, addBot));
  });
  const spectate = held.spectator
    ? el("p", {}, t("ui.seats.spectator_link"), " ",
        el("input", { readonly: true, class: "link", value: `${location.origin}/#/watch/${info.id}/${held.spectator}` }))
    : null;
  const start = held.creator
    ? el("button", { class: "primary", id: "start", onclick: async () => {
        try {
          await api("POST", `/api/tables/${info.id}/start`, undefined, held.creator);
          location.reload();
        } catch (error) { toast(error.message); }
      } }, t("ui.seats.start"))
    : el("p", {}, t("ui.seats.waiting"));
  page.append(el("section", { class: "card" },
    el("h2", {}, gameTitle(game)),
    el("table", { class: "tables" }, el("tbody", {}, rows)),
    spectate, start));
  // others join meanwhile: look again now and then
  const timer = setInterval(async () => {
    const now = await api("GET", `/api/tables/${info.id}`).catch(() => null);
    if (now && (now.status !== info.status || JSON.stringify(now.seats) !== JSON.stringify(info.seats))) location.reload();
  }, 3000);
  return () => clearInterval(timer);
}

// --- in play ----------------------------------------------------------------------------------

class LiveTable {
  constructor(page, info, held, token) {
    this.page = page;
    this.info = info;
    this.held = held;
    this.token = token;
    this.renderer = renderers[info.game];
    this.state = null;
    this.log = []; // [{event, text}]
    this.cursor = 0;
    this.socket = null;
    this.closed = false;
    this.filter = "all";
  }

  start() {
    this.build();
    this.connect();
    const stop = onLanguage((code) => {
      // the same connection, the whole log again in the new language: it replaces the log
      // when it comes (a message in the old language may still be on its way before it)
      this.relog = code;
      this.send({ type: "resume", cursor: 0, language: code });
      this.buildStatic();
    });
    this.keys = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keys);
    return () => {
      this.closed = true;
      stop();
      document.removeEventListener("keydown", this.keys);
      if (this.socket) this.socket.close();
    };
  }

  build() {
    this.head = el("div", { class: "table-head" });
    this.board = el("div", { class: "board-area", id: "board" });
    this.decision = el("div", { class: "decision", id: "decision", "aria-live": "polite" });
    this.recent = el("div", { class: "recent", id: "recent", "aria-live": "polite" });
    this.logList = el("ol", { class: "log-list", id: "log" });
    this.logFilter = el("select", { id: "log-filter", onchange: (e) => { this.filter = e.target.value; this.drawLog(); } });
    this.page.append(el("section", { class: "table-page", dataset: { game: this.info.game, liveLanguage: "" } },
      this.head,
      el("div", { class: "play" },
        this.board,
        el("aside", { class: "side" },
          this.recent,
          this.decision,
          el("div", { class: "log" },
            el("div", { class: "log-head" }, el("h3", { "data-t": "ui.log.title" }, t("ui.log.title")), this.logFilter),
            this.logList)))));
    this.buildStatic();
  }

  buildStatic() {
    clear(this.logFilter).append(
      ...["all", "mine", "dice", "cards"].map((f) => el("option", { value: f, selected: f === this.filter }, t(`ui.log.filter.${f}`))));
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/api/tables/${this.info.id}/live?token=${encodeURIComponent(this.token)}&cursor=${this.cursor}&lang=${language()}`;
    this.log = this.cursor === 0 ? [] : this.log;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener("message", (message) => this.onMessage(JSON.parse(message.data)));
    socket.addEventListener("close", () => {
      if (this.closed) return;
      this.setConnection(false);
      setTimeout(() => !this.closed && this.connect(), 1500);
    });
    socket.addEventListener("open", () => this.setConnection(true));
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  setConnection(up) {
    this.page.querySelector(".table-page").dataset.connected = up ? "yes" : "no";
  }

  onMessage(message) {
    if (message.type === "error") {
      toast(message.error);
      return;
    }
    if (message.type !== "state") return;
    if (message.reset) this.log = [];
    if (this.relog && message.texts && message.texts.language === this.relog) {
      this.log = [];
      this.relog = null;
    }
    const texts = message.texts || { events: [] };
    const fresh = message.events.map((event, i) => ({ event, text: texts.events[i] ?? event.kind }));
    this.log.push(...fresh);
    if (fresh.length && !message.reset) this.drawRecent(fresh);
    this.cursor = message.cursor;
    this.state = message;
    const mine = message.decision && message.seat !== null && message.decision.seat === message.seat;
    remember(this.info.id, { turn: Boolean(mine) });
    // for scripts and tests: which state is shown, and whether it is this seat's move
    const section = this.page.querySelector(".table-page");
    section.dataset.version = message.version;
    section.dataset.mine = mine ? "yes" : "no";
    section.dataset.status = message.status;
    this.draw();
  }

  draw() {
    const state = this.state;
    this.drawHead(state);
    this.drawDecision(state);
    this.drawLog();
    if (this.renderer) {
      this.renderer.render(this.board, state, {
        choose: (key) => this.choose(key),
        options: this.myOptions(),
        optionTexts: (state.texts && state.texts.options) || [],
        seatName: (seat) => this.seatName(seat),
        lastEvents: this.log.slice(-30).map((entry) => entry.event),
      });
    }
  }

  myOptions() {
    const state = this.state;
    if (!state || !state.decision || state.decision.seat !== state.seat) return [];
    return state.decision.options || [];
  }

  seatName(seat) {
    const info = this.state && this.state.seats[seat];
    const who = info ? info.player || seatLabel(info.kind) : "";
    return `${t("ui.seat.number", { number: seat + 1 })}${who ? ` (${who})` : ""}`;
  }

  drawHead(state) {
    const seats = state.seats.map((s) =>
      el("li", {
        class: [
          "seat",
          state.decision && state.decision.seat === s.seat ? "deciding" : "",
          s.seat === state.seat ? "me" : "",
        ].join(" "),
        dataset: { seat: s.seat },
      }, this.seatName(s.seat)));
    const undo = state.seat !== null && state.status === "playing"
      ? el("button", { id: "undo", title: t("ui.table.undo_about"), onclick: () => this.send({ type: "undo", version: this.state.version }) }, t("ui.table.undo"))
      : null;
    const save = el("a", { href: "#", id: "export", onclick: (event) => { event.preventDefault(); this.exportSave(); } },
      state.status === "finished" ? t("ui.table.download_save") : t("ui.table.download_record"));
    const replay = el("a", { href: `#/replay/${this.info.id}` }, t("ui.table.replay"));
    clear(this.head).append(...[
      el("h2", {}, gameTitle(this.info.game)),
      el("ul", { class: "seats" }, seats),
      el("span", { class: "status" }, t(`ui.status.${state.status}`)),
      state.seat === null ? el("span", { class: "badge" }, t("ui.table.spectating")) : null,
      undo, save, replay].filter(Boolean));
  }

  drawDecision(state) {
    const box = clear(this.decision);
    if (state.result) {
      box.append(el("h3", {}, t("ui.table.game_over")), this.resultTable(state.result));
      return;
    }
    const decision = state.decision;
    if (!decision) {
      box.append(el("p", {}, t(`ui.status.${state.status}`)));
      return;
    }
    const prompt = (state.texts && state.texts.prompt) || decision.kind;
    const options = this.myOptions();
    if (!options.length) {
      box.append(el("p", { class: "waiting" }, t("ui.table.waiting_for", { seat: this.seatName(decision.seat) })),
        el("p", { class: "prompt muted" }, prompt));
      return;
    }
    const texts = state.texts && state.texts.options ? state.texts.options : [];
    box.append(el("h3", { class: "prompt" }, prompt),
      el("ol", { class: "options" }, options.map((option, i) =>
        el("li", {}, el("button", {
          class: "option",
          dataset: { key: option.key, what: option.what },
          onclick: () => this.choose(option.key),
          onmouseenter: () => this.renderer && this.renderer.preview && this.renderer.preview(this.board, option),
          onmouseleave: () => this.renderer && this.renderer.preview && this.renderer.preview(this.board, null),
        }, i < 9 ? el("kbd", {}, String(i + 1)) : null, texts[i] ?? option.key)))));
  }

  // What the last move did: its events, with the dice and numbers shown as they fell.
  drawRecent(entries) {
    const items = entries.slice(-5).map(({ event, text }) => {
      const data = event.data || {};
      const dice = Array.isArray(data.dice)
        ? el("span", { class: "dice" }, data.dice.map((face) => el("span", { class: "die", title: String(face) }, String(face).split("/").map((part) => t(`ui.rb.terrain.${part}`)).join(" / "))))
        : null;
      const roll = typeof data.roll === "number"
        ? el("span", { class: "roll" }, el("span", { class: "die big" }, String(data.roll)),
            typeof data.total === "number" ? ` = ${data.total}` : "",
            typeof data.target === "number" ? ` / ${data.target}` : typeof data.difficulty === "number" ? ` / ${data.difficulty}` : "",
            data.hit === true || data.success === true ? el("span", { class: "good" }, " ✔") : data.hit === false || data.success === false ? el("span", { class: "bad" }, " ✘") : null)
        : null;
      return el("li", { class: dice || roll ? "with-dice" : "", dataset: { kind: event.kind } }, el("span", {}, text), dice, roll);
    });
    clear(this.recent).append(el("h3", {}, t("ui.table.just_now")), el("ul", {}, items));
  }

  resultTable(result) {
    const rows = result.scores.map((score, seat) => el("tr", {},
      el("td", {}, result.ranks[seat]), el("td", {}, this.seatName(seat)), el("td", {}, score)));
    return el("table", { class: "result" },
      el("thead", {}, el("tr", {}, el("th", {}, t("ui.result.rank")), el("th", {}, t("ui.result.seat")), el("th", {}, t("ui.result.score")))),
      el("tbody", {}, rows));
  }

  drawLog() {
    const mine = this.state ? this.state.seat : null;
    const keep = (entry) => {
      const data = entry.event.data || {};
      if (this.filter === "mine") return data.seat === mine;
      if (this.filter === "dice") return /roll|dice|die/.test(entry.event.kind);
      if (this.filter === "cards") return /draw|card|buy|hire|reveal|take/.test(entry.event.kind);
      return true;
    };
    const items = this.log.filter(keep).slice(-300).map((entry) =>
      el("li", { class: `event ${entry.event.redacted ? "redacted" : ""}`, dataset: { kind: entry.event.kind } }, entry.text));
    clear(this.logList).append(...items);
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  choose(key) {
    this.send({ type: "move", key, version: this.state.version });
  }

  onKey(event) {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const options = this.myOptions();
    const n = Number(event.key);
    if (n >= 1 && n <= 9 && n <= options.length) {
      event.preventDefault();
      this.choose(options[n - 1].key);
    }
  }

  async exportSave() {
    try {
      const data = await api("GET", `/api/tables/${this.info.id}/export`, undefined, this.token);
      const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
      const link = el("a", { href: URL.createObjectURL(blob), download: `${this.info.game}-${this.info.id}.json` });
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toast(error.message);
    }
  }
}
