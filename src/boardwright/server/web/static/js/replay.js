// The replay viewer: step through a game move by move, with the board, the log and the dice
// as they were. A table of mine (as my seat, or the spectator, saw it) or a save file.

import { api, myTables } from "./api.js";
import { el, clear, toast } from "./dom.js";
import { t, language, onLanguage } from "./i18n.js";
import { renderers } from "./games.js";

export async function showReplay(page, tableId) {
  const viewer = new Replay(page);
  if (tableId) {
    const held = myTables()[tableId] || {};
    const token = held.token || held.spectator;
    if (!token) {
      page.append(el("p", { class: "error" }, t("ui.table.no_token")));
      return null;
    }
    viewer.source = { tableId, token, game: held.game };
  } else {
    page.append(viewer.filePicker());
  }
  viewer.build();
  if (viewer.source) await viewer.go(Number.MAX_SAFE_INTEGER);
  return viewer.stop();
}

class Replay {
  constructor(page) {
    this.page = page;
    this.source = null;
    this.frame = null;
    this.timer = null;
    this.seat = null;
  }

  filePicker() {
    const input = el("input", { type: "file", id: "save-file", accept: ".json,application/json" });
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      try {
        const save = JSON.parse(await file.text());
        this.source = { save, game: save.game, content: true };
        this.frame = null;
        this.wanted = undefined;
        await this.go(0);
      } catch (error) {
        toast(t("ui.replay.bad_file", { error: error.message }));
      }
    });
    return el("div", { class: "card" }, el("label", { for: "save-file" }, t("ui.replay.open_file")), " ", input);
  }

  build() {
    this.slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "replay-step", "aria-label": t("ui.replay.step"),
      oninput: () => this.go(Number(this.slider.value)) });
    this.counter = el("span", { class: "step-counter", id: "replay-counter" });
    const button = (id, label, action) => el("button", { id, "aria-label": t(label), title: t(label), onclick: action });
    this.playButton = button("replay-play", "ui.replay.play", () => this.toggle());
    this.playButton.textContent = "▶";
    this.seatSelect = el("select", { id: "replay-seat", onchange: () => { this.seat = this.seatSelect.value === "" ? null : Number(this.seatSelect.value); this.go(this.step()); } });
    this.board = el("div", { class: "board-area" });
    this.latest = el("div", { class: "decision" });
    this.logList = el("ol", { class: "log-list" });
    this.page.append(el("section", { class: "table-page replay", dataset: { liveLanguage: "" } },
      el("div", { class: "replay-controls" },
        Object.assign(button("replay-first", "ui.replay.first", () => this.go(0)), { textContent: "⏮" }),
        Object.assign(button("replay-back", "ui.replay.back", () => this.go(this.step() - 1)), { textContent: "◀" }),
        this.playButton,
        Object.assign(button("replay-next", "ui.replay.next", () => this.go(this.step() + 1)), { textContent: "▶|" }),
        Object.assign(button("replay-last", "ui.replay.last", () => this.go(Number.MAX_SAFE_INTEGER)), { textContent: "⏭" }),
        this.slider, this.counter, this.source && this.source.tableId ? null : this.seatSelect),
      el("div", { class: "play" }, this.board,
        el("aside", { class: "side" }, this.latest, el("div", { class: "log" }, el("h3", {}, t("ui.log.title")), this.logList)))));
    this.keys = (event) => {
      if (event.target.closest && event.target.closest("input, select, textarea")) return;
      if (event.key === "ArrowRight") this.go(this.step() + 1);
      if (event.key === "ArrowLeft") this.go(this.step() - 1);
    };
    document.addEventListener("keydown", this.keys);
    this.unlisten = onLanguage(() => {
      if (this.source && this.source.save) this.source.content = true; // names in the new language
      if (this.frame) this.go(this.step());
    });
  }

  stop() {
    return () => {
      clearInterval(this.timer);
      document.removeEventListener("keydown", this.keys);
      this.unlisten();
    };
  }

  // The move the viewer is going to: the latest asked for (its frame may still be on its way),
  // so that quick clicks add up.
  step() {
    if (this.wanted !== undefined) return this.wanted;
    return this.frame ? this.frame.step : 0;
  }

  toggle() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.playButton.textContent = "▶";
      return;
    }
    this.playButton.textContent = "⏸";
    this.timer = setInterval(() => {
      if (!this.frame || this.frame.step >= this.frame.steps) return this.toggle();
      this.go(this.frame.step + 1);
    }, 700);
  }

  async go(step) {
    if (!this.source) return;
    const last = this.frame ? this.frame.steps : Number.MAX_SAFE_INTEGER;
    const wanted = Math.min(Math.max(0, step), last);
    this.wanted = wanted;
    // only the latest request is drawn: answers to earlier ones may come after it
    this.asked = (this.asked || 0) + 1;
    const ticket = this.asked;
    try {
      let frame;
      if (this.source.tableId) {
        frame = await api("GET", `/api/tables/${this.source.tableId}/replay?step=${Math.min(wanted, 1e9)}&lang=${language()}`, undefined, this.source.token);
      } else {
        frame = await api("POST", "/api/replay", { save: this.source.save, step: Math.min(wanted, 1e9), seat: this.seat, lang: language(), content: Boolean(this.source.content) });
        if (frame.content) { this.source.content = false; this.contentData = frame.content; }
      }
      if (ticket !== this.asked) return;
      this.frame = frame;
      this.wanted = frame.step; // the server's, within the game's moves
      this.draw();
    } catch (error) {
      toast(error.message);
    }
  }

  draw() {
    const frame = this.frame;
    this.slider.max = frame.steps;
    this.slider.value = frame.step;
    this.counter.textContent = t("ui.replay.counter", { step: frame.step, steps: frame.steps });
    if (this.seatSelect.options.length !== frame.players + 1) {
      clear(this.seatSelect).append(el("option", { value: "" }, t("ui.replay.public_view")),
        ...Array.from({ length: frame.players }, (_, seat) => el("option", { value: seat }, t("ui.seat.number", { number: seat + 1 }))));
    }
    const renderer = renderers[frame.game];
    const state = {
      table: this.source.tableId || "replay", seat: frame.seat, view: frame.view, decision: frame.decision,
      texts: frame.texts, seats: Array.from({ length: frame.players }, (_, seat) => ({ seat, kind: "", player: null })),
      content: this.contentData,
    };
    if (renderer) {
      renderer.render(this.board, state, {
        choose: () => {}, options: [], optionTexts: [],
        seatName: (seat) => t("ui.seat.number", { number: seat + 1 }),
        lastEvents: frame.latest,
      });
    }
    clear(this.latest).append(el("div", {}, el("h3", {}, t("ui.replay.this_move")),
      frame.texts.latest.length ? el("ul", {}, frame.texts.latest.map((text) => el("li", {}, text))) : el("p", { class: "muted" }, "—"),
      frame.texts.prompt ? el("p", { class: "muted" }, frame.texts.prompt) : null));
    clear(this.logList).append(...frame.texts.events.map((text) => el("li", {}, text)));
    this.logList.scrollTop = this.logList.scrollHeight;
  }
}
