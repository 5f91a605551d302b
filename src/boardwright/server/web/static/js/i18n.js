// The UI's words: one catalog per language from /api/ui/<language>, the choice kept in
// localStorage. t(id, {field: value}) fills named fields like the game catalogs.

const STORE_KEY = "bw.language";
let messages = {};
let current = "en";
let languages = ["en", "de", "pl"];
const listeners = [];

export function language() {
  return current;
}

export function t(id, fields = {}) {
  const template = messages[id] ?? id;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

// Calls listener(language) after every switch; returns the function that stops it.
export function onLanguage(listener) {
  listeners.push(listener);
  return () => listeners.splice(listeners.indexOf(listener) >>> 0, 1);
}

export async function setLanguage(code) {
  const answer = await fetch(`/api/ui/${encodeURIComponent(code)}`);
  if (!answer.ok) return;
  const data = await answer.json();
  messages = data.messages;
  languages = data.languages;
  current = data.language;
  localStorage.setItem(STORE_KEY, current);
  document.documentElement.lang = current;
  translateStatic(document);
  for (const listener of [...listeners]) listener(current);
}

export function startLanguage() {
  const wanted = localStorage.getItem(STORE_KEY) || (navigator.language || "en").slice(0, 2);
  return setLanguage(["en", "de", "pl"].includes(wanted) ? wanted : "en");
}

export function languageChoices() {
  return languages;
}

// Elements that carry data-t="id" get their text from the catalog.
export function translateStatic(root) {
  for (const element of root.querySelectorAll("[data-t]")) {
    element.textContent = t(element.dataset.t);
  }
}
