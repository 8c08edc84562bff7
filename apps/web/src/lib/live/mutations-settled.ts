import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once no mutation of this tab is in flight (or after `limitMs`). A password change ends
 * the tab's old session, and the stream can say so before the change's answer, which carries the
 * new session's cookie, has arrived: asking the server who this is before then would find nobody.
 */
export function mutationsSettled(qc: QueryClient, limitMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (qc.isMutating() === 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const unsubscribe = qc.getMutationCache().subscribe(() => {
      if (qc.isMutating() === 0) done();
    });
  });
}
