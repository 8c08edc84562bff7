// Applies the saved colour theme before the app renders, so the first paint has the right colours.
(function () {
  try {
    var v = localStorage.getItem('vite-ui-theme');
    var dark = v === 'dark' || (v !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch (e) {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
  }
})();
