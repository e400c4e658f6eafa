// The board as a screen reader hears it (issue 15): a list of trains, each item named once
// ("Ana's train, 14 tiles, open end 7, marker out"); a train's tiles are a group the keyboard
// reaches (a long train scrolls), read in order from the engine out ("6–3", "3–1").
import { gettext, fmt, ngettext } from "./i18n.js";
import { trainName } from "./describe.js";

// A train's accessible name: whose, how long, its open end, and what is special about it.
export function trainSaid(t, names, openDouble = false) {
  const parts = [
    fmt(ngettext("%(train)s, %(n)s tile", "%(train)s, %(n)s tiles", t.tiles.length), { train: trainName(t.train, names), n: t.tiles.length }),
  ];
  if (t.end !== undefined && t.end !== null) parts.push(fmt(gettext("open end %(end)s"), { end: t.end }));
  if (t.marker) parts.push(String(t.train) === "mexican" ? gettext("always open") : gettext("marker out"));
  if (openDouble) parts.push(gettext("double to satisfy"));
  return parts.join(", ");
}

// Make ``div`` (the train) an item of the trains list named ``said``; its visible head is not
// read a second time; ``row`` (the tiles) is a focusable group.
export function markTrain(div, head, row, said) {
  div.setAttribute("role", "listitem");
  div.setAttribute("aria-label", said);
  if (head) head.setAttribute("aria-hidden", "true");
  row.tabIndex = 0;
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", gettext("tiles from the engine out"));
}

// The trains' container: a labelled list.
export function markTrains(container) {
  container.setAttribute("role", "list");
  container.setAttribute("aria-label", gettext("Trains"));
}
