import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, JSONRenderer, Query, TextRenderer } from '../../src';

type Parameter = { name: string; in: string; required: boolean; schema: { enum?: string[] } };
const parametersOf = (document: unknown, path: string) => ((document as { paths: Record<string, { get: { parameters?: Parameter[] } }> }).paths[path].get.parameters ?? []);

@Controller('/report')
class Report {
  @Get('', { name: 'report', renderers: [JSONRenderer, TextRenderer] }) report() {
    return 'ok';
  }
  @Get('/plain', 'plain') plain() {
    return { ok: true };
  }
  @Get('/own', 'own') own(@Query('format') format?: string) {
    return { format };
  }
}

describe('openapi: ?format= documented when formatOverride is on (docs/renderers-and-parsers.md)', () => {
  it('lists the query parameter with the formats of the route’s renderers, or the app’s', async () => {
    const app = createApp({ routes: [Report], formatOverride: 'format' });
    const document = app.openapi();
    expect(parametersOf(document, '/report').find((p) => p.name === 'format')).to.deep.include({ in: 'query', required: false, schema: { type: 'string', enum: ['json', 'txt'] } });
    expect(parametersOf(document, '/report/plain').find((p) => p.name === 'format')).to.deep.include({ schema: { type: 'string', enum: ['json'] } });
    // What the document says is what the app answers.
    const answered = await request(app.callback()).get('/report?format=txt');
    expect([answered.status, answered.type]).to.deep.equal([200, 'text/plain']);
  });

  it('leaves a route’s own parameter of that name alone, and says nothing when formatOverride is off', () => {
    const own = parametersOf(createApp({ routes: [Report], formatOverride: 'format' }).openapi(), '/report/own').filter((p) => p.name === 'format');
    expect(own).to.have.length(1);
    expect(own[0].schema).to.not.have.property('enum');
    expect(parametersOf(createApp({ routes: [Report] }).openapi(), '/report').filter((p) => p.name === 'format')).to.deep.equal([]);
  });
});
