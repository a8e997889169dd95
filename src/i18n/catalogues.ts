import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { byEnglish } from './messages';

/** The translations waymark ships, keyed by language then by the English message (the catalogue's template). */
export const catalogues: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  fr: byEnglish(fr),
  de: byEnglish(de),
  es: byEnglish(es),
};
