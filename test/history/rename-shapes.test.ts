import { expect } from 'chai';
import fc from 'fast-check';
import { copyOf } from '../../src/history/convert';
import { renamed, type Renames } from '../../src/history/rename';

/** The rename as a reader states it: each member in its place, a renamed one under its other name. */
function expected(object: Record<string, unknown>, names: Map<string, string>): [string, unknown][] {
  return Object.keys(object).map((key) => [names.get(key) ?? key, object[key]]);
}

describe('version history: renames by member order (docs/performance.md)', () => {
  it('renames every member order alike, the first ones through a function made for the order and the rest the general way', () => {
    const renames: Renames = [['field0', 'title'], ['field7', 'label']];
    const names = new Map(renames.map(([newer, older]) => [newer, older]));
    const keys = Array.from({ length: 20 }, (_, i) => `field${i}`);
    let checked = 0;
    // Twelve orders, each renamed three times: more orders than are compiled, and each seen again.
    for (let order = 0; order < 12; order++) {
      const rotated = [...keys.slice(order), ...keys.slice(0, order)];
      for (let round = 0; round < 3; round++) {
        const record = Object.fromEntries(rotated.map((key, i) => [key, `${key}-${round}-${i}`]));
        const out = renamed(record, renames, 1, 0) as Record<string, unknown>;
        expect(Object.entries(out)).to.deep.equal(expected(record, names));
        checked++;
      }
    }
    expect(checked).to.equal(36);
  });

  it('agrees with the stated rename on random records, in both directions', () => {
    const renames: Renames = [['a', 'x'], ['b', 'y']];
    let renamedSome = 0;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'x', 'y', '0', '1', 'e'), fc.integer()), fc.constantFrom<0 | 1>(0, 1), (record, from) => {
        const to = (1 - from) as 0 | 1;
        const names = new Map(renames.map((pair) => [pair[from], pair[to]]));
        const out = renamed(record, renames, to, from) as Record<string, unknown>;
        const clash = renames.some((pair) => Object.hasOwn(record, pair[from])) && renames.some((pair) => Object.hasOwn(record, pair[to]) && !names.has(pair[to]));
        if (clash || !renames.some((pair) => Object.hasOwn(record, pair[from]))) return; // the clash rule has tests of its own (renames.test.ts)
        renamedSome++;
        expect(Object.entries(out)).to.deep.equal(expected(record, names));
      }),
      { numRuns: 1000 },
    );
    expect(renamedSome).to.be.greaterThan(40);
  });

  it('copies a record member by member into an object of its own, nested objects too, an own __proto__ member kept a member', () => {
    const nested = { deep: [1, { z: 2 }] };
    const record = JSON.parse('{"a": 1, "__proto__": {"role": "admin"}, "n": {"deep": [1, {"z": 2}]}}') as Record<string, unknown>;
    const copy = copyOf(record) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).to.equal(Object.prototype);
    expect(Object.keys(copy)).to.deep.equal(['a', '__proto__', 'n']);
    expect(copy.n).to.deep.equal(nested);
    expect(copy.n).to.not.equal(record.n);
    expect((copy.n as typeof nested).deep[1]).to.not.equal((record.n as typeof nested).deep[1]);
    expect((copy as { role?: unknown }).role).to.equal(undefined);
  });
});
