import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, NotFound } from '../../src';
import { catalogues } from '../../src/i18n/catalogues';
import { Message } from '../../src/errors';
import { Translator } from '../../src/i18n/translator';

@Controller()
class Thrower {
  @Get('/custom', 'custom') custom() {
    throw new NotFound('No such widget.');
  }
}

describe('i18n/translator', () => {
  it('ships fr, de and es with the same keys', () => {
    const keys = Object.keys(catalogues.fr).sort();
    expect(keys.length).to.be.at.least(15);
    expect(Object.keys(catalogues.de).sort()).to.deep.equal(keys);
    expect(Object.keys(catalogues.es).sort()).to.deep.equal(keys);
  });

  it('negotiates the language from Accept-Language, English when nothing fits', () => {
    const translator = new Translator();
    expect(translator.language('de-AT, fr;q=0.5')).to.equal('de');
    expect(translator.language('pt-BR')).to.equal('en');
    expect(translator.language(undefined)).to.equal('en');
    expect(translator.language('es;q=0.1, en;q=0.9')).to.equal('en');
    expect(translator.language(`${'x-'.repeat(2000)}`)).to.equal('en');
  });

  it('translates lazily, with parameters, and falls back to English', () => {
    const translator = new Translator({ fr: { 'Not found.': 'Introuvable.' }, it: { 'Not found.': 'Non trovato.' } });
    expect(translator.translate(new Message('Not found.'), 'fr')).to.equal('Introuvable.');
    expect(translator.translate(new Message('Not found.'), 'it')).to.equal('Non trovato.');
    expect(translator.translate(new Message('Bad request.'), 'it')).to.equal('Bad request.');
    expect(translator.translate(new Message('Invalid header "{name}": expected a number.', { name: 'x-n' }), 'es')).to.equal('Cabecera «x-n» no válido: se esperaba un número.');
  });

  it('sends Vary: Accept-Language on a translatable detail whichever language is chosen, and not otherwise', async () => {
    const app = createApp({ routes: [Thrower], translations: { fr: { 'No such widget.': 'Pas de tel gadget.' } } });
    const english = await request(app.callback()).get('/nowhere');
    expect([english.body.detail, english.headers.vary]).to.deep.equal(['Not found.', 'Accept-Language']);
    const french = await request(app.callback()).get('/custom').set('Accept-Language', 'fr');
    expect([french.body.detail, french.headers.vary]).to.deep.equal(['Pas de tel gadget.', 'Accept-Language']);
    const plain = await request(createApp({ routes: [Thrower] }).callback()).get('/custom').set('Accept-Language', 'fr');
    expect(plain.body.detail).to.equal('No such widget.');
    expect(plain.headers).to.not.have.property('vary');
  });
});
