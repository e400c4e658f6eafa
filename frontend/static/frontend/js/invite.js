// A private table's invite link (games.invites): shown with a Copy button to its seated players
// while it is open (the API gives them its invite_code, nobody else); the link's ?invite= is
// what the Join button sends.
import { gettext } from "./i18n.js";

export function inviteFromUrl() {
  return new URLSearchParams(window.location.search).get("invite") || undefined;
}

export function inviteLink(game) {
  return `${window.location.origin}/games/${game.id}?invite=${encodeURIComponent(game.invite_code)}`;
}

export function renderInvite(game, open) {
  const box = document.getElementById("invite-box");
  if (!box) return;
  const show = open && !!game.invite_code;
  box.hidden = !show;
  if (!show) return;
  const input = document.getElementById("invite-link");
  const link = inviteLink(game);
  if (input.value !== link) input.value = link;
}

const copy = document.getElementById("invite-copy");
if (copy) {
  copy.addEventListener("click", async () => {
    const input = document.getElementById("invite-link");
    const said = document.getElementById("invite-copied");
    try {
      await navigator.clipboard.writeText(input.value);
      said.textContent = gettext("Link copied.");
    } catch (e) {
      input.select(); // no clipboard permission: selected, for the keyboard's copy
      said.textContent = gettext("Select the link and copy it.");
    }
  });
}
