/**
 * A copy of `regexp` without the `g` and `y` flags: those make `test()`
 * stateful (`lastIndex`), so one shared expression would answer differently
 * from one request to the next.
 */
export function stateless(regexp: RegExp, source: string = regexp.source): RegExp {
  return new RegExp(source, regexp.flags.replace(/[gy]/g, ''));
}
