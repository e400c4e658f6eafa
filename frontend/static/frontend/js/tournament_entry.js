// The tournament page's entry conditions: what the tournament asks of its players, and whether
// the viewer can enter ("You can enter") or exactly why not (every reason the API gives, in the
// viewer's language). Read from the REST detail (its "entry" and "entry_conditions"), again
// after the viewer registers or withdraws and when the tournament's status changes (an arena
// takes players while it runs; the others stop at the start).
import { api } from "./api.js";
import { gettext, ngettext, fmt } from "./i18n.js";

const root = document.getElementById("tournament");
const id = root && root.dataset.tournamentId;
const box = document.getElementById("entry-conditions");
const OPEN = ["scheduled", "registration"];

function range(lo, hi, kind) {
  if (lo !== null && hi !== null) return fmt(kind === "live" ? gettext("a live rating from %(lo)s to %(hi)s") : gettext("a correspondence rating from %(lo)s to %(hi)s"), { lo, hi });
  if (lo !== null) return fmt(kind === "live" ? gettext("a live rating of at least %(lo)s") : gettext("a correspondence rating of at least %(lo)s"), { lo });
  if (hi !== null) return fmt(kind === "live" ? gettext("a live rating of at most %(hi)s") : gettext("a correspondence rating of at most %(hi)s"), { hi });
  return null;
}

function rulesText(c, kind) {
  const parts = [];
  const n = c.min_rated_games;
  if (n && kind === "correspondence") parts.push(fmt(ngettext("%(n)s rated correspondence game", "%(n)s rated correspondence games", n), { n }));
  else if (n) parts.push(fmt(ngettext("%(n)s rated live game", "%(n)s rated live games", n), { n }));
  for (const kind of ["live", "correspondence"]) {
    const r = range(c[`${kind}_rating_min`], c[`${kind}_rating_max`], kind);
    if (r) parts.push(r);
  }
  if (c.min_account_days) parts.push(fmt(ngettext("an account at least %(n)s day old", "an account at least %(n)s days old", c.min_account_days), { n: c.min_account_days }));
  if (c.verified_email) parts.push(gettext("a verified email address"));
  return parts.length ? fmt(gettext("To enter: %(conditions)s."), { conditions: parts.join("; ") }) : "";
}

function render(d) {
  const rules = rulesText(d.entry_conditions || {}, (d.time_control || {}).kind);
  document.getElementById("entry-rules").textContent = rules;
  document.getElementById("entry-rules").hidden = !rules;
  const verdict = document.getElementById("entry-verdict");
  const reasons = document.getElementById("entry-reasons");
  reasons.replaceChildren();
  const entered = d.me && ["registered", "checked_in"].includes(d.me.status);
  // A play ban has its own notice on the page (tournament.js): not said a second time here.
  const said = (d.entry ? d.entry.reasons : []).filter((r) => !(r.code === "play_ban" && d.my_play_ban));
  const open = OPEN.includes(d.status) || (d.format === "arena" && d.status === "running");
  const ask = d.entry && open && !entered && (d.entry.can_enter || said.length > 0);
  verdict.hidden = !ask;
  reasons.hidden = true;
  if (ask) {
    verdict.className = d.entry.can_enter ? "entry-yes" : "entry-no";
    verdict.textContent = d.entry.can_enter ? gettext("You can enter.") : gettext("You cannot enter this tournament:");
    for (const r of said) {
      const li = document.createElement("li");
      li.textContent = r.detail;
      li.dataset.code = r.code;
      li.setAttribute("data-testid", "entry-reason");
      reasons.append(li);
    }
    reasons.hidden = said.length === 0;
  }
  box.hidden = !rules && !ask;
}

// The latest question's answer wins: an earlier one arriving late (the status changed just
// before the viewer registered) would show a verdict already out of date.
let asked = 0;
async function load() {
  const n = ++asked;
  try {
    const d = await api(`tournaments/${id}`);
    if (n === asked) render(d);
  } catch (e) { /* the page's own poll shows errors */ }
}

if (id && box) {
  load();
  for (const name of ["register", "withdraw"]) {
    const button = document.getElementById(name);
    if (button) button.addEventListener("click", () => setTimeout(load, 800));
  }
  // tournament.js keeps the page's status in data-status (set again at every detail: only a
  // change asks again).
  new MutationObserver((records) => {
    if (records.some((r) => r.oldValue !== null && r.oldValue !== root.dataset.status)) load();
  }).observe(root, { attributes: true, attributeFilter: ["data-status"], attributeOldValue: true });
}
