import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { Body, change, changelog, changelogOf, Controller, createApp, field, Get, include, Post, QueryParameterVersioning, renderChangelog, route, URLPathVersioning, VersionHistory } from '../../src';

const Author = Type.Object({ id: Type.Integer(), givenName: Type.String(), country: Type.String(), age: Type.Integer() }, { title: 'Author' });
const NewAuthor = Type.Object({ givenName: Type.String(), country: Type.String() }, { title: 'NewAuthor' });

@Controller('/authors', { namespace: 'authors' })
class Authors {
  @Get('/', { name: 'list', responses: { 200: { schema: Type.Array(Author) } } }) list() {
    return [];
  }
  @Get('/search', { name: 'search', responses: { 200: { schema: Type.Array(Author) } } }) search() {
    return [];
  }
  @Post('/', { name: 'create', responses: { 201: { schema: Author } } }) create(@Body({ schema: NewAuthor }) _body: unknown) {
    return { id: 1, givenName: 'U', country: 'US', age: 3 };
  }
}

const history = new VersionHistory([
  {
    version: '3',
    changes: [
      change({ description: 'age is a number', instructions: [field(Author, 'age').had({ schema: Type.String() })], responses: [{ schema: Author, convert: (a) => ({ ...a, age: String(a.age) }) }] }),
      change({ description: 'search is gone', instructions: [route('authors:search').existed] }),
    ],
  },
  {
    version: '2',
    changes: [
      change({ description: 'givenName, and country renamed', instructions: [field(Author, 'givenName').didNotExist, field(Author, 'country').had({ name: 'nationality' }), field(NewAuthor, 'country').had({ name: 'nationality', required: false })] }),
    ],
  },
  { version: '1' },
]);

describe('version history: the changelog', () => {
  it('lists every instruction in typed form, newest version first', () => {
    const [three, two, one] = changelogOf(history);
    expect(three.changes.map((c) => c.entries)).to.deep.equal([
      [{ kind: 'field-retyped', schema: 'Author', field: 'age', from: { type: 'string' } }],
      [{ kind: 'route-removed', route: 'authors:search' }],
    ]);
    expect(two.changes[0].entries).to.deep.equal([
      { kind: 'field-added', schema: 'Author', field: 'givenName' },
      { kind: 'field-renamed', schema: 'Author', field: 'country', from: 'nationality' },
      { kind: 'field-renamed', schema: 'NewAuthor', field: 'country', from: 'nationality' },
      { kind: 'field-requirement-changed', schema: 'NewAuthor', field: 'country', required: true },
    ]);
    expect(one).to.deep.equal({ version: '1', changes: [] });
  });

  it('says what the compatibility rules find between each version and the one below, the same under every scheme', () => {
    const byQuery = createApp({ routes: [Authors], versioning: new QueryParameterVersioning({ defaultVersion: '3' }), history });
    const byPath = createApp({ routes: [include('/:version', [Authors])], versioning: new URLPathVersioning({ defaultVersion: '3' }), history });
    const notes = changelog(byQuery);
    expect(changelog(byPath)).to.deep.equal(notes);
    const rules = (index: number) => notes[index].compatibility?.changes.map((c) => `${c.rule} ${c.at}`);
    expect(rules(0)).to.include('operation-removed GET /authors/search');
    expect(rules(0)).to.include('response-type-widened GET /authors 200 application/json #/0/age');
    expect(rules(1)).to.include('response-property-added GET /authors 200 application/json #/0/givenName');
    expect(notes[2].compatibility).to.equal(null);
    expect(notes[0].compatibility?.breaking).to.be.greaterThan(0);
  });

  it('renders Markdown over the data', () => {
    const text = renderChangelog(changelog(createApp({ routes: [Authors], versioning: new QueryParameterVersioning({ defaultVersion: '3' }), history })));
    expect(text).to.match(/^# Changelog\n\n## 3\n\n- age is a number\n  - `Author`: field `age` retyped/);
    expect(text).to.include('- search is gone\n  - route `authors:search` removed');
    expect(text).to.include('  - `Author`: field `nationality` renamed to `country`');
    expect(text).to.include('**breaking** `operation-removed` at GET /authors/search');
    expect(text).to.match(/## 1\n\nThe first version\.\n$/);
  });

  it('is empty for an app without a history', () => {
    expect(changelog(createApp({ routes: [Authors] }))).to.deep.equal([]);
  });
});
