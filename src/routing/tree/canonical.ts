/**
 * The form a static path segment is compared in: percent-decoded
 * (RFC 3986 §6.2.2), so `%76%31` is `v1` and `caf%c3%a9` is `café`. The
 * caller has already split the path on raw `/`, so a decoded `%2F` stays
 * inside its segment and never separates two. Escapes that do not decode
 * (`%zz`, a lone `%C0`) are kept, with upper-case hex digits.
 *
 * @example
 * canonical('%76%31'); // 'v1'
 * canonical('a%2Fb');  // 'a/b' (one segment)
 */
export function canonical(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment.replace(/(?:%[0-9A-Fa-f]{2})+/g, decodeRun);
  }
}

function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run.toUpperCase();
  }
}
