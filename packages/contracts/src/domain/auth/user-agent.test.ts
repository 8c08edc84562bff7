import { describe, expect, it } from 'vitest';
import { readableAgent } from './user-agent';

describe('readableAgent', () => {
  it('reads a desktop Chrome on Windows', () => {
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.61 Safari/537.36';
    expect(readableAgent(ua)).toEqual({
      device: 'Desktop',
      browser: 'Chrome 126 on Windows 10',
      summary: 'Desktop · Chrome 126 on Windows 10',
    });
  });

  it('reads Safari on an iPhone', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const r = readableAgent(ua);
    expect(r.device).toBe('Phone');
    expect(r.browser).toBe('Safari 17 on iOS 17.5');
  });

  it('reads Firefox on an Android tablet', () => {
    const ua = 'Mozilla/5.0 (Android 13; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0';
    const r = readableAgent(ua);
    expect(r.device).toBe('Tablet');
    expect(r.browser).toMatch(/^Firefox 125 on Android/);
  });

  it('reads headless Chrome on a Mac as Chrome; a script it cannot place as unknown', () => {
    const headless =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
    expect(readableAgent(headless)).toMatchObject({ device: 'Desktop', browser: 'Chrome 131 on macOS 10.15.7' });
    expect(readableAgent('curl/8.5.0')).toEqual({
      device: 'Unknown device',
      browser: 'Unknown browser',
      summary: 'Unknown device · Unknown browser',
    });
  });

  it('answers unknown for an empty or missing user-agent', () => {
    expect(readableAgent('')).toEqual({
      device: 'Unknown device',
      browser: 'Unknown browser',
      summary: 'Unknown device',
    });
    expect(readableAgent(null).browser).toBe('Unknown browser');
  });
});
