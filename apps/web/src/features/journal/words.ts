import journal from '../../locales/en/journal.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The subscriber's own book (`journal` namespace: MY RESULTS, its import panel and curves, and MY
// TRADE in the signal dialog): its English catalogue comes with the screen's chunk, never with the
// landing page's. What the subscriber entered is never worded as the desk's results.
addEnglish('journal', journal);

/** `t` and the language on screen, for the journal's screens. */
export const useJournalT = useT;
