// The replay viewer: a finished game step by step — first, previous, play, next, last
// (keys too), the log beside the boards with the step just played marked, the scores at
// that step; a record file downloaded earlier can be opened here as well.
import { html, render, useEffect, useRef } from "./vendor/preact-htm.mjs";
import { _, fill, LanguagePicker } from "./i18n.js";

const roomId = location.pathname.startsWith("/replay/") ? location.pathname.split("/").pop() : null;
const model = { data: null, record: null, playing: false, error: "", want: 0, seat: 0, analysis: null };
let timer = 0;
let asked = 0;  // answers to older requests than the last are dropped

function update(change) {
  Object.assign(model, change);
  render(html`<${Replay} m=${model} />`, document.getElementById("app"));
}

// Go to a step; keys pressed quickly count from the step last asked for.
async function go(step) {
  const steps = model.data ? model.data.steps : Infinity;
  step = Math.max(0, Math.min(step, steps));
  model.want = step;
  const mine = ++asked;
  const answer = roomId
    ? await fetch(`/api/rooms/${roomId}/replay?step=${step}`)
    : await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ record: model.record, step }) });
  const data = await answer.json();
  if (mine !== asked) return;
  if (!answer.ok) { update({ error: data.detail, playing: false }); return; }
  update({ data, error: "" });
  if (model.playing && data.step >= data.steps) play(false);
}

function play(on) {
  clearInterval(timer);
  if (on) {
    if (model.data.step >= model.data.steps) go(0);
    timer = setInterval(() => go(model.want + 1), 1200);
  }
  update({ playing: on });
}

async function open(file) {
  try {
    const record = JSON.parse(await file.text());
    update({ record, data: null, analysis: null, seat: 0 });
    go(0);
  } catch { update({ error: fill(_("{file} is not a record file (JSON)."), { file: file.name }) }); }
}

function Replay({ m }) {
  const d = m.data;
  const title = d ? fill(_("{game} — replay"), { game: d.title }) : _("Replay a game");
  useEffect(() => { document.title = `${title} — Linecraft`; }, [title]);
  return html`
    <header class="top"><a href="/">Linecraft</a> <span class="title" id="title">${title}</span> <${LanguagePicker} /></header>
    <main class="replay-page">
      ${roomId ? null : html`<label class="field open-file">${_("Open a record file")} <input type="file" id="record-file" accept=".json,application/json"
        onChange=${(e) => e.target.files[0] && open(e.target.files[0])} /></label>`}
      ${m.error ? html`<p class="error" role="alert">${m.error}</p>` : null}
      ${d ? html`<${Controls} d=${d} m=${m} /><div class="room">
        <section class="table" id="boards"><${Advice} d=${d} m=${m} />${Object.entries(d.boards).map(([key, svg]) => html`<figure class="board" key=${key} data-board=${key}>
          <figcaption>${d.seats.find((s) => String(s.seat) === key)?.name || _("The table")}</figcaption>
          <div class="drawing" dangerouslySetInnerHTML=${{ __html: svg }} /></figure>`)}</section>
        <aside class="panel"><${Analysis} d=${d} m=${m} /><${Scores} d=${d} /><${Log} d=${d} /></aside>
      </div>` : null}
    </main>`;
}

function Controls({ d, m }) {
  return html`<nav class="replay" aria-label=${_("Replay")}>
    <button type="button" id="first" title=${_("First step (Home)")} onClick=${() => go(0)}>${_("« First")}</button>
    <button type="button" id="back" title=${_("Previous step (left arrow)")} onClick=${() => go(m.want - 1)}>${_("‹ Back")}</button>
    <button type="button" id="play" title=${_("Play or pause (space)")} onClick=${() => play(!m.playing)}>${m.playing ? _("Pause") : _("Play")}</button>
    <button type="button" id="next" title=${_("Next step (right arrow)")} onClick=${() => go(m.want + 1)}>${_("Next ›")}</button>
    <button type="button" id="last" title=${_("Last step (End)")} onClick=${() => go(d.steps)}>${_("Last »")}</button>
    <input type="range" id="step" min="0" max=${d.steps} value=${d.step} aria-label=${_("Step of the game")} onChange=${(e) => go(Number(e.target.value))} />
    <span id="where" aria-live="polite">${fill(_("Step {step} of {steps}"), { step: d.step, steps: d.steps })}</span>
  </nav>`;
}

// The expert's reading of one seat's moves: asked for once, then its biggest losses
// listed, each a click away from the step that shows it.
async function analyse() {
  const seat = model.seat;
  update({ analysis: { seat, busy: true } });
  const answer = roomId
    ? await fetch(`/api/rooms/${roomId}/analysis?seat=${seat}`)
    : await fetch("/api/replay/analysis", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ record: model.record, seat }) });
  const data = await answer.json();
  if (model.seat !== seat) return;
  update({ analysis: answer.ok ? { seat, ...data } : { seat, error: data.detail } });
}

function Analysis({ d, m }) {
  const a = m.analysis;
  const name = (seat) => d.seats[seat]?.name || fill(_("Player {n}"), { n: seat + 1 });
  const choose = (e) => update({ seat: Number(e.target.value), analysis: null });
  const worst = a && a.moments ? a.biggest.map((step) => a.moments.find((x) => x.step === step)) : [];
  return html`<section class="analysis" id="analysis"><h2>${_("Analysis")}</h2>
    <p class="help">${_("The expert bot replays every move of a seat and tells where it lost points.")}</p>
    <div class="analyse-row">
      ${d.seats.length > 1 ? html`<label>${_("Seat")} <select id="analysis-seat" value=${m.seat} onChange=${choose}>
        ${d.seats.map((s) => html`<option value=${s.seat}>${s.name}</option>`)}</select></label>` : null}
      <button type="button" id="analyse" class="primary" disabled=${a && a.busy} onClick=${analyse}>${_("Analyse")}</button>
    </div>
    <div aria-live="polite">
    ${a && a.busy ? html`<p class="busy">${fill(_("Analysing every move of {name}… this takes up to a minute."), { name: name(a.seat) })}</p>` : null}
    ${a && a.error ? html`<p class="error" role="alert">${a.error}</p>` : null}
    ${a && a.moments ? html`<p id="analysis-summary">${fill(_("{name}: {costly} of {count} moves cost a point or more against the expert's choice."), { name: name(a.seat), costly: a.costly, count: a.decisions })}</p>
      ${worst.length ? html`<h3>${_("Biggest losses")}</h3><ol class="lessons">${worst.map((x) => html`<li key=${x.step}>
        <button type="button" class="link" onClick=${() => { model.jump = true; go(x.step + 1); }}>${x.lesson}</button></li>`)}</ol>`
        : html`<p>${_("No move lost a point the expert could see: well played.")}</p>`}` : null}
    </div></section>`;
}

// At the step where the analysed seat has just moved: the expert's word on that move,
// and its own choice marked on the board.
function Advice({ d, m }) {
  const a = m.analysis;
  const moment = a && a.moments ? a.moments.find((x) => x.step + 1 === d.step) : null;
  useEffect(() => {
    for (const spot of document.querySelectorAll("#boards .spot.advice")) spot.classList.remove("advice");
    if (!moment || !moment.target || !moment.notable) return;
    const board = document.querySelector(`#boards [data-board="${a.seat}"]`) || document.querySelector('#boards [data-board="table"]');
    const spot = board && board.querySelector(`.spot[data-target="${CSS.escape(moment.target)}"]`);
    if (spot) spot.classList.add("advice");
    const note = document.getElementById("advice");
    // after the log has scrolled its own line into view, which moves the page too
    if (note && model.jump) setTimeout(() => note.scrollIntoView({ block: "start" }), 0);
    model.jump = false;
  });
  if (!moment) return null;
  const costly = moment.notable;
  return html`<div class=${"advice-note" + (costly ? " costly" : "")} id="advice" role="status">
    ${costly && moment.picture ? html`<span class="advice-picture" dangerouslySetInnerHTML=${{ __html: moment.picture }} />` : null}
    <p>${moment.lesson}${costly && moment.target ? html` <small>${_("The expert's choice is marked in green.")}</small>` : null}</p></div>`;
}

function Scores({ d }) {
  const seats = Object.keys(d.score_rows || {});
  if (!seats.length) return null;
  const labels = d.score_rows[seats[0]].map(([label]) => label);
  return html`<section class="scores"><h2>${d.terminal ? _("Final scores") : fill(_("Scores after step {step}"), { step: d.step })}</h2>
    <table id="replay-scores"><thead><tr><th scope="col"></th>${seats.map((s) => html`<th scope="col">${d.seats[s]?.name || _("Table")}</th>`)}</tr></thead>
    <tbody>${labels.map((label, i) => html`<tr class=${i === labels.length - 1 ? "total" : ""}><th scope="row">${label}</th>
      ${seats.map((s) => html`<td>${d.score_rows[s][i]?.[1] ?? ""}</td>`)}</tr>`)}</tbody></table></section>`;
}

// The whole game told; the line of the step just played is marked, and a click on a
// line goes to the step after it.
function Log({ d }) {
  const box = useRef(null);
  useEffect(() => {
    const current = box.current && box.current.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }, [d.step]);
  return html`<section class="log"><h2>${_("Game log")}</h2><ol ref=${box}>
    ${d.log.map((line) => html`<li key=${line.n} class=${(line.n === d.step - 1 ? "current " : "") + (line.n >= d.step ? "later" : "")}
      aria-current=${line.n === d.step - 1 ? "step" : undefined}>
      <button type="button" class="link" onClick=${() => go(line.n + 1)}>${line.text}</button></li>`)}
  </ol></section>`;
}

document.addEventListener("keydown", (event) => {
  if (!model.data || ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  const step = model.want;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: model.data.steps };
  if (event.key in moves) { event.preventDefault(); go(moves[event.key]); }
  if (event.key === " ") { event.preventDefault(); play(!model.playing); }
});

update({});
if (roomId) go(0);
