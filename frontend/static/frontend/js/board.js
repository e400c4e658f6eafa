// The board as the table, the audit and the replay draw it: the station with the engine, and
// each train with its owner, its marker, a double to satisfy, its tiles and its open end. The
// table adds its targets and drag and drop to what trainElement returns (table.js).
import { gettext, fmt } from "./i18n.js";
import { tileElement, tileLabel } from "./tiles.js";
import { trainName } from "./describe.js";
import { trainSaid, markTrain, markTrains } from "./board_a11y.js";

// Train ``t`` ({train, tiles, end, marker}) of a position whose open doubles are
// ``openDoubles``: {div, said}, the train's item of the trains list and its spoken name.
export function trainElement(t, { names, openDoubles = [], mine = false }) {
  const key = String(t.train);
  const div = document.createElement("div");
  div.className = "train";
  div.setAttribute("data-testid", "train");
  div.dataset.train = key;
  if (mine) div.classList.add("mine");
  const head = document.createElement("div");
  head.className = "train-head";
  const owner = document.createElement("span");
  owner.className = "train-owner";
  owner.textContent = trainName(t.train, names);
  head.append(owner);
  if (t.marker) {
    const m = document.createElement("span");
    m.className = "marker";
    m.setAttribute("data-testid", "marker");
    m.title = gettext("Open: anyone may play here");
    m.textContent = key === "mexican" ? gettext("always open") : gettext("marker");
    head.append(m);
  }
  const openDouble = openDoubles.map(String).includes(key);
  if (openDouble) {
    div.classList.add("open-double");
    const w = document.createElement("span");
    w.className = "warning";
    w.setAttribute("data-testid", "open-double-warning");
    w.textContent = gettext("Double to satisfy");
    head.append(w);
  }
  const row = document.createElement("div");
  row.className = "train-tiles";
  for (const [inner, outer] of t.tiles) {
    row.append(tileElement(inner, outer, { vertical: inner === outer }));
  }
  if (t.end !== undefined && t.end !== null) {
    const end = document.createElement("span");
    end.className = "train-end";
    end.textContent = String(t.end);
    end.title = fmt(gettext("open end: %(n)s"), { n: t.end });
    end.setAttribute("aria-hidden", "true"); // in the train's name
    row.append(end);
  }
  // An item of the trains list, named once; its tiles a group the keyboard reaches (board_a11y).
  const said = trainSaid(t, names, openDouble);
  markTrain(div, head, row, said);
  div.append(head, row);
  return { div, said };
}

// Fill ``container`` with ``trains``' items (elements made by trainElement or a caller's own);
// each long train scrolls to its open end.
export function showTrains(container, elements) {
  markTrains(container);
  container.replaceChildren(...elements);
  for (const row of container.querySelectorAll(".train-tiles")) row.scrollLeft = row.scrollWidth;
}

// Fill the station: the round's engine, said to wait until it is placed, then shown.
// ``waiting``: draw the engine double before it is placed too, marked as waiting (the replay's
// start of a round); the table leaves the station empty until then.
export function showStation(station, engine, placed, { waiting = false } = {}) {
  station.replaceChildren();
  if (engine === null || engine === undefined) return;
  const label = document.createElement("span");
  label.className = "station-label";
  label.textContent = placed ? gettext("Station: engine") : fmt(gettext("Engine %(tile)s: waiting to be placed"), { tile: tileLabel(engine, engine) });
  station.append(label);
  if (placed) station.append(tileElement(engine, engine, { vertical: true, testid: "engine", extraClass: "engine" }));
  else if (waiting) station.append(tileElement(engine, engine, { vertical: true, testid: "engine", extraClass: "engine engine-waiting" }));
}
