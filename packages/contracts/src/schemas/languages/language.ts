import { z } from 'zod';
import { LANGUAGES } from '../../domain/languages/languages';

/** One of the languages the web app speaks (docs/features/languages.md). */
export const languageSchema = z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` });

/** The same, for a field named otherwise (the desk's default). */
export const languageField = (name: string) =>
  z.enum(LANGUAGES, { error: `${name} must be one of ${LANGUAGES.join(', ')}` });
