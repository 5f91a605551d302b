// The server's JSON API; a refusal becomes an Error whose message is the server's one line.

export async function api(method, path, body = undefined, token = undefined) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({ error: answer.statusText }));
  if (!answer.ok) throw new Error(data.error || answer.statusText);
  return data;
}

// What this browser holds for each table: its seat token, spectator and creator tokens.
const KEY = "bw.tables";

export function myTables() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

export function remember(tableId, fields) {
  const all = myTables();
  all[tableId] = { ...(all[tableId] || {}), ...fields };
  localStorage.setItem(KEY, JSON.stringify(all));
  return all[tableId];
}

export function forget(tableId) {
  const all = myTables();
  delete all[tableId];
  localStorage.setItem(KEY, JSON.stringify(all));
}
