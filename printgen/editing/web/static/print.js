// The page's Print section: the build's choices (paper, how the cards go on the paper, sides,
// page order, cut guides, colour, most ink, backs), "Make the PDFs", and "Make the pictures" for a
// print shop or Tabletop Simulator. Loaded before editor.js, whose helpers ($, make, call, status,
// save, select, keys, renderList) these functions use when they run.
"use strict";

// The boxes whose choice the page sends only when "How the cards go on the paper" (or, for the
// ink, the colour) leaves them to be chosen; a box that does not apply is disabled, and says why.
const LEFT_TO_CHOOSE = ["duplex", "page_order", "crop"];

function fill(id, choices, value) {
  const box = $(id);
  for (const choice of choices) box.append(make("option", {value: choice.value}, choice.label));
  box.value = value === undefined ? choices[0].value : value;
  box.addEventListener("change", showWhatApplies);
}

function setUpPrint() {
  const paper = $("paper");
  if (paper.options.length) return;
  for (const name of deck.papers) paper.append(make("option", {value: name}, name === "a4" ? "A4" : "Letter"));
  paper.value = deck.paper;
  for (const id of ["imposition", "duplex", "page_order", "crop", "colour", "backs"]) fill(id, deck[id]);
  const ink = $("ink_limit");
  ink.min = deck.ink_limit.least;
  ink.max = deck.ink_limit.most;
  ink.placeholder = String(deck.ink_limit.usual);
  fill("export-to", deck.exports);
  showWhatApplies();
}

// Which boxes the chosen layout (and colour) leaves to be chosen.
function applies(id) {
  if (id === "ink_limit") return $("colour").value === "cmyk";
  return deck.applies[id].includes($("imposition").value);
}

function showWhatApplies() {
  for (const id of [...LEFT_TO_CHOOSE, "ink_limit"]) {
    const on = applies(id);
    $(id).disabled = !on;
    $(id).closest("label").classList.toggle("off", !on);
    const why = $(id + "-why");
    why.hidden = on;
    why.textContent = on ? "" : deck.not_for[id];
  }
}

// The choices as the request sends them: a box that does not apply is left out (the usual value).
function printChoices() {
  const body = {paper: $("paper").value, imposition: $("imposition").value, colour: $("colour").value,
                backs: $("backs").value};
  for (const id of [...LEFT_TO_CHOOSE, "ink_limit"]) {
    if (applies(id) && $(id).value) body[id] = $(id).value;
  }
  return body;
}

async function build() {
  if (!(await save())) return;
  $("build").disabled = true;
  status("Making the PDFs…", "");
  const {ok, data} = await call("/api/build", printChoices());
  $("build").disabled = false;
  const list = $("pdfs");
  list.replaceChildren();
  $("build-advice").replaceChildren();
  $("build-warnings").replaceChildren();
  if (!ok) {                // said at the top and beside the button the teacher pressed
    status("The PDFs were not made. " + data.error, "error");
    $("build-advice").append(make("li", {class: "error"}, "The PDFs were not made. " + data.error));
    return;
  }
  for (const file of data.files) {
    const link = make("a", {href: "/pdf/" + encodeURIComponent(file.name), target: "_blank", rel: "noopener",
                            "data-file": file.name}, file.title);
    const item = make("li");
    item.append(link);
    list.append(item);
  }
  // how to print them, said plainly: fold the sheets, the order of the pages, the press's colour, the turn
  for (const line of data.advice) $("build-advice").append(make("li", {class: "advice"}, line));
  // the build's summary: what each PDF holds, with the same advice
  const summary = $("build-summary");
  summary.hidden = !data.summary;
  summary.open = false;
  summary.querySelector("pre").textContent = data.summary || "";
  warned = new Set(data.warnings.filter((w) => w.card).map((w) => w.card));
  for (const warning of data.warnings) showBuildWarning(warning, "build-warnings");
  renderList();
  status(data.said, "done");
}

// A warning below the PDFs or pictures; one about a card opens that card when clicked.
function showBuildWarning(warning, where) {
  const item = make("li", {class: "warning"});
  if (warning.card && keys().includes(warning.card)) {
    const open = make("button", {type: "button", class: "link", "data-card": warning.card}, warning.message);
    open.addEventListener("click", () => select(warning.card));
    item.append(open);
  } else {
    item.textContent = warning.message;
  }
  $(where).append(item);
}

async function exportPictures() {
  if (!(await save())) return;
  $("export").disabled = true;
  status("Making the pictures…", "");
  const {ok, data} = await call("/api/export", {to: $("export-to").value});
  $("export").disabled = false;
  $("export-files").replaceChildren();
  $("export-warnings").replaceChildren();
  $("exported").hidden = false;
  $("export-folder").textContent = "";
  if (!ok) {
    status(data.error, "error");
    $("export-warnings").append(make("li", {class: "error"}, data.error));
    return;
  }
  $("export-folder").textContent = "In the folder " + data.folder + " on this computer:";
  for (const file of data.files) {
    const item = make("li");
    item.append(make("a", {href: file.href, target: "_blank", rel: "noopener"}, file.title));
    $("export-files").append(item);
  }
  for (const warning of data.warnings) showBuildWarning(warning, "export-warnings");
  status(data.said, "done");
}
