import alerts from '../../locales/en/alerts.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// MY PRICE ALERTS' words (`alerts` namespace: the section in the profile's ALERTS tab; instruments,
// prices and levels are never translated, a subscriber's note stays as written): its English
// catalogue comes with the profile's chunk, never with the landing page's.
addEnglish('alerts', alerts);

/** `t` and the language on screen, for the price alerts. */
export const useAlertsT = useT;
