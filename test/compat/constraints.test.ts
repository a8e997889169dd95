import { expect } from 'chai';
import { compareConstraints } from '../../src/compat/constraints';
import type { Change } from '../../src/compat/rules';

function rules(before: Record<string, unknown>, after: Record<string, unknown>, direction: 'request' | 'response' = 'request'): string[] {
  const changes: Change[] = [];
  compareConstraints(before, after, '#', direction, changes);
  return changes.map((c) => c.rule);
}

describe('compat/constraints: constraint keywords as limits', () => {
  it('reads minimum and exclusiveMinimum as one lower bound', () => {
    expect(rules({ minimum: 5 }, { exclusiveMinimum: 4 })).to.deep.equal(['request-constraint-relaxed']);
    expect(rules({ minimum: 5 }, { exclusiveMinimum: 5 })).to.deep.equal(['request-constraint-tightened']);
    expect(rules({ exclusiveMaximum: 10 }, { maximum: 10 })).to.deep.equal(['request-constraint-relaxed']);
  });

  it('compares multipleOf by divisibility', () => {
    expect(rules({ multipleOf: 2 }, { multipleOf: 4 })).to.deep.equal(['request-constraint-tightened']);
    expect(rules({ multipleOf: 4 }, { multipleOf: 2 })).to.deep.equal(['request-constraint-relaxed']);
    expect(rules({ multipleOf: 2 }, { multipleOf: 3 })).to.deep.equal(['request-constraint-tightened']);
    expect(rules({ multipleOf: 2 }, { multipleOf: 3 }, 'response')).to.deep.equal(['response-constraint-relaxed']);
  });

  it('compares patterns of literal alternatives as sets (a version parameter gaining a version is relaxed)', () => {
    expect(rules({ pattern: '^(?:v1|v2)$' }, { pattern: '^(?:v1|v2|v3)$' })).to.deep.equal(['request-constraint-relaxed']);
    expect(rules({ pattern: '^(?:v1|v2)$' }, { pattern: '^v1$' })).to.deep.equal(['request-constraint-tightened']);
    expect(rules({ pattern: '^a\\.b$' }, { pattern: '^(?:a\\.b|c)$' })).to.deep.equal(['request-constraint-relaxed']);
  });

  it('reads any other changed pattern or format as both tighter and looser', () => {
    expect(rules({ pattern: '^a.b$' }, { pattern: '^a.+b$' })).to.deep.equal(['request-constraint-tightened']);
    expect(rules({ pattern: '^a.b$' }, { pattern: '^a.+b$' }, 'response')).to.deep.equal(['response-constraint-relaxed']);
    expect(rules({ format: 'email' }, { format: 'idn-email' }, 'response')).to.deep.equal(['response-constraint-relaxed']);
    expect(rules({ pattern: '^a\\|b$' }, { pattern: '^(?:a|b)$' })).to.deep.equal(['request-constraint-tightened']);
  });

  it('says nothing when the limits are the same', () => {
    expect(rules({ minLength: 1, maxLength: 3, pattern: '^x', uniqueItems: true }, { maxLength: 3, minLength: 1, pattern: '^x', uniqueItems: true })).to.deep.equal([]);
  });
});
