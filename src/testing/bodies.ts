/** `application/json`, `application/problem+json`, `application/vnd.x+json; version=2`. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

export function isJsonType(type: string): boolean {
  return JSON_TYPE.test(type);
}

const BOUNDARY = 'waymark-contract-boundary';

/**
 * A body value as `type` carries it: JSON as text, an object as a form
 * (`application/x-www-form-urlencoded`, `multipart/form-data`), a string as
 * itself for other types; `null` when `type` cannot carry the value.
 */
export function encodeBody(type: string, value: unknown): { type: string; text: string } | null {
  const essence = type.split(';')[0].trim().toLowerCase();
  if (isJsonType(type) || essence === '*/*' || essence === 'application/*') return { type: isJsonType(type) ? type : 'application/json', text: JSON.stringify(value) };
  if (essence === 'application/x-www-form-urlencoded') {
    const fields = fieldsOf(value);
    return fields === null ? null : { type, text: new URLSearchParams(fields).toString() };
  }
  if (essence === 'multipart/form-data') {
    const fields = fieldsOf(value);
    if (fields === null) return null;
    const parts = fields.map(([name, text]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${text}\r\n`);
    return { type: `multipart/form-data; boundary=${BOUNDARY}`, text: `${parts.join('')}--${BOUNDARY}--\r\n` };
  }
  return typeof value === 'string' ? { type, text: value } : null;
}

/** An object's members as form fields (an array member gives one field per item); `null` for anything but an object. */
function fieldsOf(value: unknown): [string, string][] | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.entries(value).flatMap(([name, member]) =>
    (Array.isArray(member) ? member : [member]).map((item): [string, string] => [name, typeof item === 'object' ? JSON.stringify(item) : String(item)]),
  );
}
