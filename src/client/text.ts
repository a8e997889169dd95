/** U+2028 and U+2029: `JSON.stringify` leaves them as they are, and each ends a `//` comment. */
const SEPARATORS = /[\u2028\u2029]/g;
/** Every line terminator: inside a `//` comment, each would end it. */
const TERMINATORS = /[\n\r\u2028\u2029]/g;

const escape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * A JSON value as a literal of the generated client's source: what
 * `JSON.stringify` writes, with U+2028 and U+2029 escaped too, so that the
 * text reads the same wherever it lands (a string, a type, a comment).
 * Version names, route names and paths come from the app, which may take them
 * from configuration (docs/client.md).
 */
export function jsLiteral(value: unknown): string {
  return (JSON.stringify(value) as string).replace(SEPARATORS, escape);
}

/** Text for a `//` comment of the generated source: each line terminator escaped, so the comment ends where it should. */
export function commentText(text: string): string {
  return text.replace(TERMINATORS, escape);
}
