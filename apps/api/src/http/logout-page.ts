import { createHash } from 'node:crypto';

// The page shown instead of signing out when /api/logout is reached from another site: one button
// that POSTs the sign-out from our own origin. Server-rendered, no script, in the terminal's look;
// its only style block is allowed by its hash.

const style = `
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#080a0d;color:#dfe5ea;font-family:'JetBrains Mono','Fira Code',ui-monospace,SFMono-Regular,Menlo,Consolas,'DejaVu Sans Mono',monospace;display:flex;align-items:center;justify-content:center;padding:24px 16px}
main{width:100%;max-width:420px;background:#12171c;border:1px solid #3a434d;border-radius:4px;padding:24px}
h1{font-size:18px;letter-spacing:.08em;margin:0 0 12px;color:#16d865}
p{line-height:1.5;margin:0 0 12px;font-size:14px}
.muted{color:#9aa5b1;font-size:13px}
form{margin:20px 0 0}
button{width:100%;background:#ff5c6c;color:#080a0d;border:0;border-radius:2px;padding:12px;font:inherit;font-weight:700;letter-spacing:.1em;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid #dfe5ea;outline-offset:2px}
a{display:block;text-align:center;margin-top:14px;color:#16d865;letter-spacing:.08em;font-size:14px}
`;

const styleHash = createHash('sha256').update(style).digest('base64');

/** The confirmation page's own policy: its style block, a form to this origin, nothing else. */
export const LOGOUT_PAGE_CSP = `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

export const LOGOUT_CONFIRM_TITLE = 'SIGN OUT?';

export function logoutConfirmPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sign out of T0 Terminal?</title><style>${style}</style></head>
<body><main>
<h1>${LOGOUT_CONFIRM_TITLE}</h1>
<p>A link from another site asked to sign you out of T0 Terminal.</p>
<p class="muted">If you meant to sign out, confirm below. Otherwise you stay signed in.</p>
<form method="post" action="/api/logout"><button type="submit">SIGN OUT</button></form>
<a href="/">STAY SIGNED IN</a>
</main></body></html>`;
}
