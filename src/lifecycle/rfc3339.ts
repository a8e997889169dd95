const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2}))?$/;

/**
 * The moment an RFC 3339 date-time (or full-date, taken as midnight UTC)
 * stands for, in milliseconds since the epoch; `null` when it is not one.
 * Hand-written because `Date.parse` rolls `2026-02-30` over into March and
 * accepts forms RFC 3339 does not have.
 */
export function parseRfc3339(text: string): number | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', offset = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  let shift = 0;
  if (offset !== 'Z' && offset !== 'z') {
    const hours = Number(offset.slice(1, 3));
    const minutes = Number(offset.slice(4, 6));
    if (hours > 23 || minutes > 59) return null;
    shift = (offset[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }
  const leap = s === '60'; // JavaScript time has no leap seconds: :60 is the last millisecond of :59
  const millis = leap ? 999 : fraction === '' ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0-99 as 1900-1999
  utc.setUTCHours(Number(h), Number(mi), leap ? 59 : Number(s), millis);
  return utc.getTime() - shift;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
