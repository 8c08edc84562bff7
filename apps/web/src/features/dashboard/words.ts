import terminal from '../../locales/en/terminal.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The terminal's words (`terminal` namespace): its English catalogue comes with the terminal's own
// chunk, never with the landing page's.
addEnglish('terminal', terminal);

/** `t` and the language on screen, for the terminal's components. */
export const useTerminalT = useT;
