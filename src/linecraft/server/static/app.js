"use strict";
const roomId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token");
let current = null;
let socket = null;
let picked = null;  // {piece, form}: the die, tile or line in hand, and how it is turned

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${roomId}${query}`);
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.error) { document.getElementById("error").textContent = data.error; return; }
    document.getElementById("error").textContent = "";
    show(data.delta ? merged(current, data.delta) : data);
  });
  socket.addEventListener("close", () => setTimeout(connect, 1000));  // reconnect resumes the seat
}

// After the first, whole view the server sends only what changed (and of the boards,
// only those drawn differently).
function merged(view, delta) {
  return { ...view, ...delta, boards: { ...view.boards, ...(delta.boards || {}) } };
}

function send(action) {
  socket.send(JSON.stringify({ action }));
}

function show(data) {
  current = data;
  const practice = data.practice ? " — practice room: the dice and cards follow a seed chosen in advance" : "";
  document.getElementById("title").textContent = `${data.game} — room ${data.room}${practice}`;
  document.getElementById("status").textContent = data.terminal ? "game over" : "";
  const boards = document.getElementById("boards");
  boards.innerHTML = "";
  for (const [key, svg] of Object.entries(data.boards)) {
    const figure = document.createElement("figure");
    figure.dataset.board = key;
    figure.classList.toggle("mine", key === String(data.you) || key === "table");
    figure.innerHTML = svg;
    const seat = data.seats.find((s) => String(s.seat) === key);
    if (seat) {
      const caption = document.createElement("figcaption");
      caption.textContent = seat.name + (seat.seat === data.you ? " (you)" : "");
      figure.prepend(caption);
    }
    boards.appendChild(figure);
  }
  for (const spot of mySpots()) {
    spot.addEventListener("click", () => pickTarget(spot.dataset.target));
  }
  keepPick();
  const seats = document.getElementById("seats");
  seats.innerHTML = "";
  for (const s of data.seats) {
    const row = document.createElement("div");
    row.className = ["to act", "thinking"].includes(s.status) ? "to-act" : "";
    row.textContent = `${s.name}${s.bot ? ` (bot ${s.bot})` : ""}: ${s.status}`;
    if (!s.bot && s.seat !== data.you && data.you !== null && !data.terminal) {
      const takeOver = document.createElement("button");
      takeOver.type = "button"; takeOver.textContent = "let a bot play this seat";
      takeOver.addEventListener("click", () => fetch(`/api/rooms/${data.room}/takeover`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token, seat: s.seat, bot: "greedy" }),
      }));
      row.append(" ", takeOver);
    }
    seats.appendChild(row);
  }
  const waitingFor = data.seats.filter((s) => data.to_act.includes(s.seat)).map((s) => s.name);
  let turn = data.legal.length ? "Your move." : (data.terminal ? "" : `Waiting for ${waitingFor.join(", ") || "the next draw"}…`);
  if (data.chance) {
    turn = `Type ${data.chance.prompt} in the box and press Play.`;
    if (data.chance.outcomes.length) turn += ` Possible: ${data.chance.outcomes.join(", ")}`;
  }
  document.getElementById("turn").textContent = turn;
  document.getElementById("table-status").replaceChildren(...(data.status || []).map((line) => cell("div", line)));
  document.getElementById("undo").hidden = !data.undo;
  const playing = !data.terminal && data.you !== null;  // spectators and finished games only watch
  for (const id of ["act", "filter", "help"]) document.getElementById(id).hidden = !playing;
  document.getElementById("help").textContent = `Actions look like: ${data.help}`;
  showPick();
  showScores(data);
}

function showLegal(only) {
  const filter = document.getElementById("filter").value.trim().toLowerCase();
  const list = document.getElementById("legal");
  list.innerHTML = "";
  const shown = (only || current.legal.filter(fits)).filter((a) => a.toLowerCase().includes(filter));
  for (const action of shown.slice(0, 300)) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button"; button.textContent = action; button.className = "legal-action";
    button.addEventListener("click", () => send(action));
    item.appendChild(button); list.appendChild(item);
  }
}

// The piece in hand: kept across updates while it can still be placed in that drawing,
// else its first placeable drawing, else the first piece that can be placed.
function keepPick() {
  const pieces = current.pieces || {};
  const names = Object.keys(pieces);
  if (!names.length) { picked = null; return; }
  if (!picked || !pieces[picked.piece]) {
    picked = { piece: names[0], form: Object.keys(pieces[names[0]])[0] };
  } else if (!(picked.form in pieces[picked.piece])) {
    picked.form = Object.keys(pieces[picked.piece])[0];
  }
}

// An action fits the hand when it picks nothing (end, draw, pass) or the piece in hand as turned.
function fits(action) {
  const pick = (current.picks || {})[action];
  return !pick || (picked !== null && pick[0] === picked.piece && pick[1] === picked.form);
}

function showPick() {
  const pieces = current.pieces || {};
  const box = document.getElementById("pieces");
  box.innerHTML = "";
  for (const [piece, forms] of Object.entries(pieces)) {
    const inHand = picked && picked.piece === piece;
    const form = inHand ? picked.form : Object.keys(forms)[0];
    const button = document.createElement("button");
    button.type = "button";
    button.className = inHand ? "piece picked" : "piece";
    button.dataset.piece = piece; button.dataset.form = form;
    button.title = form ? `${piece} ${form}` : piece;
    button.innerHTML = forms[form].svg || "";
    const name = document.createElement("span");
    name.textContent = piece;
    button.append(name);
    button.addEventListener("click", () => { picked = { piece, form }; showPick(); });
    box.append(button);
  }
  const turns = picked ? pieces[picked.piece][picked.form] : null;
  for (const turn of ["rotate", "mirror"]) {  // shown where the game allows it, usable where it leads somewhere
    const button = document.getElementById(turn);
    button.hidden = !(current.turns || []).includes(turn);
    button.disabled = !(turns && turns[turn]);
  }
  document.getElementById("hand").hidden = !Object.keys(pieces).length;
  markTargets();
  showLegal();
}

function turnPick(turn) {
  const next = picked && current.pieces[picked.piece][picked.form][turn];
  if (next) { picked.form = next; showPick(); }
}

// The spots of the board this seat plays on: its own, or the one shared table.
function mySpots() {
  const mine = `#boards figure[data-board="${current.you}"] .spot, #boards figure[data-board="table"] .spot`;
  return document.querySelectorAll(mine);
}

// Where the piece in hand (or an action that needs no piece) can go glows on the boards;
// a click plays the one action aimed there, or lists the choices when there are several.
function markTargets() {
  const aimed = new Set(Object.entries(current.targets || {}).filter(([a]) => fits(a)).map(([, t]) => t));
  for (const spot of mySpots()) {
    spot.classList.toggle("target", aimed.has(spot.dataset.target));
  }
}

function pickTarget(target) {
  const aimed = Object.entries(current.targets || {}).filter(([, t]) => t === target).map(([a]) => a);
  const choices = aimed.filter(fits).length ? aimed.filter(fits) : aimed;
  if (choices.length === 1 && fits(choices[0])) { send(choices[0]); return; }
  if (choices.length) {
    document.getElementById("filter").value = "";
    showLegal(choices);
  }
}

// A score card's rows: its plain fields, and one row per part that carries its own
// points (Railroad Ink's expansions), so every number the total adds up is shown.
function scoreRows(card) {
  const rows = [];
  for (const [field, value] of Object.entries(card)) {
    if (typeof value !== "object" || value === null) { rows.push([field, (c) => c[field]]); continue; }
    if (Array.isArray(value)) continue;  // itemised lists (each network) are summed in other rows
    for (const [part, detail] of Object.entries(value)) {
      if (detail && typeof detail.points === "number") rows.push([part, (c) => c[field][part]?.points ?? ""]);
    }
  }
  const total = rows.findIndex(([field]) => field === "total");
  if (total >= 0) rows.push(rows.splice(total, 1)[0]);  // the total last
  return rows;
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = String(text);
  return element;
}

function showScores(data) {
  const box = document.getElementById("scores");
  box.innerHTML = "";
  if (!data.scores) return;
  const seats = Object.keys(data.scores);
  box.append(cell("h3", data.terminal ? "Final scores" : "Scores so far"));
  const table = document.createElement("table");
  table.id = data.terminal ? "final-scores" : "live-scores";
  const head = document.createElement("tr");
  head.append(cell("th", ""), ...seats.map((s) => cell("th", data.seats[s].name)));
  table.append(head);
  for (const [field, value] of scoreRows(data.scores[seats[0]])) {
    const row = document.createElement("tr");
    row.append(cell("td", field), ...seats.map((s) => cell("td", value(data.scores[s]))));
    table.append(row);
  }
  box.append(table);
  if (data.terminal) {
    const names = (data.winners || []).map((w) => data.seats[w].name).join(", ");
    const links = document.createElement("p");
    const download = document.createElement("a");
    download.href = `/api/rooms/${data.room}/record`; download.download = ""; download.textContent = "Download the record";
    const replay = document.createElement("a");
    replay.href = `/replay/${data.room}`; replay.textContent = "Replay";
    links.append(download, " · ", replay);
    box.append(cell("p", `Winner(s): ${names}`), links);
  }
}

document.getElementById("act").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("action");
  if (input.value.trim()) send(input.value.trim());
  input.value = "";
});
document.getElementById("undo").addEventListener("click", () => send("undo"));
document.getElementById("filter").addEventListener("input", () => showLegal());
document.getElementById("rotate").addEventListener("click", () => turnPick("rotate"));
document.getElementById("mirror").addEventListener("click", () => turnPick("mirror"));
document.addEventListener("keydown", (event) => {  // R rotates, M mirrors, outside text boxes
  if (event.target.tagName === "INPUT" || !current) return;
  if (event.key === "r" || event.key === "R") turnPick("rotate");
  if (event.key === "m" || event.key === "M") turnPick("mirror");
});
connect();
