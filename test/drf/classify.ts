import { mismatches, type Case, type Mismatch } from './compare';
import { exceptions, type Exception } from './exceptions';
import type { Answer } from './sides';

export type Verdict =
  | { kind: 'agree' }
  | { kind: 'explained'; by: string[] }
  | { kind: 'unexplained'; left: Mismatch[] };

/** What one suite compares: its mismatch function and its documented exceptions. */
export interface Rules {
  compare(expected: Answer, actual: Answer): Mismatch[];
  exceptions: readonly Exception[];
}

const versioning: Rules = { compare: mismatches, exceptions };

function explain(one: Case, expected: Case['drf'], rules: Rules): { left: Mismatch[]; by: Set<string> } {
  const fieldExceptions = rules.exceptions.filter((exception) => exception.kind === 'field');
  const by = new Set<string>();
  const left = rules.compare(expected, one.waymark).filter((mismatch) => {
    const exception = fieldExceptions.find((candidate) => candidate.explains?.(one, mismatch));
    if (exception) by.add(exception.name);
    return !exception;
  });
  return { left, by };
}

/** Agree, differ only by documented exceptions (named), or differ unexplained (the mismatches left). */
export function classify(one: Case, rules: Rules = versioning): Verdict {
  if (rules.compare(one.drf, one.waymark).length === 0) return { kind: 'agree' };
  const plain = explain(one, one.drf, rules);
  if (plain.left.length === 0) return { kind: 'explained', by: [...plain.by] };
  if (one.variant) {
    const variant = explain(one, one.variant, rules);
    if (variant.left.length === 0) return { kind: 'explained', by: ['rfc9110-accept', ...variant.by] };
  }
  return { kind: 'unexplained', left: plain.left };
}
