import { expect } from 'chai';
import fc from 'fast-check';
import { Interner, Node, type Leaf } from '../../src/routing/tree/node';
import { formsOf } from '../../src/routing/tree/steps';
import { isSimple } from '../../src/table/parse';
import { CompiledPattern, ParamLists } from '../../src/table/pattern';

/**
 * isSimple is a shortcut past path-to-regexp's tokens (no parse, no form,
 * no allocation per route at start-up): where it says yes, the parameter
 * list and the tree path read off the source must be exactly what the
 * tokens give.
 */
describe('table/parse isSimple, and the readings it allows', () => {
  const piece = fc.constantFrom('/', '/', '/', 'a', 'users', '-', '.', '_', '~', ':', ':id', ':a1', ':$x', ':9', '*rest', '{/:o}', '%76', '%2F', 'é', '::', '(', '?');
  const sources = fc.array(piece, { maxLength: 8 }).map((pieces) => `/${pieces.join('')}`);

  it('builds the same tree path as the form of its tokens, and the same parameter list with shared lists as without', () => {
    let simple = 0;
    fc.assert(
      fc.property(fc.array(sources, { minLength: 1, maxLength: 4 }), (batch) => {
        const lists = new ParamLists();
        for (const source of batch) {
          let plain: CompiledPattern;
          try {
            plain = new CompiledPattern(source);
          } catch {
            expect(isSimple(source), source).to.equal(false);
            continue;
          }
          if (!isSimple(source)) continue;
          simple++;
          expect(new CompiledPattern(source, lists).params, source).to.deep.equal(plain.params);
          const forms = formsOf(plain.tokens);
          expect(forms, source).to.have.length(1);
          const leaf: Leaf = { order: 0, form: 0, shape: new Interner().shape(forms[0]) };
          const byForm = new Node<Leaf>();
          byForm.insert(forms[0], leaf, new Interner());
          const bySource = new Node<Leaf>();
          bySource.insertSimple(source, leaf, new Interner());
          expect(bySource, source).to.deep.equal(byForm);
        }
      }),
      { numRuns: 1500 },
    );
    expect(simple).to.be.greaterThan(400);
  });

  it('says no to anything but static text and whole-segment parameters', () => {
    for (const source of ['/files/:name.:ext', '/o{/:opt}', '/files/*path', '/caf%C3%A9', '/café', '/a:b', '/:9', '/:', 'users']) {
      expect(isSimple(source), source).to.equal(false);
    }
    for (const source of ['/', '/users/:id', '/:version/r1/items/:id/', '/a-b.c~d_e']) expect(isSimple(source), source).to.equal(true);
  });
});
