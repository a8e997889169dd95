import type { ErrorObject } from 'ajv';

/** What it takes to say an item's ajv message in another language: ajv's keyword, params and English message, and where it pointed. */
export interface AjvSource {
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message: string;
  /** For a parameter's item, the place inside its value the message names (`(at /0)`), else `null`. */
  readonly at: string | null;
}

const SOURCE = Symbol('waymark.ajvSource');

/** The languages ajv-i18n says ajv's messages in (its `localize/` folders). */
const LOCALIZED = new Set(['ar', 'ca', 'cs', 'de', 'es', 'fi', 'fr', 'hu', 'id', 'it', 'ja', 'ko', 'nb', 'nl', 'pl', 'pt-br', 'ru', 'sk', 'sv', 'th', 'zh', 'zh-tw']);

type Localize = (errors: ErrorObject[]) => void;

/**
 * Marks a validation item whose `detail` is ajv's English message, so that
 * the problem document can say it in the request's language; the mark is
 * not enumerable, so it never reaches a body or a renderer.
 */
export function withAjvSource<T extends object>(item: T, source: AjvSource): T {
  Object.defineProperty(item, SOURCE, { value: source });
  return item;
}

/**
 * The items of a validation failure with each ajv message said in
 * `language` by ajv-i18n (loaded on the first one, per language); the items
 * themselves when the language is English or one ajv-i18n lacks, and items
 * that are not ajv's (a Standard Schema validator's) as they are.
 */
export function translatedItems(items: readonly unknown[], language: string): readonly unknown[] {
  const tag = language.toLowerCase();
  if (tag === 'en' || !LOCALIZED.has(tag)) return items;
  const localize = localizerOf(tag);
  return items.map((item) => {
    const source = typeof item === 'object' && item !== null ? ((item as Record<symbol, AjvSource | undefined>)[SOURCE]) : undefined;
    if (source === undefined) return item;
    const error = { keyword: source.keyword, params: source.params, message: source.message, instancePath: '', schemaPath: '' } as ErrorObject;
    localize([error]);
    const message = error.message ?? source.message;
    return { ...(item as object), detail: source.at ? `${message} (at ${source.at})` : message };
  });
}

const localizers = new Map<string, Localize>();

function localizerOf(tag: string): Localize {
  let localize = localizers.get(tag);
  if (localize === undefined) {
    const folder = tag === 'pt-br' ? 'pt-BR' : tag === 'zh-tw' ? 'zh-TW' : tag;
    localize = require(`ajv-i18n/localize/${folder}`) as Localize;
    localizers.set(tag, localize);
  }
  return localize;
}
