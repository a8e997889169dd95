import { expect } from 'chai';
import request from 'supertest';
import { appWith } from './apps';

/** Issue 29: the asset route negotiated as if it sent JSON, whatever file it served. */
describe('docs-page: the asset route negotiates among the types it really sends', () => {
  it('answers `Accept: text/css` alone with the stylesheet, and an image client with the icon', async () => {
    const server = request(appWith('none').callback());
    await server.get('/docs/assets/swagger-ui.css').set('Accept', 'text/css').expect(200).expect('Content-Type', 'text/css; charset=utf-8');
    await server.get('/docs/assets/favicon-32x32.png').set('Accept', 'image/png').expect(200).expect('Content-Type', 'image/png');
    await server.get('/docs/assets/swagger-ui-bundle.js').set('Accept', 'text/javascript, */*;q=0.1').expect(200).expect('Content-Type', 'text/javascript; charset=utf-8');
    await server.get('/docs/assets/swagger-ui.css.map').set('Accept', 'application/json').expect(200).expect('Content-Type', 'application/json; charset=utf-8');
  });

  it('refuses a client that takes none of the file\'s type with a 406 naming that type, never sending another', async () => {
    const server = request(appWith('none').callback());
    const css = await server.get('/docs/assets/swagger-ui.css').set('Accept', 'application/json').expect(406);
    expect(css.body.available).to.deep.equal(['text/css']);
    const png = await server.get('/docs/assets/favicon-32x32.png').set('Accept', 'text/css').expect(406);
    expect(png.body.available).to.deep.equal(['image/png']);
  });

  it('keeps serving browsers and clients that send no Accept', async () => {
    const server = request(appWith('url-path').callback());
    await server.get('/docs/assets/swagger-ui.css').set('Accept', 'text/css,*/*;q=0.1').expect(200);
    await server.get('/docs/assets/favicon-32x32.png').set('Accept', 'image/avif,image/webp,*/*;q=0.8').expect(200).expect('Content-Type', 'image/png');
    const bare = await server.get('/docs/assets/swagger-ui.css').unset('Accept');
    expect(bare.status).to.equal(200);
  });
});
