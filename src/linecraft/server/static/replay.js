"use strict";
const roomId = location.pathname.split("/").pop();
const slider = document.getElementById("step");

async function go(step) {
  const response = await fetch(`/api/rooms/${roomId}/replay?step=${step}`);
  const data = await response.json();
  if (!response.ok) { document.getElementById("event").textContent = data.detail; return; }
  document.getElementById("title").textContent = `${data.game} — replay of room ${data.room}`;
  slider.max = data.steps; slider.value = data.step;
  document.getElementById("where").textContent = `event ${data.step} of ${data.steps}`;
  const event = data.event;
  let text = "the start";
  if (event) {
    text = event.chance ? `chance: ${event.chance}` : `${data.seats[event.player].name}: ${event.action}`;
  }
  document.getElementById("event").textContent = text;
  const boards = document.getElementById("boards");
  boards.innerHTML = "";
  for (const [key, svg] of Object.entries(data.boards)) {
    const figure = document.createElement("figure");
    const seat = data.seats.find((s) => String(s.seat) === key);
    figure.innerHTML = svg;
    if (seat) {
      const caption = document.createElement("figcaption");
      caption.textContent = seat.name;  // names as text, never markup
      figure.prepend(caption);
    }
    boards.appendChild(figure);
  }
}

document.getElementById("first").addEventListener("click", () => go(0));
document.getElementById("back").addEventListener("click", () => go(Number(slider.value) - 1));
document.getElementById("next").addEventListener("click", () => go(Number(slider.value) + 1));
document.getElementById("last").addEventListener("click", () => go(Number(slider.max)));
slider.addEventListener("change", () => go(Number(slider.value)));
go(0);
