// /settings, "Notifications on this device": Web Push for this browser (notifications.push).
// The checkboxes choose the push kinds; "Turn on" asks the browser's permission, subscribes
// with the platform's VAPID public key (data-public-key) and sends the subscription to
// POST /api/v1/push/subscriptions; "Save" changes its kinds, "Turn off" removes it here and
// there. The list below shows every device that gets this account's pushes, each removable.
import { api, currentUser, errorText } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { formatDate } from "./tiles.js";
import { pushRegistration, rememberPush, rememberedPush } from "./pwa.js";

const section = document.getElementById("push-section");
const form = document.getElementById("push-form");
const state = document.getElementById("push-state");
const error = document.getElementById("push-error");
const on = document.getElementById("push-on");
const save = document.getElementById("push-save");
const off = document.getElementById("push-off");
const devices = document.getElementById("push-devices");
const me = currentUser();
let here = null; // this device's row on the platform, when it is subscribed

const kinds = () => [...form.querySelectorAll('input[name="kinds"]')].filter((b) => b.checked).map((b) => b.value);

function fail(err) {
  error.textContent = errorText(err);
  error.hidden = false;
}

// The VAPID key as pushManager.subscribe takes it: the bytes of its base64url.
function keyBytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function sameKey(subscription, key) {
  const given = subscription.options && subscription.options.applicationServerKey;
  if (!given) return true;
  const a = new Uint8Array(given);
  return a.length === key.length && a.every((v, i) => v === key[i]);
}

function show() {
  const subscribed = here !== null;
  on.hidden = subscribed;
  save.hidden = off.hidden = !subscribed;
  state.textContent = subscribed ? gettext("On for this device.") : gettext("Off for this device.");
  if (subscribed) {
    for (const box of form.querySelectorAll('input[name="kinds"]')) box.checked = here.kinds.includes(box.value);
  }
}

async function listDevices(endpoint) {
  const body = await api("push/subscriptions?page_size=50");
  here = body.results.find((row) => row.endpoint === endpoint) || null;
  devices.replaceChildren(...body.results.map((row) => {
    const li = document.createElement("li");
    li.setAttribute("data-testid", "push-device");
    const name = document.createElement("span");
    name.textContent = row.label || gettext("A device");
    if (here && row.id === here.id) name.textContent += " " + gettext("(this device)");
    const last = document.createElement("span");
    last.className = "hint";
    last.textContent = " · " + (row.last_push_at ? fmt(gettext("last notification %(time)s"), { time: formatDate(row.last_push_at) }) : gettext("no notification yet"));
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = gettext("Remove");
    remove.addEventListener("click", async () => {
      try {
        await api(`push/subscriptions/${row.id}`, { method: "DELETE" });
        if (here && row.id === here.id) await turnOff(false);
        await refresh();
      } catch (e) { fail(e); }
    });
    li.append(name, last, " ", remove);
    return li;
  }));
  document.getElementById("push-devices-empty").hidden = body.results.length > 0;
}

async function current() {
  const registration = await pushRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

async function refresh() {
  const subscription = await current();
  await listDevices(subscription ? subscription.endpoint : null);
  if (here) rememberPush({ username: me, endpoint: here.endpoint, id: here.id, kinds: here.kinds });
  show();
}

async function turnOn() {
  const key = keyBytes(section.dataset.publicKey);
  if ((await Notification.requestPermission()) !== "granted") {
    document.getElementById("push-denied").hidden = false;
    return;
  }
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe(); // made with an earlier key of the platform
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch (e) { // no push service for this browser (some builds have none), or refused
      throw new Error(fmt(gettext("This browser could not turn notifications on: %(reason)s"), { reason: e.message }));
    }
  }
  here = await api("push/subscriptions", { method: "POST", body: { ...subscription.toJSON(), kinds: kinds() } });
  rememberPush({ username: me, endpoint: here.endpoint, id: here.id, kinds: here.kinds });
}

async function turnOff(onServer = true) {
  if (onServer && here) await api(`push/subscriptions/${here.id}`, { method: "DELETE" });
  const subscription = await current();
  if (subscription) await subscription.unsubscribe();
  rememberPush(null);
  here = null;
}

async function act(work, done = "") {
  error.hidden = true;
  for (const b of [on, save, off]) b.disabled = true;
  try {
    await work();
    await refresh();
    if (done) state.textContent = done;
  } catch (e) {
    fail(e);
  } finally {
    for (const b of [on, save, off]) b.disabled = false;
  }
}

if (section && section.dataset.enabled === "1") {
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) {
    document.getElementById("push-unsupported").hidden = false;
    on.disabled = true;
  } else if (Notification.permission === "denied") {
    document.getElementById("push-denied").hidden = false;
  }
  form.addEventListener("submit", (ev) => { ev.preventDefault(); act(turnOn); });
  save.addEventListener("click", () => act(async () => {
    here = await api(`push/subscriptions/${here.id}`, { method: "PATCH", body: { kinds: kinds() } });
  }, gettext("Saved.")));
  off.addEventListener("click", () => act(() => turnOff()));
  const saved = rememberedPush();
  if (saved && saved.username !== me) rememberPush(null); // another account's subscription
  refresh().catch(fail);
}
