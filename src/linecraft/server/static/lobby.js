// The lobby: the games as cards, a table to set up, the games this browser holds a
// seat in, and the open and running tables of the server. Names and seats are kept in
// this browser (local storage) so a closed tab never loses a seat.
import { html, render, useState } from "./vendor/preact-htm.mjs";
import { rememberSeat, heldSeats, myName, setMyName, ago } from "./seats.js";
import { _, fill, LanguagePicker } from "./i18n.js";

const model = { catalogue: null, game: null, created: null, error: "", rooms: [], mine: [], daily: null };

function update(change) {
  Object.assign(model, change);
  render(html`<${Lobby} m=${model} />`, document.getElementById("app"));
}

async function load() {
  const catalogue = await (await fetch("/api/games")).json();
  // the games one can play alone first, the larger tables first among them
  catalogue.games.sort((a, b) => a.players[0] - b.players[0] || b.players[1] - a.players[1]);
  update({ catalogue, game: catalogue.games[0].name });
  refresh();
  setInterval(refresh, 10000);
}

// The lists of the lobby, each on its own: one that cannot be read now stays as it was.
async function refresh() {
  const read = (answer) => (answer.ok ? answer.json() : null);
  const held = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seats: heldSeats() }) };
  const [rooms, daily, mine] = await Promise.all([
    fetch("/api/rooms").then(read), fetch("/api/daily").then(read), fetch("/api/seats", held).then(read),
  ].map((p) => p.catch(() => null)));
  update({
    rooms: rooms ? rooms.rooms : model.rooms,
    daily: daily || model.daily,
    mine: mine ? mine.seats : model.mine,
  });
}

async function postJSON(url, body) {
  const answer = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const result = await answer.json();
  if (!answer.ok) {
    const detail = result.detail;
    throw new Error(Array.isArray(detail) ? detail.map((d) => `${d.loc.slice(1).join(" ")}: ${d.msg}`).join("; ") : detail);
  }
  return result;
}

function Lobby({ m }) {
  if (!m.catalogue) return html`<p class="loading">${_("Loading…")}</p>`;
  return html`
    <header class="top">
      <h1><a href="/">Linecraft</a></h1>
      <span class="tagline">${_("Transit-network board games: solo, against bots, or with friends.")}</span>
      <label class="my-name">${_("Your name")} <input id="my-name" value=${myName()} maxlength="40" onInput=${(e) => setMyName(e.target.value)} /></label>
      <${LanguagePicker} />
    </header>
    <main class="lobby">
      <${Mine} m=${m} />
      <section aria-labelledby="games-title"><h2 id="games-title">${_("Games")}</h2>
        <div class="cards">${m.catalogue.games.map((g) => html`<${Card} key=${g.name} g=${g} m=${m} />`)}</div>
      </section>
      <${Daily} m=${m} />
      <${Setup} key=${m.game} m=${m} />
      <${Tables} m=${m} />
    </main>`;
}

function Card({ g }) {
  const solo = async () => {
    try {
      const seats = [{ name: myName() || defaultName() }];
      for (let i = 1; i < g.players[0]; i++) seats.push({ name: "", bot: DEFAULT_BOT });
      const result = await postJSON("/api/rooms", { game: g.name, options: {}, seats });
      const mine = result.seats[0];
      rememberSeat(result.room, mine.link);
      location.href = mine.link;
    } catch (error) { update({ error: error.message }); }
  };
  const setUp = () => { update({ game: g.name, created: null }); document.getElementById("setup").scrollIntoView({ behavior: "smooth" }); };
  const count = g.players[0] === g.players[1] ? `${g.players[0]}` : `${g.players[0]}–${g.players[1]}`;
  return html`<article class="card" data-game=${g.name}>
    <img src=${g.picture} alt=${fill(_("A finished game of {game}"), { game: g.title })} loading="lazy" width="320" height="240" />
    <h3>${g.title}</h3>
    <p>${g.blurb}</p>
    <p class="facts">${fill(_("{count} players · {minutes} min"), { count, minutes: g.minutes })}</p>
    <div class="card-buttons">
      <button type="button" class="primary solo" onClick=${solo}>${g.players[0] > 1 ? _("Play now against bots") : _("Play solo now")}</button>
      <button type="button" class="set-up" onClick=${setUp}>${_("Set up a table…")}</button>
      <a href=${`/help/${g.name}`}>${_("How to play")}</a>
    </div>
  </article>`;
}

// A new table: the game's options as plain controls with a line of help each, and the
// seats: you, people you send a link to, open seats anyone may take, or bots.
function Setup({ m }) {
  const info = m.catalogue.games.find((g) => g.name === m.game);
  // keyed by game, so a new game's seats and options are there on the first drawing:
  // what the player types next is never overwritten by a late reset
  const [seats, setSeats] = useState(() => {
    const first = [{ name: myName() || defaultName(), kind: "" }];
    for (let i = 1; i < Math.max(2, info.players[0]); i++) first.push({ name: "", kind: DEFAULT_BOT });
    return info.players[1] === 1 ? first.slice(0, 1) : first;
  });
  const [options, setOptions] = useState(() => Object.fromEntries(info.options.map((o) => [o.name, o.default])));
  const [assistant, setAssistant] = useState(false);
  const [clock, setClock] = useState(0);
  const create = async () => {
    try {
      const body = {
        game: info.name, options, assistant, clock: clock || null,
        seats: seats.map((s) => ({ name: s.kind === "open" ? "" : s.name, bot: ["", "open"].includes(s.kind) ? null : s.kind, open: s.kind === "open" })),
      };
      const result = await postJSON("/api/rooms", body);
      rememberSeat(result.room, result.seats.find((s) => s.link)?.link);
      // the lists first: "My games" grows above, and the page must not move under the
      // seat links once they are shown (a click meant for one would land beside it)
      await refresh();
      update({ created: result, error: "" });
    } catch (error) { update({ error: error.message, created: null }); }
  };
  const setSeat = (i, change) => setSeats((all) => all.map((s, j) => (i === j ? { ...s, ...change } : s)));
  return html`<section id="setup" aria-labelledby="setup-title">
    <h2 id="setup-title">${_("Set up a table")}</h2>
    <label class="field">${_("Game")} <select id="game" value=${m.game} onChange=${(e) => update({ game: e.target.value, created: null })}>
      ${m.catalogue.games.map((g) => html`<option value=${g.name}>${g.title}</option>`)}</select></label>
    <div id="options">${info.options.map((o) => html`<${OptionField} key=${info.name + o.name} o=${o} value=${options[o.name]} set=${(v) => setOptions((all) => ({ ...all, [o.name]: v }))} />`)}</div>
    <h3>${_("Seats")}</h3>
    <div id="seats">${seats.map((s, i) => html`<div class="seat-row" key=${i}>
      <input class="seat-name" aria-label=${fill(_("Seat {n}: name"), { n: i + 1 })} value=${s.kind === "open" ? "" : s.name} disabled=${s.kind === "open"}
        placeholder=${s.kind === "open" ? _("whoever joins") : s.kind ? _("the bot's name") : _("name")} onInput=${(e) => setSeat(i, { name: e.target.value })} />
      <select class="seat-kind" aria-label=${fill(_("Seat {n}: who plays"), { n: i + 1 })} value=${s.kind} onChange=${(e) => setSeat(i, { kind: e.target.value })}>
        <option value="">${_("a person (gets a link)")}</option>
        <option value="open">${_("an open seat (anyone may join)")}</option>
        ${m.catalogue.levels.map((l) => html`<option value=${l.bot}>${LEVEL_WORDS[l.level] || l.level}</option>`)}
      </select>
      ${seats.length > info.players[0] ? html`<button type="button" aria-label=${fill(_("Remove seat {n}"), { n: i + 1 })} onClick=${() => setSeats((all) => all.filter((seat, j) => j !== i))}>×</button>` : null}
    </div>`)}</div>
    ${seats.length < info.players[1] ? html`<button id="add-seat" type="button" onClick=${() => setSeats((all) => [...all, { name: "", kind: DEFAULT_BOT }])}>${_("Add a seat")}</button>` : null}
    <label class="field">${_("Turn clock")} <select id="clock" onChange=${(e) => setClock(Number(e.target.value))}>
      ${CLOCKS.map(([seconds, words]) => html`<option value=${seconds} selected=${seconds === clock}>${words}</option>`)}</select>
      <small class="help">${_("When a person's time for a turn runs out, a bot plays that turn.")}</small></label>
    <label class="field"><input type="checkbox" id="assistant" checked=${assistant} onChange=${(e) => setAssistant(e.target.checked)} /> ${_("Assistant: I play the real game at the table and show here what its dice, cards or tiles show")}</label>
    <button id="start" type="button" class="primary" onClick=${create}>${_("Create the room")}</button>
    <p class="error" role="alert">${m.error}</p>
    <${Created} r=${m.created} />
  </section>`;
}

// TRANSLATORS: the turn clock: no limit on a turn
const CLOCKS = [[0, _("none")], [30, _("30 seconds a turn")], [60, _("1 minute a turn")], [120, _("2 minutes a turn")], [300, _("5 minutes a turn")], [86400, _("1 day a turn")]];

// The bot a new seat gets: one that plans its turn, neither a pushover nor slow.
const DEFAULT_BOT = "normal";
const LEVEL_WORDS = {
  easy: _("bot: easy (takes the best move it sees now)"),
  normal: _("bot: normal (plans its whole turn)"),
  hard: _("bot: hard (plans, and weighs the dice, cards or tiles to come)"),
};

// TRANSLATORS: the name of a player who typed none
const defaultName = () => _("Player");

function OptionField({ o, value, set }) {
  const help = o.help ? html`<small class="help">${o.help}</small>` : null;
  const isFlag = !o.many && JSON.stringify(o.choices) === "[false,true]";
  if (isFlag) {
    return html`<label class="option-row"><input type="checkbox" data-option=${o.name} checked=${value === true} onChange=${(e) => set(e.target.checked)} />
      <span>${o.label}</span>${help}</label>`;
  }
  if (o.many) {
    const chosen = value || [];
    return html`<fieldset class="option-row"><legend>${o.label}</legend>${help}
      ${o.choices.map((c, i) => html`<label class="choice-row"><input type="checkbox" data-option=${o.name} value=${JSON.stringify(c)} checked=${chosen.includes(c)}
        onChange=${(e) => set(e.target.checked ? [...chosen, c] : chosen.filter((x) => x !== c))} /> ${o.choice_words[i]}</label>`)}
    </fieldset>`;
  }
  if (o.ordered) return html`<${OrderField} o=${o} value=${value} set=${set} help=${help} />`;
  if (o.choices.length) {
    return html`<label class="option-row"><span>${o.label}</span>
      <select data-option=${o.name} onChange=${(e) => set(o.choices[Number(e.target.value)])}>
        ${o.choices.map((c, i) => html`<option value=${i} selected=${c === value}>${o.choice_words[i]}</option>`)}
      </select>${help}</label>`;
  }
  return html`<label class="option-row"><span>${o.label}</span>
    <input data-option=${o.name} value=${JSON.stringify(value)} onChange=${(e) => { try { set(JSON.parse(e.target.value)); } catch { set(e.target.value); } }} />${help}</label>`;
}

// An order of all the choices, or the rules' own: "as the rules say" or four pickers.
function OrderField({ o, value, set, help }) {
  const chosen = value || null;
  const pick = (i, c) => {
    const order = [...(chosen || o.choices)];
    const j = order.indexOf(c);
    [order[i], order[j]] = [order[j], order[i]];  // swapping keeps every colour once
    set(order);
  };
  return html`<fieldset class="option-row"><legend>${o.label}</legend>${help}
    <label class="choice-row"><input type="radio" name=${o.name} checked=${!chosen} onChange=${() => set(null)} /> ${_("As the rules say (at random when playing alone)")}</label>
    <label class="choice-row"><input type="radio" name=${o.name} checked=${Boolean(chosen)} onChange=${() => set([...o.choices])} /> ${_("In this order:")}</label>
    ${chosen ? html`<div class="order">${chosen.map((c, i) => html`<label>${i + 1}.
      <select aria-label=${fill(_("{option}: round {n}"), { option: o.label, n: i + 1 })} onChange=${(e) => pick(i, e.target.value)}>
        ${o.choices.map((x, k) => html`<option value=${x} selected=${x === c}>${o.choice_words[k] || x}</option>`)}</select></label>`)}</div>` : null}
  </fieldset>`;
}

function Created({ r }) {
  if (!r) return null;
  return html`<div id="created" role="status">
    <p>${_("Room created. Send each player their own link (it is their seat: keep it secret).")}</p>
    <ul>${r.seats.filter((s) => s.link).map((s) => html`<li><a class="seat-link" href=${s.link} onClick=${() => rememberSeat(r.room, s.link)}>${fill(_("{name}: open this seat"), { name: s.name })}</a>
      <button type="button" class="link" onClick=${() => navigator.clipboard?.writeText(new URL(s.link, location.href).href)}>${_("copy link")}</button></li>`)}
      ${r.seats.some((s) => s.open) ? html`<li>${fill(_("{n} open seat(s): anyone may join from the lobby."), { n: r.seats.filter((s) => s.open).length })}</li>` : null}
      <li><a href=${r.spectator}>${_("watch as a spectator")}</a></li></ul>
  </div>`;
}

// The games this browser holds a seat in: open them again, see whose turn it is.
function Mine({ m }) {
  if (!m.mine.length) return null;
  const rematch = async (seat) => {
    const token = new URL(seat.link, location.href).searchParams.get("token");
    try {
      const result = await postJSON(`/api/rooms/${seat.room}/rematch`, { token });
      rememberSeat(result.room, result.link);
      location.href = result.link;
    } catch (error) { update({ error: error.message }); }
  };
  return html`<section id="mine" aria-labelledby="mine-title"><h2 id="mine-title">${_("My games")}</h2>
    <ul class="my-games">${m.mine.map((s) => html`<li key=${s.room} class=${s.your_turn ? "your-turn" : ""}>
      <a href=${s.link}>${s.title}</a> <span>${s.names.join(", ")}</span>
      <span class="state">${s.your_turn ? _("● your turn") : s.status === "finished" ? _("finished") : s.status === "closed" ? _("closed") : _("running")}</span>
      <small>${ago(s.created)}</small>
      ${s.status !== "running" ? html`<button type="button" class="link rematch" onClick=${() => rematch(s)}>${s.rematch ? _("join the rematch") : _("rematch")}</button>
        <a href=${`/api/rooms/${s.room}/record`} download="">${_("download record")}</a>` : null}
    </li>`)}</ul></section>`;
}

// Today's challenges: the same dice or cards for everyone today, and the results.
function Daily({ m }) {
  if (!m.daily) return null;
  const play = async (key) => {
    try {
      const result = await postJSON(`/api/daily/${key}`, { name: myName() || defaultName() });
      rememberSeat(result.room, result.link);
      location.href = result.link;
    } catch (error) { update({ error: error.message }); }
  };
  return html`<section id="daily" aria-labelledby="daily-title"><h2 id="daily-title">${fill(_("Daily challenge — {day}"), { day: m.daily.day })}</h2>
    <p>${_("Everyone draws the same dice or cards today. Play once, then compare.")}</p>
    <div class="dailies">${m.daily.challenges.map((c) => html`<div class="daily" data-challenge=${c.key}>
      <h3>${c.title}</h3>
      <button type="button" class="primary" onClick=${() => play(c.key)}>${_("Play today's")}</button>
      ${c.results.length ? html`<ol class="daily-board">${c.results.map((r) => html`<li><a href=${r.replay}>${r.name}</a> <b>${r.score}</b></li>`)}</ol>`
        : html`<p class="help">${_("Nobody has finished it yet today.")}</p>`}
    </div>`)}</div></section>`;
}

// The server's open and running tables, newest first: join an open seat or watch.
function Tables({ m }) {
  const join = async (room) => {
    try {
      const result = await postJSON(`/api/rooms/${room.room}/join`, { name: myName() || _("Guest") });
      rememberSeat(room.room, result.link);
      location.href = result.link;
    } catch (error) { update({ error: error.message }); }
  };
  return html`<section aria-labelledby="rooms-title"><h2 id="rooms-title">${_("Tables")}</h2>
    ${m.rooms.length ? null : html`<p>${_("No table is playing right now.")}</p>`}
    <ul id="rooms">${m.rooms.map((r) => html`<li key=${r.room}>
      <a href=${r.spectator}>${r.title}</a>
      <span>${r.seats.map((s) => s.name || _("open seat")).join(", ")}</span>
      <small>${ago(r.created)}</small>
      ${r.open_seats ? html`<span class="free">${freeSeats(r.open_seats)}</span>
        <button type="button" class="primary join" onClick=${() => join(r)}>${_("Join")}</button>` : html`<span>${_("watch")}</span>`}
    </li>`)}</ul></section>`;
}

// Two whole messages, as the English picks by count.
const freeSeats = (n) => (n > 1 ? fill(_("{n} seats free"), { n }) : _("1 seat free"));

load();
