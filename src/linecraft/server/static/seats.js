// What this browser remembers: the player's name and the seats it holds (room and
// secret link), so a closed tab never loses a seat and the lobby can list them.
import { _, fill } from "./i18n.js";

const SEATS = "linecraft.seats";
const NAME = "linecraft.name";

export function heldSeats() {
  try { return JSON.parse(localStorage.getItem(SEATS) || "[]"); } catch { return []; }
}

export function rememberSeat(room, link) {
  if (!room || !link) return;
  const token = new URL(link, location.href).searchParams.get("token");
  if (!token) return;
  const seats = heldSeats().filter((s) => !(s.room === room && s.token === token));
  seats.unshift({ room, token });
  localStorage.setItem(SEATS, JSON.stringify(seats.slice(0, 50)));
}

export const myName = () => localStorage.getItem(NAME) || "";
export const setMyName = (name) => localStorage.setItem(NAME, name.trim());

// "5 min ago", from an ISO time.
export function ago(iso) {
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 60) return _("just now");
  // TRANSLATORS: how long ago a table was set up; {n} is a number of minutes (hours, days)
  if (seconds < 3600) return fill(_("{n} min ago"), { n: Math.round(seconds / 60) });
  if (seconds < 86400) return fill(_("{n} h ago"), { n: Math.round(seconds / 3600) });
  return fill(_("{n} days ago"), { n: Math.round(seconds / 86400) });
}
