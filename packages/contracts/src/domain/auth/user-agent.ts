import Bowser from 'bowser';

/** A user-agent as an administrator reads it: device kind, operating system and browser. */
export interface ReadableAgent {
  /** `Desktop`, `Phone`, `Tablet`, `TV` or `Unknown device`. */
  device: string;
  /** e.g. `Chrome 126 on macOS 10.15`; `Unknown browser` when nothing is recognised. */
  browser: string;
  /** One line: `Phone · Safari 17 on iOS 17.5`. */
  summary: string;
}

const deviceNames: Record<string, string> = { desktop: 'Desktop', mobile: 'Phone', tablet: 'Tablet', tv: 'TV' };

/** The major version only (`126.0.6478.61` → `126`); empty when unknown. */
const major = (version: string | undefined) => (version ? version.split('.')[0]! : '');

const named = (name: string | undefined, version: string) => (name ? `${name}${version ? ` ${version}` : ''}` : '');

/** Reads a raw user-agent string (pure; the same answer on the server and in a browser). */
export function readableAgent(userAgent: string | null | undefined): ReadableAgent {
  const ua = (userAgent ?? '').trim();
  if (!ua) return { device: 'Unknown device', browser: 'Unknown browser', summary: 'Unknown device' };
  const parsed = Bowser.parse(ua);
  const device = deviceNames[parsed.platform.type ?? ''] ?? 'Unknown device';
  const browserName = named(parsed.browser.name, major(parsed.browser.version));
  const osVersion =
    parsed.os.name === 'macOS' || parsed.os.name === 'iOS' || parsed.os.name === 'Android'
      ? (parsed.os.version ?? '')
      : '';
  const os = named(
    parsed.os.name,
    parsed.os.versionName && parsed.os.name === 'Windows' ? parsed.os.versionName : osVersion,
  );
  const browser = browserName
    ? os
      ? `${browserName} on ${os}`
      : browserName
    : os
      ? `Unknown browser on ${os}`
      : 'Unknown browser';
  return { device, browser, summary: `${device} · ${browser}` };
}
