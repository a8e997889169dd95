const CRLFCRLF = Buffer.from('\r\n\r\n');

/**
 * Measures the header block of each part of a multipart body as it streams
 * past. busboy cuts a header longer than its `headerSize` silently and reads
 * on (the part keeps what fitted, or is dropped), so a megabyte of header
 * would be a 200; this watch makes it a 413. One `indexOf` per chunk, as the
 * parser itself does; a needle split between chunks is found through the
 * few bytes carried over.
 */
export class PartHeaders {
  private readonly delimiter: Buffer;
  /** Bytes kept from the previous chunk, where a needle may have begun; a body starts as if after a line break. */
  private carry = Buffer.from('\r\n');
  /** Absolute position (in the body) of `carry[0]`. */
  private offset = -2;
  /** Absolute position where the current header block began; `-1` outside one. */
  private start = -1;

  constructor(
    boundary: string,
    private readonly max: number,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** Whether every header block so far is within `max` bytes. */
  push(chunk: Buffer): boolean {
    const data = Buffer.concat([this.carry, chunk]);
    let at = 0;
    for (;;) {
      if (this.start === -1) {
        const found = data.indexOf(this.delimiter, at);
        if (found === -1) break;
        at = found + this.delimiter.length;
        this.start = this.offset + at;
      } else {
        const found = data.indexOf(CRLFCRLF, at);
        if (found === -1) break;
        if (this.offset + found - this.start > this.max) return false;
        at = found + CRLFCRLF.length;
        this.start = -1;
      }
    }
    if (this.start !== -1 && this.offset + data.length - this.start > this.max + CRLFCRLF.length) return false;
    const keep = Math.min(data.length - at, (this.start === -1 ? this.delimiter.length : CRLFCRLF.length) - 1);
    this.carry = data.subarray(data.length - keep);
    this.offset += data.length - keep;
    return true;
  }
}

/** The boundary parameter of a multipart Content-Type, `undefined` when it has none (busboy then refuses the body). */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? '');
  return match === null ? undefined : (match[1] ?? match[2]);
}
