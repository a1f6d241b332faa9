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

// Each option as the control that fits it: a box to tick for yes/no, boxes for a list
// of choices, a menu for one of several, else the value as JSON text.
function showOptions() {
  const name = document.getElementById("game").value;
  const info = catalogue.games.find((g) => g.name === name);
  const box = document.getElementById("options");
  box.innerHTML = "";
  for (const option of info.options) {
    if (option.name === "players") continue;  // the seats give the number of players
    const isFlag = !option.many && JSON.stringify(option.choices) === "[false,true]";
    const label = document.createElement(isFlag ? "label" : "div");  // a yes/no box takes clicks on its name
    label.className = "option-row";
    label.title = option.doc;
    const caption = document.createElement("span");
    caption.textContent = `${option.name.replaceAll("_", " ")} `;
    label.append(caption);
    if (isFlag) {
      label.append(control("input", option, { type: "checkbox", checked: option.default === true }));
    } else if (option.many) {
      for (const choice of option.choices) {
        const item = document.createElement("label");
        const tick = control("input", option, { type: "checkbox", value: JSON.stringify(choice) });
        tick.checked = (option.default || []).includes(choice);
        item.append(tick, ` ${choice} `);
        label.append(item);
      }
    } else if (option.choices.length) {
      const menu = control("select", option, {});
      for (const choice of option.choices) {
        const item = document.createElement("option");
        item.value = JSON.stringify(choice);
        item.textContent = choice === null ? "default" : String(choice);
        item.selected = choice === option.default;
        menu.append(item);
      }
      label.append(menu);
    } else {
      label.append(control("input", option, { value: JSON.stringify(option.default) }));
    }
    const note = document.createElement("small");
    note.textContent = ` ${option.doc}`;
    label.append(note);
    box.appendChild(label);
  }
}

function control(tag, option, properties) {
  const element = document.createElement(tag);
  Object.assign(element, properties);
  element.dataset.option = option.name;
  element.setAttribute("aria-label", option.name.replaceAll("_", " ") + (properties.value ? ` ${properties.value}` : ""));
  element.dataset.many = option.many ? "yes" : "";
  return element;
}

// The options as the server takes them: ticked boxes of a list gathered into it.
function chosenOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.many) {
      options[name] = options[name] || [];
      if (input.checked) options[name].push(JSON.parse(input.value));
    } else if (input.type === "checkbox") {
      options[name] = input.checked;
    } else {
      try { options[name] = JSON.parse(input.value); } catch { options[name] = input.value; }
    }
  }
  return options;
}

function addSeat(name, bot) {
  const row = document.createElement("div");
  row.className = "seat-row";
  const nameInput = document.createElement("input");
  nameInput.value = name; nameInput.className = "seat-name";
  const number = document.getElementById("seats").children.length + 1;
  nameInput.setAttribute("aria-label", `Seat ${number}: name`);
  const kind = document.createElement("select");
  kind.className = "seat-kind";
  kind.setAttribute("aria-label", `Seat ${number}: person or bot`);
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
  const options = chosenOptions();
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
  if (!response.ok) {  // the server's reason, or each field the form got wrong
    const detail = result.detail;
    box.textContent = Array.isArray(detail) ? detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ") : detail;
    return;
  }
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
  const spectate = document.createElement("a");
  spectate.href = result.spectator; spectate.textContent = "watch as a spectator";
  watch.append(spectate);
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
