import type NegotiatorClass from 'negotiator';
import { catalogues as shipped } from './catalogues';
import type { Message } from '../errors';

export type Catalogues = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Longer Accept-Language values are cut: negotiation work stays bounded per request. */
const MAX_ACCEPT_LANGUAGE = 1024;

let negotiator: typeof NegotiatorClass | undefined;
/** Required on the first translated error, not when waymark loads: an idle server's RSS was 0.2-0.4 MiB lower without it. */
const loadNegotiator = (): typeof NegotiatorClass => (negotiator ??= require('negotiator') as typeof NegotiatorClass);

/**
 * One app's catalogues (waymark's, overlaid with `AppOptions.translations`)
 * and the negotiation of a language from `Accept-Language`. English is the
 * fallback and the key.
 */
export class Translator {
  private readonly catalogues = new Map<string, Readonly<Record<string, string>>>();
  private readonly languages: string[];
  private readonly keys = new Set<string>();

  constructor(extra: Catalogues = {}) {
    for (const language of new Set([...Object.keys(shipped), ...Object.keys(extra)])) {
      const merged = { ...shipped[language], ...extra[language] };
      this.catalogues.set(language.toLowerCase(), merged);
      for (const key of Object.keys(merged)) this.keys.add(key);
    }
    this.languages = ['en', ...[...this.catalogues.keys()].filter((language) => language !== 'en')];
  }

  /** True when some catalogue translates the message: its rendering depends on Accept-Language. */
  isTranslatable(message: Message): boolean {
    return this.keys.has(message.template);
  }

  /** The language for an Accept-Language header, `en` when nothing fits. */
  language(acceptLanguage: string | undefined): string {
    if (!acceptLanguage) return 'en';
    const header = acceptLanguage.slice(0, MAX_ACCEPT_LANGUAGE);
    const Negotiator = loadNegotiator();
    const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(this.languages);
    return best ?? 'en';
  }

  translate(message: Message, language: string): string {
    return message.render(this.catalogues.get(language.toLowerCase()));
  }
}
