// The printgen card editor. Plain JavaScript, no libraries, nothing fetched from elsewhere.
// Every text from the deck reaches the page through textContent or a form value, never as
// HTML, so a caption holding <script> is shown as the characters it is.
//
// The page keeps its unsaved changes: edits by card id, new cards under keys of their own
// ("new-1"), and the ids of cards to delete. A save sends them with the values each changed card
// had when the page loaded it, so the server can merge them with changes made elsewhere since.
"use strict";

const token = document.querySelector('meta[name="printgen-token"]').content;
const $ = (id) => document.getElementById(id);
const MAX_PICTURE = 20 * 1000 * 1000;
let deck = null;          // the deck as the server last read it
let current = null;       // the key of the card shown in the form (a card id, or "new-N")
let pending = {};         // unsaved edits: {card id: {field: text}}
let added = {};           // new cards: {key: {field: text}}
let deleted = new Set();  // ids of cards to delete
let warned = new Set();   // ids of cards the last build (or their last preview) warned about
let conflicts = [];       // what the last save found changed in both places
let newCount = 0;
let sequence = 0;         // only the newest preview is shown
let timer = null;

async function call(path, body, raw) {
  let init = {};
  if (raw !== undefined) {
    init = {method: "POST", headers: {"Content-Type": "application/octet-stream", "X-Printgen-Token": token}, body: raw};
  } else if (body !== undefined) {
    init = {method: "POST", headers: {"Content-Type": "application/json", "X-Printgen-Token": token},
            body: JSON.stringify(body)};
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    return {ok: false, status: 0, data: {error: "The editor is not running any more. Start it again (printgen serve), then reload this page."}};
  }
  let data;
  try {
    data = await response.json();
  } catch (e) {
    data = {error: "The editor gave an answer this page cannot read (" + response.status + ")."};
  }
  return {ok: response.ok, status: response.status, data};
}

function make(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// One or more sentences in the status line; each ends with its own full stop, so two never run together.
function status(text, kind) {
  const box = $("status");
  box.textContent = text;
  box.className = kind || "";
}

function isNew(key) { return Object.prototype.hasOwnProperty.call(added, key); }
function cardOf(key) { return deck.cards.find((c) => c.id === key) || null; }

function valueOf(key, field) {
  if (isNew(key)) return added[key][field] || "";
  const mine = pending[key];
  if (mine && Object.prototype.hasOwnProperty.call(mine, field)) return mine[field];
  const card = cardOf(key);
  return (card && card.values[field]) || "";
}

function nameOf(key) {
  return valueOf(key, "name") || (isNew(key) ? "New card" : cardOf(key).name);
}

function changed() {
  return Object.keys(pending).length + Object.keys(added).length + deleted.size;
}

function changes() {
  const base = {};
  for (const id of [...Object.keys(pending), ...deleted]) {
    const card = cardOf(id);
    if (card) base[id] = card.values;
  }
  return {edits: pending, base, added, deleted: [...deleted]};
}

function keys() {
  return [...deck.cards.map((c) => c.id), ...Object.keys(added)];
}

async function load(keep) {
  const {ok, data} = await call("/api/deck");
  if (!ok) {                        // deck.yaml cannot be read (changed outside the page): nothing to edit
    status(data.error, "error");
    $("card-name").textContent = "The cards are shown again once the deck's file is mended.";
    for (const id of ["add", "build", "export"]) $(id).disabled = true;
    return;
  }
  for (const id of ["add", "build", "export"]) $(id).disabled = false;
  deck = data;
  if (deck.problem) status(deck.problem, "error");
  setUpPrint();
  $("add").hidden = Boolean(deck.listing);
  $("add-note").hidden = !deck.listing;
  $("add-note").textContent = deck.listing ? sentence(deck.listing) : "";
  renderList();
  const all = keys();
  const chosen = all.includes(keep) ? keep : all[0];
  if (chosen) select(chosen);
  else $("card-name").textContent = deck.sheet ? "The cards of this deck are kept in " + deck.sheet + ": edit them there."
                                               : "This deck lists no cards one by one.";
}

function sentence(text) {
  text = text.trim();
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]["'’”]?$/.test(text) ? text : text + ".";
}

function matches(key, words) {
  if (!words) return true;
  const values = deck.fields.map((f) => valueOf(key, f.name));
  return values.join(" ").toLowerCase().includes(words);
}

function renderList() {
  const list = $("cards");
  const words = $("search").value.trim().toLowerCase();
  list.replaceChildren();
  for (const key of keys()) {
    if (!matches(key, words)) continue;
    const item = make("li");
    const button = make("button", {type: "button", "data-card": key});
    button.append(make("span", {class: "name"}, nameOf(key)));
    const caption = valueOf(key, "caption");
    if (caption) button.append(make("span", {class: "caption"}, caption));
    if (isNew(key)) button.classList.add("added");
    else if (deleted.has(key)) button.classList.add("deleted");
    else if (pending[key]) button.classList.add("edited");
    if (warned.has(key) && !isNew(key) && !deleted.has(key)) button.classList.add("warned");
    if (key === current) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => select(key));
    item.append(button);
    list.append(item);
  }
}

function select(key) {
  current = key;
  renderList();
  const item = document.querySelector('#cards button[aria-current]');
  if (item) item.scrollIntoView({block: "nearest"});
  renderForm();
  requestPreview();
}

function renderForm() {
  const form = $("fields");
  form.replaceChildren();
  $("card-name").textContent = nameOf(current);
  const gone = deleted.has(current);
  for (const field of deck.fields) {
    const row = make("div", {class: "field", "data-field": field.name});
    const id = "field-" + field.name;
    const label = make("label", {for: id}, field.label);
    if (field.required) label.append(make("span", {class: "required"}, " (needed)"));
    row.append(label);
    let control;
    const value = valueOf(current, field.name);
    if (field.choices) {
      control = make("select", {id, name: field.name});
      control.append(make("option", {value: ""}, field.blank));
      for (const choice of field.choices) control.append(make("option", {value: choice.value}, choice.label));
      if (field.more.length) {          // the choices that fit the deck first; the others after, apart
        const more = make("optgroup", {label: "More emblems, from other kinds of cards"});
        for (const choice of field.more) more.append(make("option", {value: choice.value}, choice.label));
        control.append(more);
      }
      if (value && ![...field.choices, ...field.more].some((c) => c.value === value)) {
        control.append(make("option", {value}, value));
      }
      control.value = value;
      control.addEventListener("change", () => change(field, control.value, row));
    } else {
      control = field.type === "text" && (field.long || value.length > 30)
        ? make("textarea", {id, name: field.name, rows: "4"}) : make("input", {id, name: field.name, type: "text"});
      control.value = value;
      control.addEventListener("input", () => change(field, control.value, row));
    }
    if (field.type === "ability") control.classList.add("record");
    control.disabled = gone;
    row.append(control);
    if (field.type === "image") row.append(pictureChooser(field, control, row, gone));
    if (field.hint) row.append(make("div", {class: "hint"}, field.hint));
    if (control.tagName === "TEXTAREA") row.append(make("div", {class: "count"}, count(value)));
    row.append(make("div", {class: "warnings"}));
    form.append(row);
  }
  renderCardActions();
}

function pictureChooser(field, control, row, gone) {
  const box = make("div", {class: "chooser"});
  const input = make("input", {type: "file", accept: "image/png,image/jpeg", id: "upload-" + field.name});
  input.disabled = gone;
  const label = make("label", {for: input.id, class: "button"}, "Choose a picture…");
  input.addEventListener("change", async () => {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_PICTURE) {
      status("“" + file.name + "” is larger than 20 MB, more than any card picture needs. Save a smaller copy of it and choose that.", "error");
      return;
    }
    status("Adding the picture…", "");
    const key = current;
    const query = "?card=" + encodeURIComponent(nameOf(key)) + "&file=" + encodeURIComponent(file.name);
    const {ok, data} = await call("/api/picture" + query, undefined, await file.arrayBuffer());
    if (!ok) {
      status("The picture was not added. " + data.error, "error");
      return;
    }
    status("The picture is in the deck's folder as " + data.value + ". Save to keep it on the card.", "done");
    if (current === key) {
      control.value = data.value;
      change(field, data.value, row);
    } else {
      record(key, field.name, data.value);
    }
  });
  box.append(input, label);
  return box;
}

function renderCardActions() {
  const button = $("delete");
  const note = $("delete-note");
  const card = cardOf(current);
  note.hidden = true;
  button.hidden = Boolean(deck.listing);
  button.disabled = false;
  if (isNew(current)) {
    button.textContent = "Remove this new card";
  } else if (deleted.has(current)) {
    button.textContent = "Keep this card";
    note.hidden = false;
    note.textContent = "This card will be deleted when you save.";
  } else {
    button.textContent = "Delete this card";
    if (card && card.named) {
      button.disabled = true;
      note.hidden = false;
      note.textContent = card.named;
    }
  }
}

function count(text) {
  return text.length === 1 ? "1 character" : text.length + " characters";
}

function record(key, name, text) {
  if (isNew(key)) {
    added[key][name] = text;
  } else {
    const card = cardOf(key);
    const mine = pending[key] || (pending[key] = {});
    if (text === (card.values[name] || "")) delete mine[name];
    else mine[name] = text;
    if (!Object.keys(mine).length) delete pending[key];
  }
  changedNow();
}

function changedNow() {
  $("save").disabled = changed() === 0;
  status(changed() ? "Changes not saved yet." : "", "");
  renderList();
}

function change(field, text, row) {
  record(current, field.name, text);
  const counter = row.querySelector(".count");
  if (counter) counter.textContent = count(text);
  if (field.name === "name") $("card-name").textContent = nameOf(current);
  clearTimeout(timer);
  timer = setTimeout(requestPreview, 150);
}

function addCard() {
  newCount += 1;
  const key = "new-" + newCount;
  added[key] = {};
  $("search").value = "";
  changedNow();
  select(key);
  const name = $("field-name");
  if (name) name.focus();
}

function deleteOrKeep() {
  if (isNew(current)) {
    delete added[current];
    changedNow();
    const all = keys();
    if (all.length) select(all[0]);
    return;
  }
  if (deleted.has(current)) deleted.delete(current);
  else deleted.add(current);
  changedNow();
  renderForm();
  requestPreview();
}

async function requestPreview() {
  if (!current) return;
  const mine = ++sequence;
  const image = $("preview");
  image.classList.add("busy");
  const sent = changes();
  sent.deleted = sent.deleted.filter((id) => id !== current);     // a card marked for deleting is still shown
  const {ok, data} = await call("/api/preview", {card: current, ...sent});
  if (mine !== sequence) return;
  image.classList.remove("busy");
  showProblem(ok ? null : data);
  image.classList.toggle("stale", !ok);
  $("preview-note").textContent = ok ? "The card as it will print, with your changes."
                                     : "The card cannot be drawn until the problem above is mended.";
  if (ok) {
    image.src = data.image;
    image.alt = "The card as it will be printed";
    image.dataset.sequence = String(mine);
    image.dataset.card = current;
    showWarnings(data.warnings);
    if (!isNew(current) && warned.has(current) !== (data.warnings.length > 0)) {
      if (data.warnings.length) warned.add(current);
      else warned.delete(current);
      renderList();
    }
  } else if (image.dataset.card !== current) {
    image.removeAttribute("src");               // not another card's picture beside this one's problem
    image.alt = "";
  }
  if (!ok && data.stale) {
    offerReload(data.error);
  }
}

function showProblem(data) {
  const box = $("card-error");
  for (const row of document.querySelectorAll(".field.invalid")) row.classList.remove("invalid");
  if (!data || (deck && data.error === deck.problem)) {    // the deck's own problem: said once, at the top
    box.hidden = true;
    box.textContent = "";
    return;
  }
  box.hidden = false;
  box.textContent = data.error;
  if (data.field && (!data.card || data.card === current)) {
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
    (box || general).append(make("p", {class: "warning"}, warning.message));
  }
}

function offerReload(message) {
  status(sentence(message) + " Your changes are still in the boxes: copy any you want to keep, then ", "error");
  const button = make("button", {type: "button", class: "link"}, "reload");
  button.addEventListener("click", () => {
    pending = {}; added = {}; deleted = new Set();
    $("save").disabled = true;
    load(current);
    status("");
  });
  $("status").append(button, document.createTextNode("."));
}

async function save() {
  if (!changed()) return true;
  $("save").disabled = true;
  status("Saving…", "");
  const {ok, status: code, data} = await call("/api/save", {version: deck.version, ...changes()});
  if (!ok) {
    $("save").disabled = false;
    if (code === 409 && data.conflicts) {
      const n = data.conflicts.length;
      status("Nothing was saved: " + (n === 1 ? "a value was" : n + " values were") +
             " changed here and in another window too. Choose below which to keep.", "error");
      showConflicts(data);
    } else if (code === 409) {
      offerReload(data.error);
    } else {
      status("Not saved. " + data.error, "error");
      if (data.card && data.card !== current && keys().includes(data.card)) select(data.card);
      showProblem(data);
    }
    return false;
  }
  const keepKey = isNew(current) ? null : current;
  pending = {}; added = {}; deleted = new Set(); conflicts = [];
  $("conflicts").hidden = true;
  await load(keepKey);
  status(data.said, "done");
  return true;
}

$("save").addEventListener("click", save);
$("build").addEventListener("click", build);
$("export").addEventListener("click", exportPictures);
$("add").addEventListener("click", addCard);
$("delete").addEventListener("click", deleteOrKeep);
$("search").addEventListener("input", renderList);
window.addEventListener("beforeunload", (event) => {
  if (changed()) event.preventDefault();
});
load();
