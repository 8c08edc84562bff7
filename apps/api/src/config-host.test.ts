import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/t0-config-host' };

describe('HOST', () => {
  it('is this machine only outside production', () => {
    expect(loadConfig({ ...base }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).host).toBe('127.0.0.1');
  });
  it('is every interface in production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).host).toBe('0.0.0.0');
  });
  it('is what HOST says when it is set', () => {
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...base, NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});
