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
