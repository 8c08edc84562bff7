import { describe, expect, it } from 'vitest';
import { accessOf, decideGate, type Access, type GateKind } from './gates';

const user = (isAdmin: boolean, hasActiveSubscription: boolean) => ({ isAdmin, hasActiveSubscription });

describe('accessOf', () => {
  it('reads the server facts only', () => {
    expect(accessOf(null)).toBe('anonymous');
    expect(accessOf(user(false, false))).toBe('user');
    expect(accessOf(user(false, true))).toBe('subscriber');
    expect(accessOf(user(true, false))).toBe('admin');
  });
});

describe('decideGate (the route table)', () => {
  const table: Record<GateKind, Record<Access, ReturnType<typeof decideGate>>> = {
    home: {
      anonymous: { show: 'page' },
      user: { show: 'page' },
      subscriber: { redirect: '/dashboard' },
      admin: { redirect: '/dashboard' },
    },
    member: {
      anonymous: { show: 'auth' },
      user: { show: 'landing' },
      subscriber: { show: 'page' },
      admin: { show: 'page' },
    },
    admin: {
      anonymous: { show: 'auth' },
      user: { show: 'landing' },
      subscriber: { show: 'page' }, // the console screen itself answers ACCESS DENIED
      admin: { show: 'page' },
    },
    login: {
      anonymous: { show: 'page' },
      user: { redirect: '/' },
      subscriber: { redirect: '/dashboard' },
      admin: { redirect: '/dashboard' },
    },
    auth: {
      anonymous: { show: 'page' },
      user: { show: 'page' },
      subscriber: { redirect: '/dashboard' },
      admin: { redirect: '/dashboard' },
    },
  };
  for (const [kind, byAccess] of Object.entries(table)) {
    for (const [access, outcome] of Object.entries(byAccess)) {
      it(`${kind} as ${access}`, () => {
        expect(decideGate(kind as GateKind, access as Access)).toEqual(outcome);
      });
    }
  }

  it('lets an analyst without a subscription into the console only', () => {
    expect(decideGate('admin', 'user', true)).toEqual({ show: 'page' });
    expect(decideGate('member', 'user', true)).toEqual({ show: 'landing' });
  });
});
