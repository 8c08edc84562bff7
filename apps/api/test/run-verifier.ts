import { vi } from 'vitest';
import { main } from '../../../examples/verify-record';

/** Runs the offline verifier's command line (`main`) in this process, as `--url` would: its exit code and what it printed. */
export async function runVerifier(args: string[]): Promise<{ code: number; out: string }> {
  const printed: string[] = [];
  const print = (...parts: unknown[]) => void printed.push(parts.map(String).join(' '));
  const log = vi.spyOn(console, 'log').mockImplementation(print);
  const error = vi.spyOn(console, 'error').mockImplementation(print);
  try {
    const code = await main(args);
    return { code, out: printed.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
