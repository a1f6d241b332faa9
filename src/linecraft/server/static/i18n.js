// The client's words in the player's language. The messages come from the server's
// gettext catalog (domain "client"); the language from the `lang` cookie the switcher
// has the server set, else the browser's own, so the pages, the game's words sent by the server and
// the client always agree.
import { html } from "./vendor/preact-htm.mjs";

const answer = await fetch("/api/messages").then((response) => response.json());

export const language = answer.language;
document.documentElement.lang = language;

// A message in the player's language (the English message when not yet translated).
// Call it with the message alone, so the catalog tools find it: fill(_("…{n}…"), { n }).
export function _(message) {
  return answer.messages[message] || message;
}

// A translated template with its {placeholders} filled in.
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// The switcher: every language in its own name. The server remembers the choice (the
// same route as its own pages' language form) and comes back to this page.
export function LanguagePicker() {
  const choose = (code) => {
    const back = location.pathname + location.search + location.hash;
    location.href = `/language?lang=${encodeURIComponent(code)}&back=${encodeURIComponent(back)}`;
  };
  return html`<select id="language" class="language" aria-label=${_("Language")} onChange=${(e) => choose(e.target.value)}>
    ${Object.entries(answer.languages).map(([code, name]) => html`<option value=${code} lang=${code} selected=${code === language}>${name}</option>`)}
  </select>`;
}
