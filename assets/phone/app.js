// The phone page of one seat: shows what the game sends (made from that seat's view only)
// and sends the seat's choices. It connects back to the page's own address (the token in
// the path opens this seat and nothing else) and reconnects after sleep or lost Wi-Fi.
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null, state = null, words = {}, chosenKey = undefined, chosenPath = [], hinted = null;
let retry = 0, toastTimer = null, sending = false, online = false, wasTurn = false;
const NAME = "spelavond-name";

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function connect() {
  if (socket && socket.readyState <= 1) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + location.pathname.replace(/\/$/, "") + "/ws");
  socket.onopen = () => {
    retry = 0;
    online = true;
    document.body.classList.remove("offline");
    const lang = localStorage.getItem("spelavond-lang");
    if (lang) send({ type: "lang", lang });
    const name = localStorage.getItem(NAME);
    if (name) send({ type: "name", name });
  };
  socket.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    if (message.type === "state") receive(message);
    else if (message.type === "refused") { sending = false; toast(message.text || words["refused_" + message.why] || "", false); render(); }
    else if (message.type === "hint") { hinted = message.code; toast(message.text, true); render(); }
  };
  socket.onclose = () => {
    // nothing is lit while away: a tap now would be lost, so the hand is dimmed and says why
    online = false;
    sending = false;
    $("toast").hidden = true;          // a hint for a table it can no longer see
    document.body.classList.add("offline");
    render();
    $("status").textContent = words.reconnecting || "…";
    $("status").className = "";
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 700 * retry);
  };
}

// Sent, or (while the connection is away) refused on the page with a word: never lost silently.
function send(message) {
  if (socket && socket.readyState === 1) { socket.send(JSON.stringify(message)); return true; }
  toast(words.offline || words.reconnecting || "…", false);
  return false;
}

function receive(message) {
  if (!state || message.version !== state.version) { chosenKey = undefined; chosenPath = []; hinted = null; }
  state = message;
  words = message.words || words;
  sending = false;
  document.documentElement.lang = message.lang;
  // the seat's turn begins: the phone buzzes where the browser lets it, and the tab says so
  const turn = Boolean(message.turn);
  if (turn && !wasTurn && navigator.vibrate) navigator.vibrate([120, 60, 120]);
  wasTurn = turn;
  document.title = (turn ? "\u25CF " + (words.your_turn || "") + " \u00B7 " : "") + message.title;
  if (!localStorage.getItem(NAME) && !asked) askName();
  render();
}

// The player's name, asked once on this phone (kept here) and said to the table.
let asked = false;
function askName() {
  asked = true;
  const form = $("naming");
  $("name-label").textContent = words.name_ask;
  $("name-ok").textContent = words.name_ok;
  $("name-input").value = localStorage.getItem(NAME) || "";
  $("name-input").maxLength = state.name_max;
  form.hidden = false;
  $("name-input").focus();
}
$("naming").onsubmit = (event) => {
  event.preventDefault();
  const name = $("name-input").value.replace(/\s+/g, " ").trim().slice(0, state.name_max);
  localStorage.setItem(NAME, name);
  send({ type: "name", name });
  $("naming").hidden = true;
};

function toast(text, hint) {
  const box = $("toast");
  box.textContent = text;
  box.className = hint ? "hint" : "";
  box.hidden = !text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, hint ? 7000 : 3500);
}

function cardFace(card, cls) {
  const node = el("div", cls + (card.red ? " red" : ""));
  node.append(el("span", "rank", card.rank), el("span", "suit", card.suit));
  return node;
}

function playable(key) {
  return online && state.turn && !sending && state.moves.some((move) => move.key === key);
}

// The moves still possible after the card (or button) and the choices made so far.
function candidates() {
  return state.moves.filter((move) => move.key === chosenKey &&
    chosenPath.every((label, index) => move.path[index] === label));
}

function play(move) {
  sending = send({ type: "move", code: move.code, version: state.version });
  chosenKey = undefined; chosenPath = [];
  render();
}

// A card or button was chosen, or one more step of it: play the move once only one is left
// and nothing more is to choose; else show the next choices.
function advance() {
  const left = candidates();
  const done = left.filter((move) => move.path.length === chosenPath.length);
  if (left.length === 1 && done.length === 1) { play(done[0]); return; }
  if (left.length === 0) { chosenKey = undefined; chosenPath = []; }
  render();
}

function choose(key, label) {
  chosenKey = key;
  chosenPath = label === undefined ? [] : [label];
  advance();
}

function render() {
  if (!state) return;
  $("title").textContent = state.title;
  $("lang").textContent = nextLanguage()[1];
  $("name").textContent = state.name + (words.seat ? " · " + words.seat : "");
  $("name").title = words.name_change || "";
  $("score").textContent = state.score;
  const status = $("status");
  status.textContent = state.status;
  status.className = state.turn ? "turn" : "";
  $("away").textContent = state.away.length ? (words.away || "").replace("{names}", state.away.join(", ")) : "";

  const table = $("table");
  table.replaceChildren();
  // a table of one row (Kingen's trick, Keezen's cards played) is what the hand answers:
  // above the hand, on screen without scrolling; a longer one (Kings Corners' piles) below
  document.body.insertBefore(table, state.table.length <= 1 ? $("hand") : $("info"));
  for (const row of state.table) {
    if (!row.cards.length && !row.label) continue;
    const line = el("div", "row");
    if (row.label) line.append(el("div", "label", row.label));
    const cards = el("div", "cards");
    for (const card of row.cards) {
      const face = cardFace(card, "mini");
      if (card.who) face.append(el("small", "", card.who));
      cards.append(face);
    }
    if (!row.cards.length) cards.append(el("div", "empty"));
    line.append(cards);
    table.append(line);
  }

  const hand = $("hand");
  hand.replaceChildren();
  const hintedKey = hinted && (state.moves.find((move) => move.code === hinted) || {}).key;
  for (const card of state.hand) {
    const button = cardFace(card, "card");
    const node = el("button", button.className);
    node.type = "button";
    node.append(...button.childNodes);
    node.setAttribute("aria-label", card.rank + card.suit);
    node.dataset.key = card.key;
    if (playable(card.key)) node.classList.add("lit");
    if (chosenKey === card.key) node.classList.add("chosen");
    if (hintedKey && hintedKey === card.key) node.classList.add("hinted");
    node.disabled = online && !playable(card.key);
    node.onclick = () => { if (online) choose(card.key); else send(null); };
    hand.append(node);
  }

  // after a card: the choices that follow it (a place, a pawn, where it goes)
  const choices = $("choices");
  const left = chosenKey === undefined ? [] : candidates();
  choices.hidden = left.length === 0;
  if (left.length) {
    // what is chosen so far (a Keezen pawn, its first part of a 7), then what to choose now
    const sofar = chosenPath.join(" → ");
    $("choose").textContent = sofar ? sofar.charAt(0).toUpperCase() + sofar.slice(1) + " — " + words.choose : words.choose;
    const options = $("options");
    options.replaceChildren();
    const seen = new Set();
    for (const move of left) {
      const label = move.path[chosenPath.length];
      if (label === undefined || seen.has(label)) continue;
      seen.add(label);
      const button = el("button", "lit", label);
      button.type = "button";
      button.onclick = () => { chosenPath = chosenPath.concat([label]); advance(); };
      options.append(button);
    }
    $("back").textContent = words.back;
    $("back").onclick = () => { chosenKey = undefined; chosenPath = []; render(); };
  }

  // moves without a card (choose trump, end the turn, lay the hand away), then hint and next
  const buttons = $("buttons");
  buttons.replaceChildren();
  const labels = new Set();
  for (const move of online && state.turn && !sending ? state.moves : []) {
    if (move.key !== null || labels.has(move.path[0])) continue;
    labels.add(move.path[0]);
    const button = el("button", "lit" + (hinted === move.code ? " hinted" : ""), move.path[0]);
    button.type = "button";
    button.onclick = () => choose(null, move.path[0]);
    buttons.append(button);
  }
  if (state.next) {
    const next = el("button", "lit", words.next);
    next.type = "button";
    next.onclick = () => send({ type: "next" });
    buttons.append(next);
  }
  if (online && state.turn) {
    const hint = el("button", "plain", words.hint);
    hint.type = "button";
    hint.onclick = () => send({ type: "hint" });
    buttons.append(hint);
  }
  $("info").replaceChildren(...state.info.map((line) => el("div", "", line)));
  $("log").replaceChildren(...state.log.map((line) => el("div", "", line)));
}

// The button names the language it changes to: the next of the game's languages, in turn
// (Dutch, Flemish, English), so a Flemish player finds their own words too.
function nextLanguage() {
  const all = state.languages;
  return all[(all.findIndex(([code]) => code === state.lang) + 1) % all.length];
}
$("lang").onclick = () => {
  if (!state) return;
  const lang = nextLanguage()[0];
  localStorage.setItem("spelavond-lang", lang);
  send({ type: "lang", lang });
};
$("name").onclick = () => { if (state) askName(); };
document.addEventListener("visibilitychange", () => { if (!document.hidden) connect(); });
connect();
