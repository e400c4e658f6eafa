// The player's challenges (GET /api/v1/challenges): received ones to accept or decline, sent
// ones to cancel; an accepted one links to its table (accepting opens it). Refreshed every 5 s.
import { api, errorText } from "./api.js";
import { gettext, ngettext, fmt } from "./i18n.js";
import { timeControlText } from "./tiles.js";
import { playerLink } from "./tournament_common.js";

function statusWord(status) {
  return {
    pending: gettext("waiting for an answer"), accepted: gettext("accepted"),
    declined: gettext("declined"), cancelled: gettext("cancelled"), expired: gettext("expired"),
  }[status] || status;
}

function button(text, testid, onClick, primary = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("data-testid", testid);
  if (primary) b.className = "primary";
  b.addEventListener("click", onClick);
  return b;
}

async function act(c, action) {
  const error = document.getElementById("challenges-error");
  error.hidden = true;
  try {
    const done = await api(`challenges/${c.id}/${action}`, { method: "POST" });
    if (action === "accept" && done.game) { window.location.href = `/games/${done.game}`; return; }
  } catch (err) {
    error.textContent = errorText(err);
    error.hidden = false;
  }
  load();
}

function row(c, incoming) {
  const li = document.createElement("li");
  li.className = "table-row";
  li.setAttribute("data-testid", "challenge");
  li.dataset.status = c.status;
  const info = document.createElement("div");
  info.className = "table-info";
  const who = incoming ? c.challenger : c.challenged;
  const line = document.createElement("div");
  line.append(incoming ? gettext("From") + " " : gettext("To") + " ", playerLink(who, false));
  info.append(line);
  const facts = [
    fmt(ngettext("%(n)s seat", "%(n)s seats", c.players), { n: c.players }),
    timeControlText(c.time_control),
    c.rated ? gettext("rated") : gettext("unrated"),
  ];
  const rounds = c.variants && c.variants.rounds;
  if (rounds) facts.push(fmt(ngettext("%(n)s round", "%(n)s rounds", rounds), { n: rounds }));
  const names = document.createElement("span");
  names.className = "names";
  names.textContent = facts.join(" · ");
  const badge = document.createElement("span");
  badge.className = "badge";
  badge.textContent = statusWord(c.status);
  badge.setAttribute("data-testid", "challenge-status");
  info.append(names, badge);
  li.append(info);
  const actions = document.createElement("div");
  if (c.status === "pending" && incoming) {
    actions.append(button(gettext("Accept"), "challenge-accept", () => act(c, "accept"), true), " ",
      button(gettext("Decline"), "challenge-decline", () => act(c, "decline")));
  } else if (c.status === "pending") {
    actions.append(button(gettext("Cancel"), "challenge-cancel", () => act(c, "cancel")));
  } else if (c.game) {
    const a = document.createElement("a");
    a.href = `/games/${c.game}`;
    a.className = "button";
    a.textContent = gettext("Go to the table");
    a.setAttribute("data-testid", "challenge-game");
    actions.append(a);
  }
  li.append(actions);
  return li;
}

async function load() {
  try {
    const d = await api("challenges");
    for (const [key, incoming] of [["incoming", true], ["outgoing", false]]) {
      document.getElementById(key).replaceChildren(...d[key].map((c) => row(c, incoming)));
      document.getElementById(`${key}-empty`).hidden = d[key].length > 0;
    }
  } catch (err) {
    const error = document.getElementById("challenges-error");
    error.textContent = errorText(err);
    error.hidden = false;
  }
}

load();
setInterval(load, 5000);
