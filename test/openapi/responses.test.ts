import { expect } from 'chai';
import { PROBLEM_REF, responsesOf } from '../../src/openapi/responses';

const problem = { 'application/problem+json': { schema: { $ref: PROBLEM_REF } } };
const json = (schema: object) => ({ 'application/json; version=v2': { schema } });

describe('openapi/responses', () => {
  it('gives a route without documented responses a 200 with any body and a 204, then its problems in order', () => {
    const responses = responsesOf({ docs: {}, mediaTypes: ['application/json; version=v2'], problems: [406, 404, 400, 404] });
    expect(responses).to.deep.equal({
      200: { description: 'OK', content: json({}) },
      204: { description: 'No Content' },
      400: { description: 'Bad Request', content: problem },
      404: { description: 'Not Found', content: problem },
      406: { description: 'Not Acceptable', content: problem },
    });
  });

  it('says what waymark sends for a documented response without a schema', () => {
    const docs = { responses: { 201: {}, 204: { description: 'Gone quiet' }, 409: {}, '2XX': {}, default: {} } };
    const responses = responsesOf({ docs, mediaTypes: ['application/json; version=v2'], problems: [404] });
    expect(responses).to.deep.equal({
      201: { description: 'Created', content: json({}) }, // the media types carry the Accept scheme's version
      204: { description: 'Gone quiet' },
      409: { description: 'Conflict', content: problem },
      '2XX': { description: 'Any 2XX response', content: json({}) },
      default: { description: 'Any other response' },
    });
  });

  it("lets a route's own 4XX or default replace the error entries waymark would add (docs/errors.md#in-the-documents)", () => {
    const fourXX = responsesOf({ docs: { responses: { 200: {}, '4XX': { schema: { type: 'object' } } } }, mediaTypes: ['application/json'], problems: [400, 404, 500] });
    expect(Object.keys(fourXX)).to.have.members(['200', '4XX', '500']);
    const fallback = responsesOf({ docs: { responses: { 200: {}, default: { schema: { type: 'object' } } } }, mediaTypes: ['application/json'], problems: [400, 404, 500] });
    expect(Object.keys(fallback)).to.deep.equal(['200', 'default']);
  });

  it('writes error entries with the content it is given (AppOptions.errors)', () => {
    const content = () => ({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
    const responses = responsesOf({ docs: { responses: { 200: {}, 409: {} } }, mediaTypes: ['application/json'], problems: [404], errorContent: content });
    expect(responses['409']).to.deep.equal({ description: 'Conflict', content: content() });
    expect(responses['404']).to.deep.equal({ description: 'Not Found', content: content() });
    expect((responses['404'] as { content: unknown }).content).to.not.equal((responses['409'] as { content: unknown }).content);
  });

  it("keeps a route's own documentation of a problem status", () => {
    const docs = { responses: { 404: { description: 'No such user', schema: { type: 'object' } } } };
    const responses = responsesOf({ docs, mediaTypes: ['application/json'], problems: [404, 406] });
    expect(responses['404']).to.deep.equal({ description: 'No such user', content: { 'application/json': { schema: { type: 'object' } } } });
    expect(responses['406']).to.deep.equal({ description: 'Not Acceptable', content: problem });
  });
});
