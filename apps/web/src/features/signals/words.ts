import signal from '../../locales/en/signal.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The signal dialog's own words (`signal` namespace: its chart, the bias and confidence, the
// outcome and the timeline; the price chart's loading state and time axis): the English catalogue
// comes with the chunk that draws them, never with the landing page's. Prices, figures, the level
// codes T0 and T1 and the copier block stay as they are; the console keeps English.
addEnglish('signal', signal);

/** `t` and the language on screen, for the signal dialog's parts. */
export const useSignalT = useT;
