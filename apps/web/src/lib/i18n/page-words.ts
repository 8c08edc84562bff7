import type { PrerenderedPage } from '@t0/contracts';
import type { Namespace } from './english';

/**
 * The namespaces each pre-rendered page draws (by its English address): its own and the shell
 * around it. A language page carries these of its language (src/prerender.tsx); reached from
 * another language page, which carried others, the language's whole catalogues are fetched.
 */
export const PAGE_NAMESPACES: Record<PrerenderedPage['base'], readonly Namespace[]> = {
  '/': ['shell', 'landing'],
  '/performance': ['shell', 'record'],
};
