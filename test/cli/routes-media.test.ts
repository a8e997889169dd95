import { expect } from 'chai';
import { Controller, createApp, FormParser, Get, include, Post, TextRenderer } from '../../src';
import { formatTable, rowsOf } from '../../src/cli/routes';

@Controller('/notes')
class Notes {
  @Get('', { name: 'list', renderers: [TextRenderer] }) list() {
    return 'a note';
  }
  @Post('', 'create') create() {}
}

describe('waymark routes --media: what each route renders and parses', () => {
  const app = createApp({ routes: [Notes, include('/forms', [Notes], { namespace: 'forms', parsers: [FormParser()] })] });

  it('lists the media types of a route’s own renderers and parsers, and (app) for the app’s', () => {
    const table = formatTable(rowsOf(app, true)).split('\n');
    expect(table[0].split(/\s{2,}/)).to.deep.equal(['METHOD', 'PATH', 'NAME', 'VERSIONS', 'REQUIREMENTS', 'HANDLER', 'RENDERS', 'PARSES', 'NOTE']);
    expect(table.slice(1).map((line) => line.split(/\s{2,}/).slice(6, 8))).to.deep.equal([
      ['text/plain', '(app)'],
      ['(app)', '(app)'],
      ['text/plain', 'application/x-www-form-urlencoded'],
      ['(app)', 'application/x-www-form-urlencoded'],
    ]);
    expect(rowsOf(app, true)[2]).to.deep.include({ renderers: ['text/plain'], parsers: ['application/x-www-form-urlencoded'] });
    expect(app.routes[0]).to.deep.include({ renderers: ['text/plain'], parsers: null });
  });

  it('leaves the table and the --json rows as they were without the flag', () => {
    expect(formatTable(rowsOf(app)).split('\n')[0]).to.not.include('RENDERS');
    expect(rowsOf(app)[0]).to.not.have.property('renderers');
  });
});
