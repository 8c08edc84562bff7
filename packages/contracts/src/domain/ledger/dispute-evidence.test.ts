import { describe, expect, it } from 'vitest';
import {
  accessActivityLog,
  consentLines,
  EVIDENCE_TEXT_MAX,
  refundPolicyDisclosure,
  serviceDocumentation,
} from './dispute-evidence';

describe('dispute evidence texts', () => {
  it('lists each sign-in with its address, or says none was recorded', () => {
    const log = accessActivityLog('a@t0.test', [
      { at: '2027-01-02T03:04:05.000Z', address: '203.0.113.9', method: 'password', userAgent: 'Firefox' },
    ]);
    expect(log).toBe(
      'Sign-ins of a@t0.test to the service (UTC), newest first:\n2027-01-02T03:04:05.000Z from 203.0.113.9 (password) Firefox',
    );
    expect(accessActivityLog('a@t0.test', [])).toContain('none recorded');
  });
  it('counts the signals delivered and the chats joined', () => {
    const text = serviceDocumentation(
      'a@t0.test',
      [{ at: '2027-01-02T00:00:00.000Z', channel: 'telegram', signalId: 7 }],
      [{ platform: 'telegram', target: '-1001', joinedAt: null, status: 'member' }],
    );
    expect(text).toContain('Signals delivered (1)');
    expect(text).toContain('2027-01-02T00:00:00.000Z telegram signal #7');
    expect(text).toContain('date unknown joined telegram -1001 (member)');
  });
  it('says when no refund policy is published, and keeps to the provider’s length', () => {
    expect(refundPolicyDisclosure('  ')).toBe('No refund policy text is published on the site.');
    expect(refundPolicyDisclosure('x'.repeat(EVIDENCE_TEXT_MAX + 10))).toHaveLength(EVIDENCE_TEXT_MAX);
  });
  it('quotes the refund page, else the terms', () => {
    expect(refundPolicyDisclosure('Refunds within 7 days.', 'Terms.')).toBe('Refunds within 7 days.');
    expect(refundPolicyDisclosure('', 'Terms.')).toBe('Terms.');
  });
  it('states the versions accepted at checkout, when, from where, and whether the page showed them', () => {
    const consent = {
      acceptedAt: '2027-01-02T03:04:05.000Z',
      address: '203.0.113.9',
      userAgent: 'Firefox',
      shown: true,
      pages: [{ title: 'TERMS OF SERVICE', version: 2, sha256: 'ab'.repeat(32) }],
    };
    expect(consentLines(consent)).toEqual([
      'Accepted at checkout on 2027-01-02T03:04:05.000Z from 203.0.113.9 Firefox:',
      `TERMS OF SERVICE version 2 (SHA-256 ${'ab'.repeat(32)})`,
    ]);
    expect(consentLines({ ...consent, shown: false, address: null, userAgent: null })[0]).toBe(
      'Accepted at checkout on 2027-01-02T03:04:05.000Z (checkout started by the API; the versions current then):',
    );
    expect(consentLines(null)).toEqual(['Pages accepted at checkout: none recorded.']);
    expect(serviceDocumentation('a@t0.test', [], [], consent)).toContain('TERMS OF SERVICE version 2');
  });
});
