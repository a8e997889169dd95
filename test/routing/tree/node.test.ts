import { expect } from 'chai';
import { parse } from 'path-to-regexp';
import { Interner } from '../../../src/routing/tree/node';
import { formsOf } from '../../../src/routing/tree/steps';
import { isInternalized } from '../../util/internalized';

describe('http/tree/node', () => {
  // Regression: names sliced out of patterns were fresh strings, so each request's `params[name] = value`
  // missed V8's inline cache and Matcher.paramsOf never got optimised (1,000 flat routes: 0.85x of 10).
  it('shapes hold parameter names as internalized property keys, one shape for every form with the same names', () => {
    const intern = new Interner();
    const shapes = ['/r1/items/:id', '/r2/items/:id', '/files/:name.:ext', '/o{/:opt}/*rest'].map((source) => intern.shape(formsOf(parse(source).tokens)[0]));
    expect(shapes[0]).to.equal(shapes[1]);
    expect(shapes.map((shape) => shape.names)).to.deep.equal([['id'], ['id'], ['name', 'ext'], ['opt', 'rest']]);
    for (const name of shapes.flatMap((shape) => shape.names)) expect(isInternalized(name), name).to.equal(true);
  });
});
