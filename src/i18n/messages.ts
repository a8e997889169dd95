import { ErrorCatalogue, templateOf, type ErrorCode, type HttpErrorCode, type VariantOf } from '../errors';

/** A translatable message of the catalogue: a request error's `CODE`, or `CODE.variant` for one of its variants. */
export type MessageId = HttpErrorCode | { [C in HttpErrorCode]: VariantOf<C> extends never ? never : `${C}.${VariantOf<C>}` }[HttpErrorCode];

/** One language's translations, by message id; the compiler requires every id. */
export type Translations = Readonly<Record<MessageId, string>>;

/** Every translatable message id, in catalogue order. */
export function messageIds(): MessageId[] {
  const ids: string[] = [];
  for (const [code, entry] of Object.entries(ErrorCatalogue)) {
    if (!('status' in entry)) continue;
    ids.push(code);
    if ('variants' in entry) for (const variant of Object.keys(entry.variants)) ids.push(`${code}.${variant}`);
  }
  return ids as MessageId[];
}

/** The English template of a message id: the key a catalogue translates. */
export function englishOf(id: MessageId): string {
  const [code, variant] = id.split('.') as [ErrorCode, string | undefined];
  return templateOf(code, variant as VariantOf<ErrorCode>);
}

/** A language's translations keyed by their English templates, as `Translator` and `AppOptions.translations` key them. */
export function byEnglish(translations: Translations): Record<string, string> {
  return Object.fromEntries(messageIds().map((id) => [englishOf(id), translations[id]]));
}
