import record from '../../locales/en/record.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The record's words (`record` namespace): its English catalogue comes with the record's own chunk,
// never with the landing page's. Its pre-rendered language pages carry their language's (src/prerender.tsx).
addEnglish('record', record);

/** `t` and the language on screen, for the record's components. */
export const useRecordT = useT;
