// The installable app on every page (site.js): the service worker (/sw.js, frontend.pwa), what
// the offline page shows (who was signed in here, in which language, and the games of their
// last "My games": Cache Storage, where the service worker reads it too), and this device's
// Web Push subscription (push_settings.js makes it; notifications.push sends to it).
import { api } from "./api.js";

const DATA = "mt-offline-data";
const ME = "/offline-data/me";
const GAMES = "/offline-data/games";
const PUSH = "mt-push"; // localStorage: {username, endpoint, id} of this device's subscription

const hasCaches = () => typeof caches !== "undefined";
const json = (value) => new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } });

async function read(key) {
  if (!hasCaches()) return null;
  const found = await (await caches.open(DATA)).match(key);
  return found ? found.json() : null;
}

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return; // not a secure context, or an old browser
  navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => {});
}

// Each page says who is signed in and in which language; the games saved for someone else
// (another account, or nobody: signed out) are forgotten.
export async function rememberViewer(username, language) {
  if (!hasCaches()) return;
  try {
    const cache = await caches.open(DATA);
    const saved = await read(GAMES);
    if (saved && saved.username !== username) await cache.delete(GAMES);
    await cache.put(ME, json({ username, language }));
  } catch (e) {
    // storage refused (private mode, quota): the offline page then lists nothing
  }
}

// "My games" saves what it shows, as little of each game as the offline page needs.
export async function saveGames(username, games) {
  if (!hasCaches() || !username) return;
  const slim = games.map((g) => ({
    id: g.id, name: g.name, created_by: g.created_by, status: g.status, to_move: g.to_move,
    deadline: g.deadline, seats: g.seats.map((s) => ({ index: s.index, username: s.username })),
  }));
  try {
    await (await caches.open(DATA)).put(GAMES, json({ username, saved_at: new Date().toISOString(), games: slim }));
  } catch (e) {
    // storage refused: nothing saved
  }
}

// The games saved for whoever was signed in on this device last, or null.
export async function offlineGames() {
  try {
    const [me, saved] = [await read(ME), await read(GAMES)];
    return me && saved && me.username && saved.username === me.username ? saved : null;
  } catch (e) {
    return null;
  }
}

// -- Web Push ------------------------------------------------------------------------------------

export async function pushRegistration() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration && registration.pushManager ? registration : null;
}

export function rememberPush(record) {
  try {
    if (record) localStorage.setItem(PUSH, JSON.stringify(record));
    else localStorage.removeItem(PUSH);
  } catch (e) {
    // no storage: the next visit of /settings sends the subscription again
  }
}

export function rememberedPush() {
  try { return JSON.parse(localStorage.getItem(PUSH) || "null"); } catch (e) { return null; }
}

// The browser may renew a subscription (a new endpoint): tell the platform, for the player who
// subscribed this device, with the kinds they chose. Another account signed in here is not
// subscribed by this: it opts in on /settings.
export async function syncPushSubscription(username) {
  const saved = rememberedPush();
  if (!saved || saved.username !== username) return;
  const registration = await pushRegistration();
  const subscription = registration && (await registration.pushManager.getSubscription());
  if (!subscription || subscription.endpoint === saved.endpoint) return;
  try {
    const row = await api("push/subscriptions", { method: "POST", body: { ...subscription.toJSON(), kinds: saved.kinds } });
    rememberPush({ username, endpoint: row.endpoint, id: row.id, kinds: row.kinds });
  } catch (e) {
    // the next page tries again
  }
}

// Signing out on this device: it stops getting this account's pushes (the platform forgets the
// subscription, and the browser drops it) and forgets the saved games.
export async function forgetDevice() {
  const saved = rememberedPush();
  if (saved && saved.id) {
    try { await api(`push/subscriptions/${saved.id}`, { method: "DELETE" }); } catch (e) { /* gone already */ }
  }
  rememberPush(null);
  try {
    const registration = await pushRegistration();
    const subscription = registration && (await registration.pushManager.getSubscription());
    if (subscription) await subscription.unsubscribe();
  } catch (e) {
    // nothing to unsubscribe
  }
  if (hasCaches()) {
    try { await (await caches.open(DATA)).delete(GAMES); } catch (e) { /* nothing saved */ }
  }
}
