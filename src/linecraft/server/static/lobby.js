"use strict";
let catalogue = null;

async function load() {
  catalogue = await (await fetch("/api/games")).json();
  const game = document.getElementById("game");
  for (const g of catalogue.games) {
    const option = document.createElement("option");
    option.value = g.name; option.textContent = g.title;
    game.appendChild(option);
  }
  game.addEventListener("change", showOptions);
  showOptions();
  addSeat("Player", "");
  addSeat("bot", "greedy");
  refreshRooms();
}

function showOptions() {
  const name = document.getElementById("game").value;
  const info = catalogue.games.find((g) => g.name === name);
  const box = document.getElementById("options");
  box.innerHTML = "";
  for (const option of info.options) {
    if (option.name === "players") continue;  // the seats give the number of players
    const label = document.createElement("label");
    label.className = "seat-row";
    label.textContent = `${option.name} (${option.allowed}) `;
    const input = document.createElement("input");
    input.dataset.option = option.name;
    input.value = JSON.stringify(option.default);
    input.title = option.doc;
    label.appendChild(input);
    box.appendChild(label);
  }
}

function addSeat(name, bot) {
  const row = document.createElement("div");
  row.className = "seat-row";
  const nameInput = document.createElement("input");
  nameInput.value = name; nameInput.className = "seat-name";
  const kind = document.createElement("select");
  kind.className = "seat-kind";
  for (const value of ["", ...catalogue.bots]) {
    const option = document.createElement("option");
    option.value = value; option.textContent = value ? `bot: ${value}` : "person";
    if (value === bot) option.selected = true;
    kind.appendChild(option);
  }
  const remove = document.createElement("button");
  remove.type = "button"; remove.textContent = "×";
  remove.addEventListener("click", () => row.remove());
  row.append(nameInput, kind, remove);
  document.getElementById("seats").appendChild(row);
}

async function create() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    try { options[input.dataset.option] = JSON.parse(input.value); }
    catch { options[input.dataset.option] = input.value; }
  }
  const seats = [...document.querySelectorAll("#seats .seat-row")].map((row) => ({
    name: row.querySelector(".seat-name").value,
    bot: row.querySelector(".seat-kind").value || null,
  }));
  const assistant = document.getElementById("assistant").checked;
  const body = { game: document.getElementById("game").value, options, seats, assistant };
  const response = await fetch("/api/rooms", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const result = await response.json();
  const box = document.getElementById("created");
  if (!response.ok) { box.textContent = result.detail; return; }
  box.innerHTML = "<p>Room created. Seat links (each is secret to its player):</p>";
  const list = document.createElement("ul");
  for (const seat of result.seats.filter((s) => s.link)) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = seat.link; link.textContent = `${seat.name}: open`;
    link.className = "seat-link";
    item.appendChild(link); list.appendChild(item);
  }
  const watch = document.createElement("li");
  watch.innerHTML = `<a href="${result.spectator}">watch as a spectator</a>`;
  list.appendChild(watch);
  box.appendChild(list);
  refreshRooms();
}

async function refreshRooms() {
  const data = await (await fetch("/api/rooms")).json();
  const list = document.getElementById("rooms");
  list.innerHTML = "";
  for (const room of data.rooms) {
    const item = document.createElement("li");
    const names = room.seats.map((s) => s.name).join(", ");
    const link = document.createElement("a");
    link.href = room.spectator; link.textContent = room.game;
    item.append(link, ` — ${names}${room.terminal ? " (finished)" : ""}`);  // names as text, never markup
    list.appendChild(item);
  }
}

document.getElementById("add-seat").addEventListener("click", () => addSeat("", "greedy"));
document.getElementById("start").addEventListener("click", create);
load();
