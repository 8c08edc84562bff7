import messages from '../../locales/en/messages.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The messages screen's words (`messages` namespace: the subscriber's thread screen; the messages,
// the desk's notice and the server's reasons stay as written): its English catalogue comes with the
// screen's chunk, never with the landing page's. The console's thread stays English.
addEnglish('messages', messages);

/** `t` and the language on screen, for the messages screen. */
export const useMessagesT = useT;
