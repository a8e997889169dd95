import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, ImproperlyConfigured, include, Post } from '../../src';

@Controller('/users')
class Users {
  @Get('/', 'list') list() {
    return ['list'];
  }
  @Get('/:id', 'detail') detail() {
    return ['detail'];
  }
  @Post('/:id/notes/', 'note') note() {
    return ['note'];
  }
}

@Controller('/both', { trailingSlash: 'strict' })
class Both {
  @Get('/x', 'bare') bare() {
    return 'bare';
  }
  @Get('/x/', 'slashed') slashed() {
    return 'slashed';
  }
}

describe('trailingSlash (docs/trailing-slash.md)', () => {
  it("'optional' (the default) matches either form and reverses to the declared one", async () => {
    const app = createApp({ routes: [Users] });
    expect((await request(app.callback()).get('/users')).body).to.deep.equal(['list']);
    expect((await request(app.callback()).get('/users/7/')).body).to.deep.equal(['detail']);
    expect(app.url('list')).to.equal('/users');
  });

  it("'strict' matches each form only as declared; '/' under a prefix declares the slashed form", async () => {
    const app = createApp({ routes: [Users], trailingSlash: 'strict' });
    expect((await request(app.callback()).get('/users/')).body).to.deep.equal(['list']);
    expect((await request(app.callback()).get('/users')).status).to.equal(404);
    expect((await request(app.callback()).get('/users/7')).status).to.equal(200);
    expect((await request(app.callback()).get('/users/7/')).status).to.equal(404);
    expect([app.url('list'), app.url('detail', { id: 7 }), app.url('note', { id: 7 })]).to.deep.equal(['/users/', '/users/7', '/users/7/notes/']);
  });

  it("'strict' tells /x from /x/ as two routes", async () => {
    const app = createApp({ routes: [Both] });
    expect((await request(app.callback()).get('/both/x')).body).to.equal('bare');
    expect((await request(app.callback()).get('/both/x/')).body).to.equal('slashed');
  });

  it("'redirect' answers the other form with a 308 to the declared one, both ways, query kept, method kept", async () => {
    const app = createApp({ routes: [Users], trailingSlash: 'redirect' });
    const added = await request(app.callback()).get('/users?page=2&q=a%20b');
    expect([added.status, added.headers.location]).to.deep.equal([308, '/users/?page=2&q=a%20b']);
    const removed = await request(app.callback()).get('/users/7/');
    expect([removed.status, removed.headers.location]).to.deep.equal([308, '/users/7']);
    const posted = await request(app.callback()).post('/users/7/notes');
    expect([posted.status, posted.headers.location]).to.deep.equal([308, '/users/7/notes/']);
    expect((await request(app.callback()).get('/users/')).body).to.deep.equal(['list']);
    expect((await request(app.callback()).get('/nowhere/')).status).to.equal(404);
  });

  it("'redirect' never redirects to a form only another method serves, nor to a route that is not in 'redirect' mode", async () => {
    const app = createApp({ routes: [include('', [Users], { trailingSlash: 'redirect' }), Both] });
    // POST /users/7/notes/ exists; GET does not: the request is a 405 after the slash, so it is not redirected.
    expect((await request(app.callback()).get('/users/7/notes')).status).to.equal(404);
    expect((await request(app.callback()).get('/both/y/')).status).to.equal(404);
  });

  it('the innermost setting wins: a controller over its include over the app', async () => {
    @Controller('/loose', { trailingSlash: 'optional' })
    class Loose {
      @Get('/a') a() {
        return 'a';
      }
    }
    const app = createApp({ routes: [include('/in', [Loose, Users], { trailingSlash: 'strict' })], trailingSlash: 'redirect' });
    expect((await request(app.callback()).get('/in/loose/a/')).body).to.equal('a');
    expect((await request(app.callback()).get('/in/users')).status).to.equal(404);
    expect(app.routes.map((route) => route.pattern)).to.deep.equal(['/in/loose/a', '/in/users/', '/in/users/:id', '/in/users/:id/notes/']);
  });

  it('a redirect never leaves the site: a path that would begin with // has its second slash encoded', async () => {
    @Controller('')
    class Root {
      @Get('/', 'root') root() {
        return 'root';
      }
    }
    const app = createApp({ routes: [Root], trailingSlash: 'redirect' });
    const answer = await request(app.callback()).get('//');
    expect([answer.status, answer.headers.location]).to.deep.equal([308, '/']);
  });

  it('refuses an unknown mode where it is written', () => {
    expect(() => createApp({ routes: [Users], trailingSlash: 'always' as never })).to.throw(ImproperlyConfigured, /trailingSlash/);
    expect(() => include('/x', [Users], { trailingSlash: true as never })).to.throw(ImproperlyConfigured, /trailingSlash/);
    @Controller('/c', { trailingSlash: 'yes' as never })
    class Bad {
      @Get('') x() {}
    }
    expect(() => createApp({ routes: [Bad] })).to.throw(ImproperlyConfigured, /Bad/);
  });
});
