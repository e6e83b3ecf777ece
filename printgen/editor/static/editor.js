// The printgen card editor. Plain JavaScript, no libraries, nothing fetched from elsewhere.
// Every text from the deck reaches the page through textContent or a form value, never as
// HTML, so a caption holding <script> is shown as the characters it is.
"use strict";

const token = document.querySelector('meta[name="printgen-token"]').content;
const $ = (id) => document.getElementById(id);
let deck = null;          // the deck as the server last read it
let current = null;       // the card shown in the form
let pending = {};         // unsaved edits: {card id: {field: text}}
let sequence = 0;         // only the newest preview is shown
let timer = null;

async function call(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: {"Content-Type": "application/json", "X-Printgen-Token": token},
    body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    return {ok: false, status: 0, data: {error: "printgen serve is not running any more: start it again"}};
  }
  let data;
  try {
    data = await response.json();
  } catch (e) {
    data = {error: "printgen serve gave an unexpected answer (" + response.status + ")"};
  }
  return {ok: response.ok, status: response.status, data};
}

function make(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function status(text, kind) {
  const box = $("status");
  box.textContent = text;
  box.className = kind || "";
}

function valueOf(card, field) {
  const mine = pending[card.id];
  if (mine && Object.prototype.hasOwnProperty.call(mine, field)) return mine[field];
  return card.values[field] || "";
}

function edited(card) {
  return pending[card.id] && Object.keys(pending[card.id]).length > 0;
}

async function load(keep) {
  const {ok, data} = await call("/api/deck");
  if (!ok) {
    status(data.error, "error");
    return;
  }
  deck = data;
  if (deck.problem) status(deck.problem, "error");
  renderList();
  const chosen = deck.cards.find((c) => c.id === keep) || deck.cards[0];
  if (chosen) select(chosen.id);
  else if (deck.sheet) $("card-name").textContent = "The cards of this deck are kept in " + deck.sheet + ": edit them there.";
  else $("card-name").textContent = "This deck lists no cards one by one: its cards are made by its generate: rule.";
}

function renderList() {
  const list = $("cards");
  const words = $("search").value.trim().toLowerCase();
  list.replaceChildren();
  for (const card of deck.cards) {
    const name = valueOf(card, "name") || card.name;
    const caption = valueOf(card, "caption");
    if (words && !(name + " " + caption).toLowerCase().includes(words)) continue;
    const item = make("li");
    const button = make("button", {type: "button", "data-card": card.id});
    button.append(make("span", {class: "name"}, name));
    if (caption) button.append(make("span", {class: "caption"}, caption));
    if (edited(card)) button.classList.add("edited");
    if (current && card.id === current.id) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => select(card.id));
    item.append(button);
    list.append(item);
  }
}

function select(id) {
  current = deck.cards.find((c) => c.id === id);
  renderList();
  renderForm();
  requestPreview();
}

function renderForm() {
  const form = $("fields");
  form.replaceChildren();
  $("card-name").textContent = valueOf(current, "name") || current.name;
  for (const field of deck.fields) {
    const row = make("div", {class: "field", "data-field": field.name});
    const id = "field-" + field.name;
    const label = make("label", {for: id}, field.name.replace(/_/g, " "));
    if (field.required) label.append(make("span", {class: "required"}, " (needed)"));
    row.append(label);
    let control;
    const value = valueOf(current, field.name);
    if (field.choices) {
      control = make("select", {id, name: field.name});
      const blank = field.required ? "— choose —" : field.default !== null ? "(as usual: " + field.default + ")" : "(none)";
      control.append(make("option", {value: ""}, blank));
      for (const choice of field.choices) control.append(make("option", {value: choice}, choice));
      if (value && !field.choices.includes(value)) control.append(make("option", {value}, value));
      control.value = value;
      control.addEventListener("change", () => change(field, control.value, row));
    } else {
      control = field.type === "text" && (field.long || value.length > 30)
        ? make("textarea", {id, name: field.name, rows: "4"}) : make("input", {id, name: field.name, type: "text"});
      control.value = value;
      control.addEventListener("input", () => change(field, control.value, row));
    }
    if (field.type === "ability") control.classList.add("record");
    row.append(control);
    if (field.hint) row.append(make("div", {class: "hint"}, field.hint));
    if (control.tagName === "TEXTAREA") row.append(make("div", {class: "count"}, count(value)));
    row.append(make("div", {class: "warnings"}));
    form.append(row);
  }
}

function count(text) {
  return text.length === 1 ? "1 character" : text.length + " characters";
}

function change(field, text, row) {
  const mine = pending[current.id] || (pending[current.id] = {});
  if (text === (current.values[field.name] || "")) delete mine[field.name];
  else mine[field.name] = text;
  if (!Object.keys(mine).length) delete pending[current.id];
  const counter = row.querySelector(".count");
  if (counter) counter.textContent = count(text);
  if (field.name === "name") $("card-name").textContent = text;
  $("save").disabled = Object.keys(pending).length === 0;
  status(Object.keys(pending).length ? "Changes not saved yet." : "", "");
  renderList();
  clearTimeout(timer);
  timer = setTimeout(requestPreview, 150);
}

async function requestPreview() {
  if (!current) return;
  const mine = ++sequence;
  const image = $("preview");
  image.classList.add("busy");
  const {ok, data} = await call("/api/preview", {card: current.id, edits: pending});
  if (mine !== sequence) return;
  image.classList.remove("busy");
  showProblem(ok ? null : data);
  if (ok) {
    image.src = data.image;
    image.dataset.sequence = String(mine);
    showWarnings(data.warnings);
  } else if (data.stale) {
    offerReload(data.error);
  }
}

function showProblem(data) {
  const box = $("card-error");
  for (const row of document.querySelectorAll(".field.invalid")) row.classList.remove("invalid");
  if (!data) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  box.hidden = false;
  box.textContent = data.error;
  if (data.field) {
    const row = document.querySelector('.field[data-field="' + CSS.escape(data.field) + '"]');
    if (row) row.classList.add("invalid");
  }
}

function showWarnings(warnings) {
  for (const box of document.querySelectorAll(".field .warnings")) box.replaceChildren();
  const general = $("card-warnings");
  general.replaceChildren();
  for (const warning of warnings) {
    const box = warning.field && document.querySelector('.field[data-field="' + CSS.escape(warning.field) + '"] .warnings');
    (box || general).append(make("p", {class: "warning"}, box ? warning.message : warning.text));
  }
}

function offerReload(message) {
  status(message + " Your changes are still in the boxes: copy any you want to keep, then ", "error");
  const button = make("button", {type: "button", class: "link"}, "reload");
  button.addEventListener("click", () => { pending = {}; $("save").disabled = true; load(current && current.id); status(""); });
  $("status").append(button);
}

async function save() {
  if (!Object.keys(pending).length) return true;
  $("save").disabled = true;
  status("Saving…", "");
  const {ok, status: code, data} = await call("/api/save", {version: deck.version, edits: pending});
  if (!ok) {
    $("save").disabled = false;
    if (code === 409) offerReload(data.error);
    else {
      status("Not saved: " + data.error, "error");
      showProblem(data);
    }
    return false;
  }
  pending = {};
  await load(current && current.id);
  status("Saved." + (data.backup ? " The previous version is kept as " + data.backup + "." : ""), "done");
  return true;
}

async function build() {
  if (!(await save())) return;
  $("build").disabled = true;
  status("Making the PDF…", "");
  const {ok, data} = await call("/api/build", {});
  $("build").disabled = false;
  if (!ok) {
    status("The PDF was not made: " + data.error, "error");
    return;
  }
  const link = $("pdf");
  if (data.files.length) {
    link.href = "/pdf/" + encodeURIComponent(data.files[0]);
    link.hidden = false;
  }
  status("The PDF is ready. " + data.summary.split("\n")[0] +
         (data.warnings.length ? " (" + data.warnings.length + (data.warnings.length === 1 ? " warning" : " warnings") +
          ": see the cards)" : ""), "done");
}

$("save").addEventListener("click", save);
$("build").addEventListener("click", build);
$("search").addEventListener("input", renderList);
window.addEventListener("beforeunload", (event) => {
  if (Object.keys(pending).length) event.preventDefault();
});
load();
