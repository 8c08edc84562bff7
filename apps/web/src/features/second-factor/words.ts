import { englishT } from '../../lib/i18n/english';
import '../profile/words';

// The two-factor panel's words are the profile's (`profile:twoFactor.*`). Its set-up and recovery
// codes are shared with the console's gate (AdminSecondFactorGate), which stays English: they take
// `t` from the profile and English (`englishT`, the profile's English catalogue added by
// ../profile/words) elsewhere. The code step (CodeStep, sign-in and console) keeps its English words.

export { englishT };

/** A lookup of catalogue keys: the profile's `t`, or English. */
export type Translate = (key: string, options?: Record<string, string | number>) => string;
