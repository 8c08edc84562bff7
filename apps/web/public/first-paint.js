// Runs before the first paint: applies the saved colour theme, so the first paint has the right
// colours, and decides whether the pre-rendered start-up screen plays (html[data-startup]): once
// per browser session, never for readers who ask for less motion. src/lib/startup.ts reads the
// decision (and applies the same rule, claimStartup, when this script has not run).
(function () {
  var root = document.documentElement;
  try {
    var v = localStorage.getItem('vite-ui-theme');
    var dark = v === 'dark' || (v !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch (e) {
    root.setAttribute('data-mantine-color-scheme', 'dark');
  }
  var play = true;
  try {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) play = false;
    else if (sessionStorage.getItem('t0.startup-seen')) play = false;
    else sessionStorage.setItem('t0.startup-seen', '1');
  } catch (e) {
    // Storage refused (private mode): play it.
  }
  root.setAttribute('data-startup', play ? 'play' : 'skip');
})();

// On a page the build pre-rendered, the app's files are asked for once the page is on screen
// (apps/web/vite-prerender.ts writes their tags inert, `data-after-paint`): before the first paint
// the connection carries the document alone. The module script goes last, after the chunks it
// imports are on their way. A hidden tab paints nothing: it asks for them at once.
(function () {
  var started = false;
  // Each request a tag starts costs the main thread about a millisecond, some up to 20 ms (measured
  // on a two-core machine; a phone is slower): the tags (the app's five scripts and its stylesheet;
  // 30-odd before its start was bundled in a few chunks) are turned into requests two per task, so
  // no task of this runs long.
  var PER_TASK = 2;
  function load() {
    if (started) return;
    started = true;
    var tags = document.querySelectorAll('[data-after-paint]');
    var module = null;
    var next = 0;
    function some() {
      for (var end = Math.min(next + PER_TASK, tags.length); next < end; next++) {
        var tag = tags[next];
        var kind = tag.getAttribute('data-after-paint');
        tag.removeAttribute('data-after-paint');
        if (kind === 'module') module = tag.getAttribute('data-src');
        else tag.setAttribute('rel', kind);
      }
      if (next < tags.length) return void setTimeout(some, 0);
      if (module) {
        var script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = module;
        document.head.appendChild(script);
      }
    }
    some();
  }
  function afterPaint() {
    if (document.visibilityState === 'hidden') return load();
    try {
      // The first paint with content (text, the loading screen): then, not at an earlier empty frame.
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(load, 0);
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
    }
    // A paint that never comes (the tab hidden meanwhile) does not keep the app from starting.
    setTimeout(load, 1000);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
})();
