import { describe, expect, it } from 'vitest';
import {
  blacklistKeysOfEmail,
  emailMatchesEntry,
  normaliseBlacklistValue,
  normaliseDomainEntry,
  normaliseEmail,
} from './blacklist';

describe('normaliseEmail', () => {
  it('lower-cases and trims any address, keeping dots and tags outside Gmail', () => {
    expect(normaliseEmail('  Ann.Lee+news@Example.COM ')).toBe('ann.lee+news@example.com');
  });

  it("folds Gmail's dots and +tags, and googlemail.com into gmail.com", () => {
    expect(normaliseEmail('J.Doe+x@googlemail.com')).toBe('jdoe@gmail.com');
    expect(normaliseEmail('j.d.o.e@GMAIL.com')).toBe('jdoe@gmail.com');
    expect(normaliseEmail('jdoe+a+b@gmail.com')).toBe('jdoe@gmail.com');
  });

  it('answers null for what is no address', () => {
    expect(normaliseEmail('jdoe')).toBeNull();
    expect(normaliseEmail('@gmail.com')).toBeNull();
    expect(normaliseEmail('jdoe@')).toBeNull();
    expect(normaliseEmail('jdoe@localhost')).toBeNull();
    expect(normaliseEmail('+x@gmail.com')).toBeNull();
  });
});

describe('normaliseDomainEntry', () => {
  it('stores a domain as @domain, lower case, with or without the @', () => {
    expect(normaliseDomainEntry('@Spam.Example')).toBe('@spam.example');
    expect(normaliseDomainEntry('spam.example')).toBe('@spam.example');
    expect(normaliseDomainEntry('@googlemail.com')).toBe('@gmail.com');
    expect(normaliseDomainEntry('@nodot')).toBeNull();
    expect(normaliseDomainEntry('@bad_domain.com')).toBeNull();
  });
});

describe('normaliseBlacklistValue', () => {
  it('normalises each kind and says what a refused value must be', () => {
    expect(normaliseBlacklistValue('email', 'J.Doe+x@googlemail.com')).toEqual({ ok: true, value: 'jdoe@gmail.com' });
    expect(normaliseBlacklistValue('email', '@gmail.com')).toEqual({
      ok: false,
      message: 'value must be an e-mail address',
    });
    expect(normaliseBlacklistValue('domain', 'a@b.com').ok).toBe(false);
    expect(normaliseBlacklistValue('card', ' Fp1234AbCd ')).toEqual({ ok: true, value: 'Fp1234AbCd' });
    expect(normaliseBlacklistValue('card', 'fp 12')).toMatchObject({ ok: false, message: /card fingerprint/ });
    expect(normaliseBlacklistValue('telegram', '123456789')).toEqual({ ok: true, value: '123456789' });
    expect(normaliseBlacklistValue('telegram', '@handle').ok).toBe(false);
    expect(normaliseBlacklistValue('discord', '123456789012345678')).toEqual({
      ok: true,
      value: '123456789012345678',
    });
    expect(normaliseBlacklistValue('discord', '123').ok).toBe(false);
    expect(normaliseBlacklistValue('whop', 'user_AbC-9')).toEqual({ ok: true, value: 'user_AbC-9' });
    expect(normaliseBlacklistValue('whop', '  ')).toEqual({ ok: false, message: 'value is required' });
    expect(normaliseBlacklistValue('email', `${'a'.repeat(250)}@example.com`)).toMatchObject({ ok: false });
  });
});

describe('matching an address', () => {
  it('gives the address and its domain as the keys to look up', () => {
    expect(blacklistKeysOfEmail('J.Doe+x@googlemail.com')).toEqual([
      { kind: 'email', value: 'jdoe@gmail.com' },
      { kind: 'domain', value: '@gmail.com' },
    ]);
    expect(blacklistKeysOfEmail('not an address')).toEqual([]);
  });

  it('matches a Gmail variant, a domain entry, and nothing of another kind or domain', () => {
    expect(emailMatchesEntry('J.Doe+x@googlemail.com', { kind: 'email', value: 'jdoe@gmail.com' })).toBe(true);
    expect(emailMatchesEntry('jdoe2@gmail.com', { kind: 'email', value: 'jdoe@gmail.com' })).toBe(false);
    expect(emailMatchesEntry('Anyone@Spam.Example', { kind: 'domain', value: '@spam.example' })).toBe(true);
    expect(emailMatchesEntry('anyone@mail.spam.example', { kind: 'domain', value: '@spam.example' })).toBe(false);
    expect(emailMatchesEntry('jdoe@gmail.com', { kind: 'card', value: 'jdoe@gmail.com' })).toBe(false);
  });
});
