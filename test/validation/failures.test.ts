import { expect } from 'chai';
import { BadRequest } from '../../src';
import { catalogues } from '../../src/i18n/catalogues';
import { invalid, missing, missingBody, rejected, tooMany } from '../../src/validation/failures';

describe('validation/failures', () => {
  const made = [
    missing('path', 'n'),
    missing('query', 'n'),
    missing('header', 'n'),
    invalid('path', 'n', 'Date'),
    invalid('query', 'n', 'Date'),
    invalid('header', 'n', 'Date'),
    tooMany('query', 'n', 3),
    tooMany('header', 'n', 3),
    missingBody(),
    rejected([{ detail: 'must be integer', parameter: 'n', keyword: 'type', params: { type: 'integer' } }]),
  ];

  it('are 400s (BadRequest) with their catalogue codes', () => {
    expect(made.map((error) => error.code)).to.deep.equal([
      'MISSING_PARAMETER', 'MISSING_PARAMETER', 'MISSING_PARAMETER', 'INVALID_PARAMETER', 'INVALID_PARAMETER', 'INVALID_PARAMETER',
      'TOO_MANY_VALUES', 'TOO_MANY_VALUES', 'MISSING_BODY', 'VALIDATION_FAILED',
    ]);
    for (const error of made) expect(error).to.be.instanceOf(BadRequest).with.property('status', 400);
  });

  it('name the parameter and its place, and carry the schema’s failures as `errors`', () => {
    expect(missing('header', 'x-key').detail).to.equal('Missing header "x-key".');
    expect(invalid('path', 'since', 'Date').detail).to.equal('Invalid path parameter "since": expected an RFC 3339 date or date-time.');
    expect(tooMany('query', 'tag', 1000).detail).to.equal('Invalid query parameter "tag": more than 1000 values.');
    const item = { detail: 'must be integer', parameter: 'n', keyword: 'type', params: { type: 'integer' } };
    expect(rejected([item]).extensions).to.deep.equal({ errors: [item] });
  });

  for (const language of ['fr', 'de', 'es']) {
    it(`every detail is translated into ${language}`, () => {
      for (const error of made) expect(catalogues[language], error.text.template).to.have.property(error.text.template);
    });
  }
});
