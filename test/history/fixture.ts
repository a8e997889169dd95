import { Type, type Static } from '@sinclair/typebox';
import type { Context } from 'koa';
import { Body, change, Controller, Ctx, field, Get, Param, Post, Query, route, VersionHistory } from '../../src';

// The worked example of docs/version-history.md: three versions of an authors API.
export const Author = Type.Object({ id: Type.Integer(), givenName: Type.String(), familyName: Type.String(), country: Type.String() });
export const NewAuthor = Type.Object({ givenName: Type.String({ minLength: 1 }), familyName: Type.String({ minLength: 1 }), country: Type.String() });
export const Book = Type.Object({ title: Type.String(), author: Author });

export function authorsApi() {
  const authors: Static<typeof Author>[] = [{ id: 1, givenName: 'Ursula', familyName: 'Le Guin', country: 'US' }];
  const seen: unknown[] = [];

  @Controller('/authors', { namespace: 'authors' })
  class AuthorsController {
    @Get('/', { name: 'list', responses: { 200: { schema: Type.Array(Author) } } })
    list() {
      return authors;
    }

    @Get('/search', { name: 'search', responses: { 200: { schema: Type.Array(Author) } } })
    search(@Query('q') q: string) {
      return authors.filter((author) => author.familyName.includes(q));
    }

    @Get('/:id/books', { name: 'books', responses: { 200: { schema: Type.Array(Book) } } })
    books(@Param('id') id: number) {
      return authors.filter((author) => author.id === id).map((author) => ({ title: 'The Dispossessed', author }));
    }

    @Post('/', { name: 'create', responses: { 201: { schema: Author } } })
    create(@Body({ schema: NewAuthor }) body: Static<typeof NewAuthor>, @Ctx() ctx: Context) {
      seen.push(body);
      ctx.status = 201;
      const author = { id: authors.length + 6, ...body };
      authors.push(author);
      return author;
    }
  }

  const splitName = (name: string) => {
    const [givenName, ...rest] = name.split(' ');
    return { givenName, familyName: rest.join(' ') };
  };
  const splitAuthorName = change({
    description: 'An author has `givenName` and `familyName` instead of one `name`.',
    instructions: [
      field(Author, 'givenName').didNotExist,
      field(Author, 'familyName').didNotExist,
      field(Author, 'name').existed({ schema: Type.String() }),
      field(NewAuthor, 'givenName').didNotExist,
      field(NewAuthor, 'familyName').didNotExist,
      field(NewAuthor, 'name').existed({ schema: Type.String(), required: true }),
    ],
    requests: [{ schema: NewAuthor, convert: ({ name, ...rest }) => ({ ...rest, ...splitName(name) }) }],
    responses: [{ schema: Author, convert: (author) => ({ ...author, name: `${author.givenName} ${author.familyName}` }) }],
  });
  const renameNationalityToCountry = change({
    description: "An author's `nationality` is now called `country`.",
    instructions: [field(Author, 'country').had({ name: 'nationality' }), field(NewAuthor, 'country').had({ name: 'nationality' })],
  });
  const addAuthorBooks = change({ description: "`GET /authors/{id}/books` lists an author's books.", instructions: [route('authors:books').didNotExist] });
  const removeAuthorSearch = change({ description: '`GET /authors/search` is gone: filter `GET /authors` instead.', instructions: [route('authors:search').existed] });

  const history = new VersionHistory([
    { version: '2025-06', changes: [splitAuthorName, removeAuthorSearch] },
    { version: '2025-01', changes: [renameNationalityToCountry, addAuthorBooks] },
    { version: '2024-09' },
  ]);
  return { AuthorsController, history, seen };
}
