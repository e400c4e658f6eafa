// The service worker of the installable app (frontend.pwa serves it at /sw.js with, above
// these lines, VERSION, PRECACHE, OFFLINE, DEFAULT_LANGUAGE and ICON).
//
// - Install: precache the shell (the offline page in each language) and the static modules,
//   stylesheets and icons, in a cache named after VERSION; activate: drop older versions.
// - Pages: the network first (with navigation preload), never cached (they are the player's
//   own); without a network, the offline page in the language of the last page seen, which
//   lists the games "My games" last saved on this device (offline.js).
// - Static files: a hashed name is served from the cache (its name changes with its content);
//   an unhashed one (the embedded default's modules) from the network, the cache when offline.
// - The API, sockets and anything else: untouched.
// - Web Push (notifications.push): a push shows its notification; a click opens its page.

const SHELL = `mt-shell-${VERSION}`;
// What the pages save for the offline page (pwa.js): who was signed in, in which language, and
// the games of their last "My games".
const DATA = "mt-offline-data";
const ME = "/offline-data/me";
const PRECACHED = new Map(PRECACHE.map((entry) => [entry.url, entry.hashed]));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    const urls = [...Object.values(OFFLINE), ...PRECACHED.keys()];
    await cache.addAll(urls.map((url) => new Request(url, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("mt-shell-") && name !== SHELL) await caches.delete(name);
    }
    try {
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    } catch (e) {
      // no preload: pages are fetched by the worker itself
    }
    await self.clients.claim(); // the pages open now are served by this version from now on
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (PRECACHED.has(url.pathname)) {
    event.respondWith(PRECACHED.get(url.pathname) ? cacheFirst(request) : networkFirst(request));
  }
});

async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch (e) {
    return offlinePage();
  }
}

async function offlinePage() {
  let language = DEFAULT_LANGUAGE;
  try {
    const me = await (await caches.open(DATA)).match(ME);
    if (me) language = (await me.json()).language || language;
  } catch (e) {
    // no record of the last page: the default language
  }
  const cache = await caches.open(SHELL);
  const found = (await cache.match(OFFLINE[language] || OFFLINE[DEFAULT_LANGUAGE]))
    || (await cache.match(OFFLINE[DEFAULT_LANGUAGE]));
  return found || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: SHELL, ignoreSearch: true });
  return cached || fetch(request);
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (e) {
    const cached = await caches.match(request, { cacheName: SHELL, ignoreSearch: true });
    if (cached) return cached;
    throw e;
  }
}

// -- Web Push ----------------------------------------------------------------------------------

// A push carries the notice's words and link, and a game's id and a player's name at most
// (notifications.push.push_payload); its tag makes a repeated push replace, not add.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : "" };
  }
  const options = {
    body: data.body || "",
    icon: ICON,
    badge: ICON,
    data: { url: samePage(data.url) },
  };
  if (data.tag) options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(data.title || "Mexican Train", options));
});

// A path of this site, or "/" (a push never opens another site).
function samePage(path) {
  try {
    const url = new URL(path || "/", self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : "/";
  } catch (e) {
    return "/";
  }
}

// A click opens the notice's page: in a window already showing it, else in a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(samePage(event.notification.data && event.notification.data.url), self.location.origin);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of windows) {
      if (new URL(client.url).pathname === target.pathname && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(target.href);
  })());
});
