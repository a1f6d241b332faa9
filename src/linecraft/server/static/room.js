// The room: one model (the seat's view from the server, plus what this player has in
// hand), rendered by small Preact components. The server pushes the whole view once,
// then only what changed; nothing here knows any game's rules or words — the games
// send their drawings, targets, pieces, controls, log lines and score rows.
import { html, render, useEffect, useLayoutEffect, useRef, useState } from "./vendor/preact-htm.mjs";
import { rememberSeat } from "./seats.js";
import { _, fill, LanguagePicker } from "./i18n.js";

const roomId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token");

// --- the model -------------------------------------------------------------------------
const model = {
  view: null,          // the seat's view, deltas merged in
  online: false,       // the socket is open (input is blocked while it is not)
  everOnline: false,
  picked: null,        // {piece, form}: the piece in hand and how it is turned
  pending: null,       // {action, target}: a placement waiting for Confirm (no take-backs, scarce pieces)
  cycle: null,         // {target, actions, index}: clicking the same square again tries its next drawing
  error: "",
  choices: null,       // {target, actions}: several actions aim at one spot and differ in more than the drawing
  enlarged: null,      // the other seat's board shown large
  news: null,          // {text, n}: a new round or card, announced for a few seconds
};
let newsTimer = 0;
let socket = null;
let retry = 0;

function update(change) {
  Object.assign(model, change);
  render(html`<${Room} m=${model} />`, document.getElementById("app"));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${roomId}${query}`);
  socket.addEventListener("open", () => { retry = 0; update({ online: true, everOnline: true }); });
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.error) { update({ error: data.error }); return; }
    const view = data.delta ? merged(model.view, data.delta) : data;
    arrive(view, data.accepted);
  });
  socket.addEventListener("close", () => {
    update({ online: false });
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 400 * retry);  // the whole view comes again: a resync
  });
}

function merged(view, delta) {
  const log = [...view.log, ...(delta.log_more || [])].slice(-400);
  const { log_more, ...rest } = delta;
  return { ...view, ...rest, log, boards: { ...view.boards, ...(delta.boards || {}) } };
}

function send(action) {
  if (!model.online) return;
  socket.send(JSON.stringify({ action }));
}

// A new view: keep the piece in hand while it can still be placed; a scarce piece is
// never picked by itself, and a new round starts with an ordinary piece in hand.
function arrive(view, accepted) {
  const change = { view, error: accepted ? "" : model.error };
  if (!model.view && view.you !== null) rememberSeat(roomId, location.href);  // the lobby lists it
  if (view.legal.length && !(model.view && model.view.legal.length)) yourTurn(view);
  const news = model.view && view.log.filter((line) => line.seat === null && line.n > lastLine(model.view)).pop();
  if (news && !view.terminal) {  // a new round, roll or card: announced over the board for a moment
    change.news = { text: news.text, n: news.n };
    clearTimeout(newsTimer);
    newsTimer = setTimeout(() => update({ news: null }), 4500);
  }
  if (view.terminal) {  // the last round's news is old once the scores are in
    clearTimeout(newsTimer);
    change.news = null;
  }
  const pieces = view.pieces || {};
  let picked = model.picked;
  if (picked && !(pieces[picked.piece] && picked.form in pieces[picked.piece])) {
    picked = pieces[picked?.piece] ? { piece: picked.piece, form: Object.keys(pieces[picked.piece])[0] } : null;
  }
  if (!picked) {
    const first = Object.keys(pieces).find((p) => !scarce(view, p));
    picked = first ? { piece: first, form: Object.keys(pieces[first])[0] } : null;
  }
  change.picked = picked;
  if (!view.legal.length) Object.assign(change, { pending: null, choices: null, cycle: null });
  update(change);
}

// --- attention: the tab's title and icon say when it is your turn; a sound and a
// browser notification only for those who switched them on ----------------------------
const NOTIFY = "linecraft.notify";
const SOUND = "linecraft.sound";

function yourTurn(view) {
  if (localStorage.getItem(SOUND) === "on") beep();
  if (localStorage.getItem(NOTIFY) === "on" && document.hidden && window.Notification?.permission === "granted") {
    new Notification(_("Your turn"), { body: view.title || view.game, icon: "/static/icon-turn.svg", tag: roomId });
  }
}

function beep() {
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const level = audio.createGain();
  tone.frequency.value = 660;
  level.gain.setValueAtTime(0.12, audio.currentTime);
  level.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
  tone.connect(level).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.35);
}

function Attention() {
  const [notify, setNotify] = useState(localStorage.getItem(NOTIFY) === "on");
  const [sound, setSound] = useState(localStorage.getItem(SOUND) === "on");
  const toggleNotify = async () => {
    const on = !notify && (await window.Notification?.requestPermission()) === "granted";
    localStorage.setItem(NOTIFY, on ? "on" : "off");
    setNotify(on);
  };
  const toggleSound = () => { localStorage.setItem(SOUND, sound ? "off" : "on"); setSound(!sound); if (!sound) beep(); };
  return html`<span class="attention">
    <button type="button" class="link" id="sound" aria-pressed=${sound} onClick=${toggleSound}>${sound ? _("Sound: on") : _("Sound: off")}</button>
    ${window.Notification ? html`<button type="button" class="link" id="notify" aria-pressed=${notify} onClick=${toggleNotify}>${notify ? _("Notifying: on") : _("Notify me")}</button>` : null}
  </span>`;
}

const lastLine = (view) => (view.log.length ? view.log[view.log.length - 1].n : -1);

const scarce = (view, piece) => Boolean((view.groups || {})[piece]?.[1]);

// An action fits the hand when it picks nothing (a volcano, a station) or the piece in hand as turned.
function fits(action) {
  const pick = (model.view.picks || {})[action];
  return !pick || (model.picked !== null && pick[0] === model.picked.piece && pick[1] === model.picked.form);
}

function aimedAt(target) {
  return Object.entries(model.view.targets || {}).filter(([, t]) => t === target).map(([a]) => a);
}

// The spots where the piece in hand (or an action that needs no piece) can be played.
function glowing() {
  const picks = model.view.picks || {};
  const handless = model.picked === null;
  return new Set(Object.entries(model.view.targets || {})
    .filter(([a]) => (handless ? !picks[a] : fits(a)))
    .map(([, t]) => t));
}

// A click on a glowing spot: play what is aimed there (asking first where the game
// allows no take-back or the piece is scarce); a second click on the square just drawn
// tries its next drawing that fits there (undo, then draw again).
function clickSpot(target) {
  const v = model.view;
  if (!model.online || !v.legal.length) return;
  if (model.choices) {  // asked on the board: which end is this drawn from?
    const chosen = model.choices.actions.find((a) => (v.origins || {})[a] === target);
    if (chosen) { play(chosen, model.choices.target); return; }
    update({ choices: null });
  }
  if (model.pending) {
    if (model.pending.target === target) { confirm(); return; }
    update({ pending: null });
  }
  const cycle = model.cycle;
  if (cycle && cycle.target === target && v.undo) {
    const index = (cycle.index + 1) % cycle.actions.length;
    send("undo");
    send(cycle.actions[index]);
    update({ cycle: { ...cycle, index } });
    return;
  }
  const aimed = aimedAt(target);
  const fitting = aimed.filter(fits);
  const choices = fitting.length ? fitting : aimed.filter((a) => !(v.picks || {})[a]);
  if (!choices.length) return;
  if (choices.length > 1) { update({ choices: { target, actions: choices } }); return; }
  play(choices[0], target, sameSquareDrawings(target));
}

// Every drawing of the piece in hand that can go on this square, the shown one first.
function sameSquareDrawings(target) {
  const picks = model.view.picks || {};
  const piece = model.picked?.piece;
  const all = aimedAt(target).filter((a) => picks[a] && picks[a][0] === piece);
  const shown = all.filter(fits);
  return [...shown, ...all.filter((a) => !shown.includes(a))];
}

function play(action, target, drawings) {
  const v = model.view;
  const pick = (v.picks || {})[action];
  if (v.confirm || (pick && scarce(v, pick[0])) || (v.ask || []).includes(action)) {
    update({ pending: { action, target }, choices: null });
    return;
  }
  send(action);
  update({ choices: null, cycle: drawings && drawings.length > 1 && v.take_backs ? { target, actions: drawings, index: 0 } : null });
}

function confirm() {
  const p = model.pending;
  if (p) { send(p.action); update({ pending: null }); }
}

function pick(piece) {
  const forms = model.view.pieces[piece];
  if (model.picked?.piece === piece && scarce(model.view, piece)) {  // a second press puts it back
    update({ picked: null, cycle: null, pending: null, choices: null });
    return;
  }
  const keep = model.picked?.piece === piece ? model.picked.form : Object.keys(forms)[0];
  update({ picked: { piece, form: keep }, cycle: null, pending: null, choices: null });
}

function turn(how) {
  const p = model.picked;
  const next = p && model.view.pieces[p.piece]?.[p.form]?.[how];
  if (next) update({ picked: { ...p, form: next }, pending: null, cycle: null });
}

// --- components --------------------------------------------------------------------------
function Room({ m }) {
  const v = m.view;
  useEffect(() => {
    document.title = titleOf(v);
    const icon = document.getElementById("favicon");
    if (icon) icon.href = v && v.legal.length ? "/static/icon-turn.svg" : "/static/icon.svg";
  }, [v && v.version, v && v.legal.length]);
  if (!v) return html`<p class="loading">${m.everOnline ? "" : _("Connecting…")}</p>`;
  const mine = v.boards[String(v.you)] !== undefined ? String(v.you) : ("table" in v.boards ? "table" : null);
  const others = Object.keys(v.boards).filter((k) => k !== mine);
  return html`
    <header class="top">
      <a href="/">Linecraft</a>
      <span class="title">${v.title || v.game}</span>
      ${v.practice ? html`<span class="badge" title=${_("The dice and cards follow a seed chosen in advance")}>${_("practice room")}</span>` : null}
      ${v.daily ? html`<span class="badge" title=${_("Everyone playing today's challenge draws the same")}>${fill(_("daily challenge {day}"), { day: v.daily.day })}</span>` : null}
      <span class="turn-flag">${v.terminal ? _("Game over") : v.legal.length ? _("● Your turn") : ""}</span>
      <a class="help-link" href=${`/help/${v.game}`} target="_blank" rel="noopener">${_("How to play")}</a>
      ${v.you !== null ? html`<${Attention} />` : null}
      <${LanguagePicker} />
    </header>
    ${m.online ? null : html`<div class="banner" role="status">${_("Connection lost — reconnecting…")}</div>`}
    ${m.news ? html`<div class="news" role="status" key=${m.news.n}>${m.news.text}</div>` : null}
    <${Guide} v=${v} />
    <main class=${"room" + (m.online ? "" : " offline")} inert=${m.online ? undefined : true} data-version=${v.version}>
      <section class="table">
        ${widePicker(v) ? html`<${ChancePicker} key=${v.version} picker=${v.chance.picker} />` : null}
        ${mine !== null ? html`<${Board} v=${v} m=${m} id=${mine} mine=${true} large=${true} />` : null}
        ${others.length ? html`<div class="others">
          ${others.map((k) => html`<${Board} key=${k} v=${v} m=${m} id=${k} mine=${false} large=${m.enlarged === k} />`)}
        </div>` : null}
      </section>
      <aside class="panel">
        <${Seats} v=${v} />
        <${Replaced} v=${v} />
        <${Prompt} v=${v} m=${m} />
        <${Hand} v=${v} m=${m} />
        ${v.chance && v.chance.picker && !widePicker(v) ? html`<${ChancePicker} key=${v.version} picker=${v.chance.picker} />` : null}
        <${Pending} v=${v} m=${m} />
        <${Choices} v=${v} m=${m} />
        <${Controls} v=${v} m=${m} />
        <div class="error" role="alert">${m.error}</div>
        ${(v.status || []).length ? html`<div class="table-status">${v.status.map((line) => html`<div>${line}</div>`)}</div>` : null}
        <${Scores} v=${v} />
        <${References} v=${v} />
        <${Log} v=${v} />
        <${Expert} v=${v} />
      </aside>
    </main>`;
}

function titleOf(v) {
  if (!v) return "Linecraft";
  const name = v.title || v.game;
  // TRANSLATORS: the browser tab's title; {game} is the game's name
  return v.legal.length ? fill(_("● Your turn — {game} — Linecraft"), { game: name }) : `${name} — Linecraft`;
}

function seatName(v, key) {
  const seat = v.seats.find((s) => String(s.seat) === key);
  if (!seat) return _("The table");
  return seat.seat === v.you ? fill(_("{name} (you)"), { name: seat.name }) : seat.name;
}

// A board: the game's own drawing; the spots where the hand can be played glow (and are
// dashed, not marked by colour alone), take clicks, Tab and Enter; the piece in hand
// shows as a ghost over the spot under the pointer; the last moves are marked.
function Board({ v, m, id, mine, large }) {
  const box = useRef(null);
  const svg = v.boards[id];
  const playable = mine && v.legal.length > 0;
  useLayoutEffect(() => decorate(box.current, v, m, id, playable));
  const enlarge = () => { if (!mine) update({ enlarged: m.enlarged === id ? null : id }); };
  return html`
    <figure class=${"board" + (mine ? " mine" : " other") + (large ? " large" : "")} data-board=${id}>
      <figcaption>
        ${seatName(v, id)}
        ${mine ? null : html` <button type="button" class="link" onClick=${enlarge}>${large ? _("smaller") : _("larger")}</button>`}
      </figcaption>
      <div class="drawing" ref=${box} dangerouslySetInnerHTML=${{ __html: svg }}
        onClick=${(e) => { const spot = e.target.closest(".spot.target, .spot.again, .spot.origin"); if (spot && playable) clickSpot(spot.dataset.target); else if (!mine) enlarge(); }}
        onKeyDown=${(e) => spotKey(e, playable)}
        onPointerOver=${(e) => { const spot = e.target.closest(".spot.target"); if (spot && playable) ghost(spot); }}
        onPointerLeave=${() => ghost(null)}
        onFocusIn=${(e) => { const spot = e.target.closest(".spot.target"); if (spot && playable) ghost(spot); }} />
    </figure>`;
}

const narrow = window.matchMedia("(max-width: 600px)");

function decorate(box, v, m, id, playable) {
  if (!box) return;
  const drawing = box.querySelector("svg");
  if (drawing && drawing.dataset.map) {  // on a phone the map alone, at full width; its panel is the score table
    drawing.dataset.whole ||= drawing.getAttribute("viewBox");
    const shown = narrow.matches && box.closest(".mine") ? drawing.dataset.map : drawing.dataset.whole;
    const [, , width, height] = shown.split(" ");
    drawing.setAttribute("viewBox", shown);
    drawing.setAttribute("width", width);
    drawing.setAttribute("height", height);
  }
  if (box.scrollWidth > box.clientWidth && !box.dataset.centred) {  // a board wider than a phone: its middle first
    box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
    box.dataset.centred = "yes";
  }
  const lit = playable ? glowing() : new Set();
  const recent = new Map((v.recent || []).filter((r) => String(r.seat) === id || id === "table").map((r) => [r.target, r.age]));
  for (const spot of box.querySelectorAll(".spot")) {
    const target = spot.dataset.target;
    const on = lit.has(target);
    const again = Boolean(playable && m.cycle && m.cycle.target === target);
    const origin = Boolean(playable && m.choices && onBoard(v, m.choices) && m.choices.actions.some((a) => (v.origins || {})[a] === target));
    spot.classList.toggle("origin", origin);
    spot.classList.toggle("target", on);
    spot.classList.toggle("again", again);  // the square just drawn: a click tries its next drawing
    spot.classList.toggle("pending", Boolean(m.pending && m.pending.target === target && playable));
    if (on || again || origin) {
      spot.setAttribute("tabindex", "0");
      spot.setAttribute("role", "button");
      spot.setAttribute("aria-label", origin ? fill(_("Draw from {target}"), { target }) : on ? fill(_("Play on {target}"), { target }) : fill(_("Draw {target} another way"), { target }));
    } else {
      spot.removeAttribute("tabindex"); spot.removeAttribute("role"); spot.removeAttribute("aria-label");
    }
    const age = recent.get(target);
    spot.classList.toggle("recent", age !== undefined);
    if (age !== undefined) spot.style.setProperty("--age", age); else spot.style.removeProperty("--age");
  }
  if (m.pending && playable) {
    const spot = [...box.querySelectorAll(".spot")].find((s) => s.dataset.target === m.pending.target);
    ghost(spot, m.pending.action);
  }
}

// The ghost: the picked piece's picture laid over a spot, exactly as a click would draw it.
function ghost(spot, action) {
  for (const old of document.querySelectorAll(".ghost")) old.remove();
  if (!spot || !model.view) return;
  const v = model.view;
  const chosen = action || sameSquareDrawings(spot.dataset.target)[0];
  const pick = chosen && (v.picks || {})[chosen];
  const picture = pick && v.pieces[pick[0]]?.[pick[1]]?.svg;
  if (!picture) return;
  const drawing = new DOMParser().parseFromString(picture, "image/svg+xml").documentElement;
  const box = spot.getBBox();
  for (const [k, val] of Object.entries({ x: box.x, y: box.y, width: box.width, height: box.height })) drawing.setAttribute(k, val);
  drawing.setAttribute("class", "ghost");
  drawing.setAttribute("aria-hidden", "true");
  spot.ownerSVGElement.insertBefore(document.importNode(drawing, true), spot);
}

// Tab reaches every glowing spot; arrows move between them; Enter or Space plays.
function spotKey(event, playable) {
  const spot = event.target.closest && event.target.closest(".spot.target, .spot.again, .spot.origin");
  if (!spot || !playable) return;
  if (event.key === "Enter" || event.key === " ") { event.preventDefault(); clickSpot(spot.dataset.target); return; }
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step) return;
  event.preventDefault();
  const all = [...spot.ownerSVGElement.closest(".drawing").querySelectorAll(".spot.target, .spot.again, .spot.origin")];
  const next = all[(all.indexOf(spot) + step + all.length) % all.length];
  next.focus();
}

async function post(path, body) {
  const answer = await fetch(`/api/rooms/${model.view.room}/${path}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (!answer.ok) update({ error: (await answer.json()).detail || _("refused") });
}

// The seats: who is to play, who is away; an absent player's seat may be handed to a
// bot (after a confirmation), and its person takes it back with their own link.
function Seats({ v }) {
  const handOver = (s) => {
    if (window.confirm(fill(_("{name} has been away for a while. Let a bot play for {name} until they come back?"), { name: s.name }))) {
      post("takeover", { token, seat: s.seat, bot: "normal" });
    }
  };
  return html`<ul class="seats">${v.seats.map((s) => html`
    <li class=${["to act", "thinking", "drawing"].includes(s.status) ? "to-act" : ""}>
      <span class="name">${seatLabel(s, v)}${s.bot && !namedAfter(s) ? html` <small>${botLabel(s)}</small>` : null}</span>
      <span class="seat-status">${seatStatus(s, v)}</span>
      ${s.absent && s.seat !== v.you && v.you !== null && !v.terminal && !v.closed
        ? html`<button type="button" class="link hand-over" onClick=${() => handOver(s)}>${fill(_("let a bot play for {name}"), { name: s.name })}</button>` : null}
    </li>`)}</ul>`;
}

// Told on return: a bot has played your seat; one click takes it back.
function Replaced({ v }) {
  const mine = v.you !== null ? v.seats[v.you] : null;
  if (!mine || !mine.stand_in || v.terminal) return null;
  return html`<div class="replaced" role="alert">
    <span>${fill(_("{name} let a bot play your seat while you were away."), { name: mine.handed_by })}</span>
    <button type="button" class="primary" id="take-back" onClick=${() => post("takeback", { token })}>${_("Take my seat back")}</button>
  </div>`;
}

// The seats' states as the server sends them, in words.
const STATUS = { thinking: _("thinking…"), drawing: _("drawing"), done: _("done"), "to act": _("to play"), waiting: _("waiting") };

function seatLabel(s, v) {
  const name = s.name || _("Open seat");
  return s.seat === v.you ? fill(_("{name} (you)"), { name }) : name;
}

// A bot seat's words: its level where it is one of the lobby's three.
const BOT_LEVELS = { greedy: _("easy bot"), normal: _("normal bot"), expert: _("hard bot") };
const botLabel = (s) => (s.stand_in ? fill(_("bot playing for {name}"), { name: s.name }) : BOT_LEVELS[s.bot] || _("bot"));
// A bot seat the lobby named after its level ("Hard bot 2") needs no label saying it again.
const namedAfter = (s) => !s.stand_in && (s.name || "").toLowerCase().startsWith(botLabel(s).toLowerCase());

function seatStatus(s, v) {
  const status = s.name ? STATUS[s.status] || s.status : _("waiting for a player");
  // TRANSLATORS: a seat's state, and its player has been away for a while
  return s.away && s.name && !v.terminal ? fill(_("{status} · away"), { status }) : status;
}

function Prompt({ v }) {
  let text;
  if (v.terminal) text = _("The game is over.");
  else if (v.closed) text = _("This room was closed: nobody had played in it for a long time.");
  else if (v.open_seats > 1) text = fill(_("Waiting for {n} more players to join from the lobby…"), { n: v.open_seats });
  else if (v.open_seats) text = _("Waiting for 1 more player to join from the lobby…");
  else if (v.chance) {
    text = v.chance.picker
      ? _("Pick what the table shows, then press Play.")
      // TRANSLATORS: {what} is what the player rolled or drew at a real table, in the game's words
      : fill(_("Type {what} below and press Play."), { what: v.chance.prompt });
  } else if (v.legal.length) text = v.prompt || _("Your move: pick a piece and click a glowing spot.");
  else if (v.you === null) text = _("You are watching.");
  else {
    const waiting = v.seats.filter((s) => v.to_act.includes(s.seat)).map((s) => s.name);
    text = waiting.length ? fill(_("Waiting for {names}…"), { names: waiting.join(", ") }) : _("Waiting for the next draw…");
  }
  return html`<p class="prompt" aria-live="polite">${text}</p>`;
}

// The hand, one row per group (dice; special routes and other scarce pieces apart),
// with Rotate and Mirror where the game allows turning.
function Hand({ v, m }) {
  const pieces = v.pieces || {};
  const names = Object.keys(pieces);
  if (!names.length) return null;
  const rows = new Map();
  for (const piece of names) {
    const [group, rare] = (v.groups || {})[piece] || ["", false];
    if (!rows.has(group)) rows.set(group, { rare, pieces: [] });
    rows.get(group).pieces.push(piece);
  }
  const turns = m.picked ? pieces[m.picked.piece]?.[m.picked.form] : null;
  return html`<div class="hand">
    ${[...rows].map(([group, row]) => html`<div class=${"hand-row" + (row.rare ? " scarce" : "")} role="group" aria-label=${group || _("Your pieces")}>
      ${group ? html`<div class="hand-label">${group}</div>` : null}
      <div class="pieces">${row.pieces.map((piece) => {
        const held = m.picked?.piece === piece;
        const form = held ? m.picked.form : Object.keys(pieces[piece])[0];
        return html`<button type="button" class=${"piece" + (held ? " picked" : "")} aria-pressed=${held}
            data-piece=${piece} data-form=${form} title=${(v.groups || {})[piece]?.[2] || piece} onClick=${() => pick(piece)}>
          ${pieces[piece][form].svg ? html`<span class="picture" dangerouslySetInnerHTML=${{ __html: pieces[piece][form].svg }} />` : null}
          <span class="piece-name">${(v.groups || {})[piece]?.[2] || piece}</span>
        </button>`;
      })}</div>
    </div>`)}
    ${(v.turns || []).length ? html`<div class="turns">
      ${(v.turns || []).includes("rotate") ? html`<button type="button" id="rotate" title=${_("Rotate (R)")} disabled=${!(turns && turns.rotate)} onClick=${() => turn("rotate")}>${_("⟳ Rotate")}</button>` : null}
      ${(v.turns || []).includes("mirror") ? html`<button type="button" id="mirror" title=${_("Mirror (M)")} disabled=${!(turns && turns.mirror)} onClick=${() => turn("mirror")}>${_("⇋ Mirror")}</button>` : null}
    </div>` : null}
  </div>`;
}

function Pending({ v, m }) {
  if (!m.pending) return null;
  const label = (v.choice_labels || {})[m.pending.action]?.[0];
  // TRANSLATORS: asked before a play that cannot be taken back; {label} is the play in the game's words
  const question = label ? fill(_("{label}?"), { label }) : fill(_("Play here? {target}"), { target: m.pending.target });
  return html`<div class="pending-box" role="group" aria-label=${_("Confirm")}>
    <span>${question}</span>
    <button type="button" class="primary" id="confirm" onClick=${confirm}>${_("Confirm")}</button>
    <button type="button" id="cancel" onClick=${() => update({ pending: null })}>${_("Cancel")}</button>
  </div>`;
}

// The plays asked about are told apart on the board: each starts from a spot of its own.
function onBoard(v, choices) {
  const origins = choices.actions.map((a) => (v.origins || {})[a]);
  return origins.every(Boolean) && new Set(origins).size === origins.length;
}

// Several plays aim at one spot: where they start from differently, the starts are
// marked on the board to click; otherwise each is a button in the game's words.
function Choices({ v, m }) {
  if (!m.choices) return null;
  const labels = v.choice_labels || {};
  return html`<div class="choices" role="group" aria-label=${_("Choose")}>
    ${onBoard(v, m.choices)
      ? html`<span>${v.origin_help}</span>`
      : html`<span>${_("Several ways to play here:")}</span>
        ${m.choices.actions.map((a) => html`<button type="button" class="choice" data-action=${a} onClick=${() => play(a, m.choices.target)}>
          ${labels[a]?.[1] ? html`<span class="picture" dangerouslySetInnerHTML=${{ __html: labels[a][1] }} />` : null}
          <span>${labels[a]?.[0] || a}</span></button>`)}`}
    <button type="button" onClick=${() => update({ choices: null })}>${_("Cancel")}</button>
  </div>`;
}

// The game's own buttons; buttons of one group (one of several special routes to
// cross off) fold under a single button that opens them.
function Controls({ v }) {
  const controls = v.controls || [];
  if (!controls.length && !v.undo) return null;
  const groups = new Map();
  for (const c of controls) {
    if (!groups.has(c.group || c.action)) groups.set(c.group || c.action, []);
    groups.get(c.group || c.action).push(c);
  }
  return html`<div class="controls">
    ${[...groups].map(([name, list]) => (list[0].group
      ? html`<details class="control-group"><summary class="control">${name}</summary>
          <div class="control-choices">${list.map((c) => html`<${ControlButton} c=${c} />`)}</div></details>`
      : html`<${ControlButton} c=${list[0]} />`))}
    ${v.undo ? html`<button type="button" id="undo" onClick=${() => { update({ cycle: null }); send("undo"); }}>${_("↶ Undo")}</button>` : null}
  </div>`;
}

function ControlButton({ c }) {
  return html`<button type="button" class=${"control" + (c.enabled ? " primary" : "")} disabled=${!c.enabled}
      title=${c.why_not || c.label} data-action=${c.action} onClick=${() => send(c.action)}>
    ${c.picture ? html`<span class="picture" dangerouslySetInnerHTML=${{ __html: c.picture }} />` : null}${c.label}</button>
    ${!c.enabled && c.why_not ? html`<small class="why-not">${c.why_not}</small>` : null}`;
}

// Score rows in words; the best value of each row is marked when several seats play.
function Scores({ v }) {
  if (!v.score_rows) return null;
  const seats = Object.keys(v.score_rows);
  const labels = v.score_rows[seats[0]].map(([label]) => label);
  const value = (s, i) => v.score_rows[s][i]?.[1];
  return html`<section class="scores">
    <h2>${v.terminal ? _("Final scores") : _("Scores so far")}</h2>
    <table id=${v.terminal ? "final-scores" : "live-scores"}>
      <thead><tr><th scope="col"></th>${seats.map((s) => html`<th scope="col">${v.seats[s].name}</th>`)}</tr></thead>
      <tbody>${labels.map((label, i) => {
        const numbers = seats.map((s) => value(s, i)).filter((x) => typeof x === "number");
        const best = seats.length > 1 && numbers.length ? Math.max(...numbers) : null;
        return html`<tr class=${label === labels[labels.length - 1] ? "total" : ""}><th scope="row" title=${(v.score_help || {})[label] || undefined}>${label}</th>
          ${seats.map((s) => { const x = value(s, i); return html`<td class=${x === best && numbers.some((n) => n !== best) ? "best" : ""}>${x ?? ""}${x === best && numbers.some((n) => n !== best) ? html`<span class="sr"> ${_("(best)")}</span>` : null}</td>`; })}</tr>`;
      })}</tbody>
    </table>
    ${v.terminal ? html`<p class="winners">${winnersLine(v)}</p>
      ${v.daily && v.daily.share ? html`<${DailyResult} d=${v.daily} />` : v.you !== null ? html`<${Rematch} v=${v} />` : null}
      <p class="after"><a href=${`/api/rooms/${v.room}/record`} download="">${_("Download the record")}</a> · <a href=${`/replay/${v.room}`}>${_("Replay")}</a> · <a href="/">${_("Back to the lobby")}</a></p>` : null}
  </section>`;
}

// A daily challenge's end: the place on the day's board and a line to share.
function DailyResult({ d }) {
  const [copied, setCopied] = useState(false);
  return html`<div class="daily-result"><p>${fill(_("Place {rank} of {players} in today's {challenge} challenge."), { rank: d.rank, players: d.players, challenge: d.title })}</p>
    <p><code id="share-line">${d.share}</code>
    <button type="button" onClick=${() => { navigator.clipboard?.writeText(d.share); setCopied(true); }}>${copied ? _("Copied") : _("Copy")}</button></p>
    <p><a href="/#daily">${_("Today's results")}</a></p></div>`;
}

// The same table again: the first to ask starts it, everyone else is invited.
function Rematch({ v }) {
  const go = async () => {
    const answer = v.rematch
      ? await fetch(`/api/rooms/${v.room}/rematch?token=${encodeURIComponent(token)}`)
      : await fetch(`/api/rooms/${v.room}/rematch`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) });
    const result = await answer.json();
    if (!answer.ok) { update({ error: result.detail }); return; }
    rememberSeat(result.room, result.link);
    location.href = result.link;
  };
  return html`<p class="rematch-box">${v.rematch ? `${_("Someone at the table started a rematch.")} ` : ""}
    <button type="button" class="primary" id="rematch" onClick=${go}>${v.rematch ? _("Join the rematch") : _("Rematch")}</button></p>`;
}

// A picker with many pictures (a city's layout) takes the table's width, not the panel's.
const widePicker = (v) => Boolean(v.chance && v.chance.picker && v.chance.picker.questions.reduce((n, q) => n + q.choices.length, 0) > 40);

// Assistant rooms: what chance showed at the real table, put together from pictures.
// A question takes `count` choices; a choice's tokens (a district, a marker) are used
// once across all questions. The text is written as ChancePicker.outcome writes it.
function ChancePicker({ picker }) {
  const [picks, setPicks] = useState(() => picker.questions.map(() => []));
  const tokensOf = (q, code) => (picker.questions[q].choices.find((x) => x.code === code)?.token || "").split(" ").filter(Boolean);
  const used = (q, token) => token.split(" ").filter(Boolean).some((t) => picks.some((codes, i) => i !== q && codes.some((c) => tokensOf(i, c).includes(t))));
  const choose = (q, code) => setPicks((all) => all.map((codes, i) => {
    if (i !== q) return codes;
    if (codes.includes(code)) return codes.filter((c) => c !== code);
    return picker.questions[q].count === 1 ? [code] : codes.length < picker.questions[q].count ? [...codes, code] : codes;
  }));
  const complete = picker.questions.every((question, i) => picks[i].length === question.count);
  const parts = picker.questions.map((question, i) => question.code + picks[i].join(question.joiner));
  const text = (picker.prefix ? [picker.prefix, ...parts] : parts).join(" ");
  return html`<section class="chance-picker" aria-label=${picker.title}>
    <h2>${picker.title}</h2>
    ${picker.questions.map((question, q) => html`<fieldset>
      <legend>${question.count > 1 ? fill(_("{title} — choose {n}"), { title: question.title, n: question.count }) : question.title}</legend>
      <div class="pieces">${question.choices.map((choice) => {
        const on = picks[q].includes(choice.code);
        const taken = !on && used(q, choice.token);
        return html`<button type="button" class=${"piece" + (on ? " picked" : "")} aria-pressed=${on} disabled=${taken}
            title=${taken ? _("Already chosen for another part") : choice.picture.caption} onClick=${() => choose(q, choice.code)}>
          ${choice.picture.svg ? html`<span class="picture" aria-hidden="true" dangerouslySetInnerHTML=${{ __html: choice.picture.svg }} />` : null}
          <span class="piece-name">${choice.picture.caption}</span></button>`;
      })}</div></fieldset>`)}
    <p class="chance-play"><button type="button" class="primary" id="chance-play" disabled=${!complete} onClick=${() => send(text)}>${_("Play")}</button>
      <code class="chance-text" title=${_("The same in notation")}>${complete ? text : ""}</code></p>
  </section>`;
}

// What a seat may look up: the dice faces, the cards or tiles left, folded away.
function References({ v }) {
  const shown = v.reference || [];
  if (!shown.length) return null;
  return html`${shown.map((r) => html`<details class="reference"><summary>${r.title}</summary>
    <div class="reference-items">${r.items.map((item) => html`<figure>
      ${item.svg ? html`<span class="picture" dangerouslySetInnerHTML=${{ __html: item.svg }} />` : null}
      <figcaption>${item.caption}</figcaption></figure>`)}</div></details>`)}`;
}

// A first game's guide: a few steps, each pointing at a part of the room; shown once
// per game in this browser.
const PARTS = { hand: ".hand", board: ".board.mine", controls: ".controls", scores: ".scores" };

function Guide({ v }) {
  const key = `linecraft.guided.${v.game}`;
  const [step, setStep] = useState(() => (localStorage.getItem(key) ? -1 : 0));
  const [box, setBox] = useState(null);
  const steps = v.guide || [];
  // not while the person at a real table picks what chance showed: the steps point at the hand
  const current = step >= 0 && step < steps.length && !v.terminal && !v.chance ? steps[step] : null;
  useLayoutEffect(() => {
    const part = current && document.querySelector(PARTS[current[0]]);
    if (part && part.getBoundingClientRect().top > window.innerHeight - 160) part.scrollIntoView({ block: "center" });
    setBox(part ? part.getBoundingClientRect() : null);
  }, [step, current && current[0], v.version]);
  if (!current) return null;
  const done = () => { localStorage.setItem(key, "seen"); setStep(-1); };
  const top = box ? Math.min(window.scrollY + box.bottom + 8, window.scrollY + box.top + 40) : 80;
  const left = box ? Math.max(8, Math.min(box.left, window.innerWidth - 340)) : 8;
  return html`<div class="guide" role="dialog" aria-label=${_("First game guide")} style=${`top:${top}px;left:${left}px`}>
    <p>${current[1]}</p>
    <div class="guide-buttons">
      <small>${fill(_("{n} of {total}"), { n: step + 1, total: steps.length })}</small>
      <button type="button" class="link" onClick=${done}>${_("Skip the guide")}</button>
      <button type="button" class="primary" id="guide-next" onClick=${() => (step + 1 < steps.length ? setStep(step + 1) : done())}>${step + 1 < steps.length ? _("Next") : _("Got it")}</button>
    </div>
  </div>`;
}

function winnersLine(v) {
  const names = (v.winners || []).map((w) => v.seats[w].name);
  if (v.seats.length === 1) return "";
  return names.length > 1 ? fill(_("Shared win: {names}"), { names: names.join(", ") }) : fill(_("Winner: {name}"), { name: names[0] });
}

function Log({ v }) {
  const box = useRef(null);
  const lines = v.log || [];
  useEffect(() => { if (box.current) box.current.scrollTop = box.current.scrollHeight; }, [lines.length]);
  if (!lines.length) return null;
  return html`<section class="log"><h2>${_("Game log")}</h2>
    <ol ref=${box} aria-live="polite">${lines.map((line) => html`<li key=${line.n} class=${line.seat === null ? "chance" : ""}>${line.text}</li>`)}</ol>
  </section>`;
}

// For experts: the action typed in notation, and every legal action.
function Expert({ v }) {
  const [filter, setFilter] = useState("");
  const [typed, setTyped] = useState("");
  if (v.terminal || v.you === null) return null;
  const shown = v.legal.filter((a) => a.toLowerCase().includes(filter.toLowerCase())).slice(0, 300);
  return html`<details class="expert"><summary>${_("Type an action (notation)")}</summary>
    <form id="act" onSubmit=${(e) => { e.preventDefault(); if (typed.trim()) send(typed.trim()); setTyped(""); }}>
      <input id="action" autocomplete="off" aria-label=${_("Action in notation")} value=${typed} onInput=${(e) => setTyped(e.target.value)} placeholder=${v.help} />
      <button type="submit">${_("Play")}</button>
    </form>
    <input id="filter" aria-label=${_("Filter the legal actions")} placeholder=${_("filter the legal actions")} value=${filter} onInput=${(e) => setFilter(e.target.value)} />
    <ul class="legal">${shown.map((a) => html`<li><button type="button" class="legal-action" onClick=${() => send(a)}>${a}</button></li>`)}</ul>
  </details>`;
}

document.addEventListener("keydown", (event) => {  // R rotates, M mirrors, Escape cancels
  if (!model.view || ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
  if (event.key === "r" || event.key === "R") turn("rotate");
  if (event.key === "m" || event.key === "M") turn("mirror");
  if (event.key === "Escape") update({ pending: null, choices: null });
});

narrow.addEventListener("change", () => update({}));
update({});
connect();
