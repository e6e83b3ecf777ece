// The printgen card editor: the panel shown when a save finds a value changed both on this page and
// in another window (or program) since the page loaded. Each conflict shows both values with the
// difference marked, and two choices; when every one is decided, the page saves again. Loaded
// before editor.js, whose page state (deck, pending, deleted, conflicts ...) these functions use.
"use strict";

function showConflicts(data) {
  conflicts = data.conflicts || [];
  const panel = $("conflicts");
  panel.replaceChildren();
  panel.hidden = conflicts.length === 0;
  if (!conflicts.length) return;
  panel.append(make("h2", {}, "Changed here and in another window"));
  panel.append(make("p", {}, "For each one, choose which to keep; the page then saves."));
  for (const conflict of conflicts) {
    const item = make("div", {class: "conflict", "data-card": conflict.card, "data-field": conflict.field || ""});
    const choices = make("div", {class: "choices"});
    if (conflict.theirs === null) {
      item.append(make("p", {}, conflict.name + " was deleted in another window, after this page loaded it."));
      choices.append(choice("Forget my changes to it", () => forgetCard(conflict)));
    } else if (conflict.mine === null) {
      item.append(make("p", {}, conflict.name + " was changed in another window, after this page loaded it."));
      choices.append(choice("Delete it anyway", () => takeBase(conflict)),
                     choice("Keep the card", () => { deleted.delete(conflict.card); }));
    } else {
      item.append(make("p", {}, "The " + conflict.label.toLowerCase() + " of " + conflict.name +
                       " was changed in another window after this page loaded it."));
      item.append(shown("Here:", conflict.shown.mine), shown("There:", conflict.shown.theirs));
      choices.append(choice("Keep mine", () => takeBase(conflict)),
                     choice("Keep the other", () => { takeBase(conflict); record(conflict.card, conflict.field, conflict.theirs); }));
    }
    item.append(choices);
    panel.append(item);
  }

  function choice(words, act) {
    const button = make("button", {type: "button"}, words);
    button.addEventListener("click", async () => {
      act();
      conflicts = conflicts.filter((c) => !(c.card === button.closest(".conflict").dataset.card &&
                                            (c.field || "") === button.closest(".conflict").dataset.field));
      button.closest(".conflict").remove();
      changedNow();
      if (current) renderForm();
      if (!conflicts.length) {
        panel.hidden = true;
        await save();
      }
    });
    return button;
  }
}

function shown(words, part) {
  const line = make("p", {class: "version"});
  line.append(make("span", {class: "who"}, words + " "), document.createTextNode("“" + part.before));
  line.append(make("mark", {}, part.marked), document.createTextNode(part.after + "”"));
  return line;
}

function takeBase(conflict) {
  // The other window's value becomes this page's starting point, so the next save knows it was seen.
  const card = cardOf(conflict.card);
  if (card && conflict.field) card.values[conflict.field] = conflict.theirs;
}

function forgetCard(conflict) {
  delete pending[conflict.card];
  deleted.delete(conflict.card);
  deck.cards = deck.cards.filter((c) => c.id !== conflict.card);
  if (current === conflict.card) current = keys()[0] || null;
}
