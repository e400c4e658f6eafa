// Record version 2 on the table page: the player's contribution to the seed, generated with
// Web Crypto, and the fairness panel (commitment, contributions, server seed, how to verify).
import { gettext, fmt, ngettext } from "./i18n.js";
import { formatDate } from "./tiles.js";

export const MAX_CONTRIBUTION_BYTES = 256;

// 16 random bytes in hex: the server seed is already secret, this only has to be
// unpredictable to the platform before the start.
export function randomContribution() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function contributionProblem(value) {
  if (new TextEncoder().encode(value).length > MAX_CONTRIBUTION_BYTES) {
    return fmt(ngettext("At most %(n)s byte (UTF-8).", "At most %(n)s bytes (UTF-8).", MAX_CONTRIBUTION_BYTES), { n: MAX_CONTRIBUTION_BYTES });
  }
  return "";
}

function el(tag, text, attrs = {}) {
  const x = document.createElement(tag);
  if (text !== undefined && text !== null) x.textContent = text;
  for (const [k, v] of Object.entries(attrs)) x.setAttribute(k, v);
  return x;
}

// The contributions list: every seat's value once fixed; before, whether each seat has one.
export function contributionItems(fairness, names, mySeat) {
  return fairness.contributions.map((c, i) => {
    const seatName = c.seat !== null && c.seat !== undefined ? (names[c.seat] || fmt(gettext("seat %(n)s"), { n: c.seat + 1 })) : fmt(gettext("contribution %(n)s"), { n: i + 1 });
    const li = el("li", null, { "data-testid": "contribution" });
    if (c.seat !== null && c.seat !== undefined) li.dataset.seat = String(c.seat);
    if (c.seat === mySeat) li.classList.add("me");
    li.append(el("span", seatName + ": ", { class: "who" }));
    if (c.value === null) {
      li.append(el("span", c.contributed ? gettext("contributed (shown at the start)") : gettext("nothing yet"), { class: "hint" }));
    } else if (c.value === "") {
      li.append(el("span", gettext("empty"), { class: "hint" }));
    } else {
      li.append(el("code", c.value, { class: "hex", "data-testid": "contribution-value" }));
    }
    return li;
  });
}

export function committedText(fairness) {
  return fairness.committed_at ? fmt(gettext("published %(time)s"), { time: formatDate(fairness.committed_at) }) : "";
}
