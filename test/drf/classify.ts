import { mismatches, type Case, type Mismatch } from './compare';
import { exceptions } from './exceptions';

export type Verdict =
  | { kind: 'agree' }
  | { kind: 'explained'; by: string[] }
  | { kind: 'unexplained'; left: Mismatch[] };

const fieldExceptions = exceptions.filter((exception) => exception.kind === 'field');

function explain(one: Case, expected: Case['drf']): { left: Mismatch[]; by: Set<string> } {
  const by = new Set<string>();
  const left = mismatches(expected, one.waymark).filter((mismatch) => {
    const exception = fieldExceptions.find((candidate) => candidate.explains?.(one, mismatch));
    if (exception) by.add(exception.name);
    return !exception;
  });
  return { left, by };
}

/** Agree, differ only by documented exceptions (named), or differ unexplained (the mismatches left). */
export function classify(one: Case): Verdict {
  if (mismatches(one.drf, one.waymark).length === 0) return { kind: 'agree' };
  const plain = explain(one, one.drf);
  if (plain.left.length === 0) return { kind: 'explained', by: [...plain.by] };
  if (one.variant) {
    const variant = explain(one, one.variant);
    if (variant.left.length === 0) return { kind: 'explained', by: ['rfc9110-accept', ...variant.by] };
  }
  return { kind: 'unexplained', left: plain.left };
}
