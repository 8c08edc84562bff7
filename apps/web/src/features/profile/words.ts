import profile from '../../locales/en/profile.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The profile's words (`profile` namespace): its English catalogue comes with the profile's own
// chunk, never with the landing page's.
addEnglish('profile', profile);

/** `t` and the language on screen, for the profile's sections. */
export const useProfileT = useT;
