import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness';

describe('readiness', () => {
  it('is not ready until migrations, the change listener and the job workers are up, nor from the drain on', () => {
    const r = new Readiness();
    expect(r.state()).toEqual({
      ready: false,
      waitingFor: ['migrations', 'change listener', 'job workers'],
      draining: false,
    });
    r.mark('migrations');
    r.changes.setLive(false);
    r.mark('job workers');
    expect(r.state()).toEqual({ ready: false, waitingFor: ['change listener'], draining: false });
    r.changes.setLive(true);
    expect(r.state()).toEqual({ ready: true, waitingFor: [], draining: false });
    // A listener lost later leaves the process ready (it reads the database meanwhile).
    r.changes.setLive(false);
    expect(r.ready).toBe(true);
    r.drain();
    expect(r.state()).toEqual({ ready: false, waitingFor: [], draining: true });
    r.changes.setLive(true);
    expect(r.ready).toBe(false);
  });
});
