// The player's signed move receipts (trust.receipts): every move answer carries one. They are
// kept in this browser (localStorage, per game) and can be downloaded as JSON, a file that
// POST /api/v1/games/<id>/receipts (or a dispute) accepts as it is, to check later that the
// log still holds the moves the platform acknowledged.
import { api, errorText } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";

const PREFIX = "mexican-train:receipts:";
const MAX_KEPT = 5000; // the newest, far beyond any one game's moves

function storageKey(gameId) {
  return PREFIX + gameId;
}

// The receipts kept for a game, oldest first (none if storage is unavailable or spoilt).
export function receiptsFor(gameId) {
  try {
    const kept = JSON.parse(window.localStorage.getItem(storageKey(gameId)) || "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

// Keep a move answer's receipt (null/undefined: nothing was acknowledged, nothing kept).
export function keepReceipt(gameId, receipt) {
  if (!receipt || typeof receipt !== "object" || receipt.game !== gameId) return;
  const kept = receiptsFor(gameId);
  if (kept.some((r) => r.signature === receipt.signature)) return;
  kept.push(receipt);
  try {
    window.localStorage.setItem(storageKey(gameId), JSON.stringify(kept.slice(-MAX_KEPT)));
  } catch {
    // Storage full or disabled: the receipt is still shown in this page's count below.
  }
  render(gameId);
}

function download(gameId) {
  const doc = { game: gameId, receipts: receiptsFor(gameId) };
  const blob = new Blob([JSON.stringify(doc, null, 1) + "\n"], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `receipts-${gameId}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function check(gameId, out) {
  out.textContent = gettext("Checking…");
  try {
    const res = await api(`games/${gameId}/receipts`, { method: "POST", body: { receipts: receiptsFor(gameId) } });
    if (res.matches) {
      out.textContent = fmt(ngettext("The log matches its %(n)s receipt.", "The log matches all %(n)s receipts.", res.results.length), { n: res.results.length });
    } else {
      const bad = res.results.filter((r) => r.verdict !== "ok");
      out.textContent = fmt(ngettext("The log does NOT match %(n)s receipt: %(detail)s", "The log does NOT match %(n)s receipts: %(detail)s", bad.length), {
        n: bad.length,
        detail: bad.map((r) => `${r.seq ?? "?"}: ${r.detail}`).join("; "),
      });
    }
  } catch (err) {
    out.textContent = errorText(err);
  }
}

let panel = null;

function render(gameId) {
  if (!panel) return;
  const n = receiptsFor(gameId).length;
  panel.querySelector("[data-receipt-count]").textContent = fmt(ngettext("%(n)s receipt kept in this browser.", "%(n)s receipts kept in this browser.", n), { n });
  for (const b of panel.querySelectorAll("button")) b.disabled = n === 0;
}

// Add the receipts panel to the table page (under the side panels).
export function mountReceipts(gameId) {
  const host = document.querySelector(".side-panels");
  if (!host || panel) return;
  panel = document.createElement("section");
  panel.className = "panel receipts";
  panel.dataset.testid = "receipts";
  const h = document.createElement("h2");
  h.textContent = gettext("Your move receipts");
  const intro = document.createElement("p");
  intro.className = "hint";
  intro.textContent = gettext(
    "The platform signs a receipt for every move it accepts from you. Keep them: they prove what the log held, and a check (or a dispute) tells whether it still does."
  );
  const count = document.createElement("p");
  count.dataset.receiptCount = "";
  const save = document.createElement("button");
  save.type = "button";
  save.dataset.testid = "receipts-download";
  save.textContent = gettext("Download (JSON)");
  save.addEventListener("click", () => download(gameId));
  const verify = document.createElement("button");
  verify.type = "button";
  verify.dataset.testid = "receipts-check";
  verify.textContent = gettext("Check against the log");
  const out = document.createElement("p");
  out.dataset.testid = "receipts-result";
  out.setAttribute("aria-live", "polite");
  verify.addEventListener("click", () => check(gameId, out));
  panel.append(h, intro, count, save, " ", verify, out);
  host.append(panel);
  render(gameId);
}
