import { change, Controller, field, Get, VersionHistory } from '../../src';
import { record, recordSchema } from './contract';

/** The contract row's route (a 20-field record under its response schema), for the history rows. */
@Controller('/users', { namespace: 'users' })
export class Users {
  @Get('/:id', { name: 'detail', responses: { 200: { schema: recordSchema } } }) detail() {
    return record;
  }
}

/**
 * Three versions, each older one with a rename and a response converter, so a value of v1 is
 * converted back twice: the history rows' requests and history.convert's payload alike.
 */
export const history = new VersionHistory([
  {
    version: 'v3',
    changes: [change({ description: 'field0 was title', instructions: [field(recordSchema, 'field0').had({ name: 'title' })], responses: [{ schema: recordSchema, convert: (value) => ({ ...value, field1: value.field1 + 1 }) }] })],
  },
  {
    version: 'v2',
    changes: [change({ description: 'field2 was label', instructions: [field(recordSchema, 'field2').had({ name: 'label' })], responses: [{ schema: recordSchema, convert: (value) => ({ ...value, field3: value.field3 - 1 }) }] })],
  },
  { version: 'v1' },
]);
