// One dispute: its facts, the conversation between its players and staff, and staff's actions.
import { api, errorText } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { disputeCategory } from "./describe.js";
import { formatDate, statusText, fact } from "./tiles.js";
import { showFairPlay } from "./fair_play.js";

const root = document.getElementById("dispute-page");
const id = root.dataset.disputeId;
const staff = root.dataset.staff === "1";
const $ = (x) => document.getElementById(x);

function showError(text) {
  $("form-error").textContent = text || "";
  $("form-error").hidden = !text;
}

const STATUS = () => ({ open: gettext("open"), under_review: gettext("under review"), resolved: gettext("resolved"), rejected: gettext("rejected") });

function render(d) {
  root.dataset.status = d.status;
  $("dispute-status").textContent = STATUS()[d.status] || d.status;
  const dl = $("dispute-facts");
  dl.replaceChildren();
  fact(dl, gettext("Game"), `${d.game_name} (${statusText(d.game_status)})`, "dispute-game-status");
  fact(dl, gettext("What happened"), disputeCategory(d.category));
  fact(dl, gettext("About event"), d.seq);
  fact(dl, gettext("Opened by"), `${d.opened_by}, ${formatDate(d.created_at)}`);
  fact(dl, gettext("In the conversation"), d.involved.join(", "));
  fact(dl, gettext("Reviewed by"), d.claimed_by);
  fact(dl, gettext("Reason"), d.reason);
  if (d.resolution) fact(dl, gettext("Outcome"), d.resolution, "dispute-outcome");
  const links = $("dispute-links");
  links.replaceChildren();
  const game = document.createElement("a");
  game.href = `/games/${d.game}`;
  game.textContent = gettext("The table");
  const replay = document.createElement("a");
  replay.href = `/games/${d.game}/replay`;
  replay.textContent = gettext("The replay");
  links.append(game, " · ", replay);
  $("thread").replaceChildren(...d.messages.map((m) => {
    const li = document.createElement("li");
    li.setAttribute("data-testid", "dispute-message");
    li.dataset.kind = m.kind;
    li.className = `msg ${m.from_staff ? "from-staff" : ""} ${m.kind}`;
    const head = document.createElement("div");
    head.className = "msg-head";
    head.textContent = `${m.from_staff ? fmt(gettext("%(name)s (staff)"), { name: m.author }) : m.author} · ${formatDate(m.created_at)}`;
    const body = document.createElement("p");
    body.textContent = m.body;
    li.append(head, body);
    return li;
  }));
  const closed = d.status === "resolved" || d.status === "rejected";
  $("message-form").hidden = closed;
  if (staff) {
    $("staff-actions").hidden = false;
    $("claim").disabled = d.status !== "open";
    $("resolve").disabled = d.status !== "under_review";
    $("reject").disabled = d.status !== "under_review";
    $("audit-link").href = `/audit/games/${d.game}?dispute=${d.id}${d.seq ? "&seq=" + d.seq : ""}`;
    if (!fairPlayShown) {
      fairPlayShown = true;
      loadFairPlay(d.game);
    }
  }
}

// Staff: the fair-play signals of the game's players (its seats from the game's public
// detail: the audit summary would write an "audit viewed" row to the staff trail).
let fairPlayShown = false;
async function loadFairPlay(game) {
  const box = $("fair-play");
  if (!box) return;
  try {
    const detail = await api(`games/${game}`);
    await showFairPlay(box, detail.seats.filter((s) => !s.is_bot).map((s) => s.username));
  } catch (err) {
    box.hidden = false;
    box.querySelector(".fair-play-list").textContent = errorText(err);
  }
}

async function load() {
  try {
    render(await api(`disputes/${id}`));
  } catch (err) {
    showError(err.status === 404 ? gettext("There is no such dispute, or it is not yours.") : errorText(err));
  }
}

async function post(path, body) {
  showError("");
  try {
    render(await api(`disputes/${id}/${path}`, { method: "POST", body }));
    return true;
  } catch (err) {
    showError(errorText(err));
    return false;
  }
}

$("message-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (await post("messages", { body: $("message").value })) $("message").value = "";
});
$("claim").addEventListener("click", () => post("claim"));
$("resolve").addEventListener("click", () => post("resolve", { resolution: $("resolution").value }));
$("reject").addEventListener("click", () => post("reject", { resolution: $("resolution").value }));

load();
