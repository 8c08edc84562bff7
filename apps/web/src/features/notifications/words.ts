import notifications from '../../locales/en/notifications.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The notification popover's words (`notifications` namespace: its chrome; the notifications' own
// titles and texts stay as the server stored them): its English catalogue comes with the chunk of
// the terminal's top bar, never with the landing page's.
addEnglish('notifications', notifications);

/** `t` and the language on screen, for the notification popover and its commands. */
export const useNotificationsT = useT;
