// T0 Terminal service worker: shows web push notifications and opens the terminal on a click.
// Served at /sw.js without caching; no build step. It caches nothing and handles no fetches.

/** A path of this site from the payload, or undefined. */
const sitePath = (p) => (typeof p === 'string' && p.startsWith('/') && !p.startsWith('//') ? p : undefined);

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'T0 Terminal';
  const tag = typeof data.tag === 'string' && data.tag ? data.tag : undefined;
  const id = typeof data.id === 'string' && data.id ? data.id : undefined;
  event.waitUntil(
    (async () => {
      // The same delivery again (sent once more after an interruption on the server): shown in
      // place of the one already there, without a second alert.
      const shown = tag ? await self.registration.getNotifications({ tag }) : [];
      const again = Boolean(id) && shown.some((n) => n.data && n.data.id === id);
      await self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        tag,
        // A newer notice of the same signal replaces the older one, and still alerts.
        renotify: Boolean(tag) && !again,
        silent: again,
        data: {
          url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/dashboard',
          id,
          disclosure: sitePath(data.disclosure),
          took: sitePath(data.took),
          dialog: sitePath(data.dialog),
        },
        // A signal's labels (author, times) are in the body; its disclosure page is one action away.
        // A published signal's I TOOK IT records it in the subscriber's book from the notification.
        actions: [
          ...(sitePath(data.took) ? [{ action: 'took', title: 'I took it' }] : []),
          ...(sitePath(data.disclosure) ? [{ action: 'disclosure', title: 'Disclosure' }] : []),
        ],
      });
    })(),
  );
});

/** Focuses an open terminal tab of this site and takes it to `path`, or opens one. */
async function openPage(path) {
  const target = new URL(path, self.location.origin);
  const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = open.find((c) => new URL(c.url).origin === target.origin);
  if (tab) {
    await tab.focus();
    if (new URL(tab.url).pathname + new URL(tab.url).search !== target.pathname + target.search && 'navigate' in tab)
      await tab.navigate(target.href).catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target.href);
}

/**
 * I TOOK IT: the signal is recorded taken at its entry with the browser's own session (same
 * origin, its cookie); when that cannot be done (not signed in, the fill must be given) the
 * signal's dialog opens instead.
 */
async function tookIt(data) {
  const res = await fetch(data.took, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => null);
  if (res && res.ok) {
    await self.registration.showNotification('Marked taken', {
      body: "Recorded in your book at the signal's entry. Open the signal to correct your fill.",
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: data.tag,
      silent: true,
      data: { url: data.dialog || data.url || '/dashboard' },
    });
    return;
  }
  await openPage(data.dialog || data.url || '/dashboard');
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = { ...(event.notification.data || {}), tag: event.notification.tag };
  if (event.action === 'took' && data.took) {
    event.waitUntil(tookIt(data));
    return;
  }
  event.waitUntil(openPage((event.action === 'disclosure' && data.disclosure) || data.url || '/dashboard'));
});
