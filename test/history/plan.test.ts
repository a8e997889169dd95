import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { change, Controller, field, Get, VersionHistory } from '../../src';
import { AppHistory } from '../../src/history/app-history';
import { planRoutes } from '../../src/plan/routes';
import { render } from '../../src/bodies/render';
import { buildRouteTable } from '../../src/table/builder';
import { DEFAULT_PARSE_LIMITS } from '../../src/bodies/parsers/limits';

const Author = Type.Object({ id: Type.Integer(), country: Type.String() });

@Controller('/p')
class Plans {
  @Get('/touched', { name: 'touched', responses: { 200: { schema: Author } } }) touched() {
    return { id: 1, country: 'US' };
  }
  @Get('/untouched', 'untouched') untouched() {
    return {};
  }
}

describe('version history: the route plans', () => {
  const table = buildRouteTable([Plans]);
  const history = new AppHistory(new VersionHistory([{ version: 'v2', changes: [change({ description: 'renamed', instructions: [field(Author, 'country').had({ name: 'nationality' })] })] }, { version: 'v1' }]), table);
  const options = { resolve: undefined, parsers: [], limits: DEFAULT_PARSE_LIMITS, validateResponses: false };
  const [touched, untouched] = planRoutes(table.routes, { ...options, history });
  const [touchedBefore, untouchedBefore] = planRoutes(table.routes, options);

  it('a route the history does not touch keeps the plan it has without one', () => {
    expect(untouched.render).to.equal(render);
    expect(untouched.bind).to.equal(untouchedBefore.bind);
    expect(untouched.around).to.equal(null);
  });

  it('a route it touches renders through it, and binds as the head does when it has nothing to convert forward', () => {
    expect(touched.render).not.to.equal(touchedBefore.render);
    expect(touched.bind).to.equal(touchedBefore.bind);
  });
});
