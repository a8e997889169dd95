/**
 * RFC 3339 §5.6: `full-date` or `date-time` (`T` or `t`, `Z`, `z` or a
 * numeric offset), nothing else: no week dates, no missing seconds, no
 * locale formats that `Date.parse` would guess at. Linear: no nested
 * quantifiers.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** The moment `text` names, or `undefined` when it is not an RFC 3339 date or date-time. */
export function parseRfc3339(text: string): Date | undefined {
  const date = DATE.exec(text);
  if (date) return validDay(+date[1], +date[2], +date[3]) ? utc(+date[1], +date[2], +date[3], 0, 0, 0, 0) : undefined;
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [+m[1], +m[2], +m[3], +m[4], +m[5], +m[6]];
  const [offsetHour, offsetMinute] = m[8] ? [+m[9], +m[10]] : [0, 0];
  if (!validDay(year, month, day) || hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return undefined;
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const offset = (m[8] === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  // RFC 3339 §5.7: a leap second is 23:59:60 UTC, so only at the minute that is 23:59 once the offset is applied.
  if (second === 60 && (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 !== 23 * 60 + 59) return undefined;
  // A leap second (…:60) cannot be represented by Date; it is the first instant of the next minute.
  return utc(year, month, day, hour, minute - offset, second, millis);
}

function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, millis: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // setUTCFullYear keeps years 0–99 as written; Date.UTC would add 1900
  date.setUTCHours(hour, minute, second, millis);
  return date;
}

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}
