// T0 Terminal service worker: shows web push notifications and opens the terminal on a click.
// Served at /sw.js without caching; no build step. It caches nothing and handles no fetches.

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
          disclosure:
            typeof data.disclosure === 'string' && data.disclosure.startsWith('/') ? data.disclosure : undefined,
        },
        // A signal's labels (author, times) are in the body; its disclosure page is one action away.
        actions: typeof data.disclosure === 'string' ? [{ action: 'disclosure', title: 'Disclosure' }] : [],
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = new URL(
    (event.action === 'disclosure' && data.disclosure) || data.url || '/dashboard',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open terminal tab of this site: focus it and take it to the notice's page.
      const tab = open.find((c) => new URL(c.url).origin === target.origin);
      if (tab) {
        await tab.focus();
        if (new URL(tab.url).pathname !== target.pathname && 'navigate' in tab)
          await tab.navigate(target.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
