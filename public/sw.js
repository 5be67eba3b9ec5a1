// The app shell for offline reloads (see src/app/service-worker.ts). Navigations try the
// network first and fall back to the cached index.html; hashed files under /assets/ never
// change, so they come from the cache once there. The API is never touched here.
// The build stamps its version into the cache name (scripts/sw-build-version.ts): a new build
// is a new worker with a new cache, and the old one goes once the new worker is active.
const PREFIX = "follow-shell-";
const CACHE = `${PREFIX}__FOLLOW_BUILD_VERSION__`;
const SHELL = "/index.html";
// Installing the app (web app manifest) and its icons, kept beside the shell.
const STATIC = [
  "/manifest.webmanifest",
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
  "/icons/apple-touch-icon.png",
];

// Every asset the shell references, followed through the JavaScript (chunks, the database
// worker and its wasm), so the first visit already caches what an offline reload needs.
async function precache() {
  const cache = await caches.open(CACHE);
  const seen = new Set();
  const queue = [SHELL, ...STATIC];
  while (queue.length > 0) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    let response;
    try {
      response = await fetch(path, { cache: "no-cache" });
    } catch {
      continue;
    }
    if (!response.ok) continue;
    await cache.put(path, response.clone());
    if (!/\.(?:html|js|css)$/.test(path)) continue;
    const text = await response.text();
    for (const match of text.matchAll(/assets\/[\w.@-]+\.[a-z0-9]+/g)) {
      queue.push(`/${match[0]}`);
    }
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

// The newest previous build's cache stays until the next build: a tab opened before this
// update still loads its page chunks from it (its server copies are gone after a deploy).
// Older ones, and caches of other names this worker once used, are deleted.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => {
        const previous = keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE);
        const keep = new Set([CACHE, previous.at(-1)]);
        return Promise.all(keys.filter((k) => !keep.has(k)).map((k) => caches.delete(k)));
      })
      .then(() => self.clients.claim()),
  );
});

async function fromNetworkThenCache(request, fallback) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallback ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallback ?? request);
    if (cached) return cached;
    throw error;
  }
}

async function fromCacheThenNetwork(request) {
  const cache = await caches.open(CACHE);
  // Any kept build's copy: a hashed name is the same file in every build that has it.
  const cached = (await cache.match(request)) ?? (await caches.match(request));
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(fromNetworkThenCache(request, SHELL));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(fromCacheThenNetwork(request));
  } else if (STATIC.includes(url.pathname)) {
    event.respondWith(fromNetworkThenCache(request));
  }
});

// Web Push (server/push/sender.ts): a notification per message; a click opens its entry in a
// window of the app (focusing one already open), else the page the message names.
self.addEventListener("push", (event) => {
  let message = { title: "Follow", body: "", url: "/" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) return open.navigate(target.href).then((client) => client?.focus());
      return self.clients.openWindow(target.href);
    }),
  );
});
