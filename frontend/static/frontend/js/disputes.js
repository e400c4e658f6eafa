// Disputes: a player's own (staff: the queue, longest waiting first), and the form to open one.
import { api, errorText } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { disputeCategory } from "./describe.js";
import { formatDate } from "./tiles.js";
import { pagedList } from "./pager.js";

const root = document.getElementById("disputes-page");
const staff = root.dataset.staff === "1";
const $ = (id) => document.getElementById(id);

function showError(text) {
  $("form-error").textContent = text || "";
  $("form-error").hidden = !text;
}

export function statusLabel(status) {
  return { open: gettext("open"), under_review: gettext("under review"), resolved: gettext("resolved"), rejected: gettext("rejected") }[status] || status;
}

// A page at a time (the queue can be long), "Show more" under it (pager.js).
const listPages = pagedList($("dispute-list"), () => {
  const status = $("status-filter").value;
  return `disputes${status ? "?status=" + encodeURIComponent(status) : ""}`;
}, drawList, { testid: "show-more-disputes" });

async function loadList() {
  try {
    await listPages.load();
  } catch (err) {
    showError(errorText(err));
  }
}

function drawList(rows) {
  $("dispute-empty").hidden = rows.length > 0;
  $("dispute-list").replaceChildren(...rows.map((d) => {
    const li = document.createElement("li");
    li.className = "table-row";
    li.setAttribute("data-testid", "dispute-row");
    li.dataset.disputeId = String(d.id);
    li.dataset.status = d.status;
    const a = document.createElement("a");
    a.href = `/disputes/${d.id}`;
    a.className = "table-name";
    a.textContent = fmt(gettext("#%(id)s · %(game)s"), { id: d.id, game: d.game_name });
    const st = document.createElement("span");
    st.className = "badge";
    st.textContent = statusLabel(d.status);
    const info = document.createElement("span");
    info.textContent = `${disputeCategory(d.category)} · ${d.opened_by} · ${formatDate(d.created_at)}`;
    const row = document.createElement("div");
    row.className = "table-info";
    row.append(a, st, info);
    if (staff && d.awaiting_staff_since) {
      const w = document.createElement("span");
      w.className = "badge warning";
      w.textContent = fmt(gettext("waiting since %(t)s"), { t: formatDate(d.awaiting_staff_since) });
      row.append(w);
    }
    if (staff) {
      const audit = document.createElement("a");
      audit.href = `/audit/games/${d.game}?dispute=${d.id}${d.seq ? "&seq=" + d.seq : ""}`;
      audit.textContent = gettext("Audit");
      row.append(audit);
    }
    li.append(row);
    return li;
  }));
}

async function loadSeats() {
  const gid = $("open-game").value.trim();
  const box = $("open-against");
  [...box.querySelectorAll("label")].forEach((l) => l.remove());
  if (!gid) return;
  try {
    const game = await api(`games/${gid}`);
    const me = document.body.dataset.username;
    for (const s of game.seats) {
      if (s.username === me || (s.is_bot && !s.owned_bot)) continue;
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = String(s.index);
      input.name = "against";
      label.append(input, " ", s.username);
      box.append(label);
    }
  } catch (err) {
    showError(errorText(err));
  }
}

$("open-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  showError("");
  const body = {
    game: $("open-game").value.trim(),
    category: $("open-category").value,
    reason: $("open-reason").value,
    against: [...document.querySelectorAll('input[name="against"]:checked')].map((i) => Number(i.value)),
  };
  const seq = $("open-seq").value;
  if (seq) body.seq = Number(seq);
  try {
    const d = await api("disputes", { method: "POST", body });
    window.location.href = `/disputes/${d.id}`;
  } catch (err) {
    showError(errorText(err));
  }
});

$("status-filter").addEventListener("change", () => { listPages.reset(); loadList(); });
$("open-game").addEventListener("change", loadSeats);
if (staff) $("status-filter").value = "open";
loadList();
if ($("open-game").value) loadSeats();
