import { expect } from 'chai';
import { camelCase, controllerTag } from '../../src/openapi/operation-id';

describe('openapi/operation-id', () => {
  it('turns a full route name into a lower camel case identifier of ASCII letters and digits', () => {
    const cases: [string, string][] = [
      ['catalog:books:create', 'catalogBooksCreate'],
      ['users-detail', 'usersDetail'],
      ['Users.ping', 'usersPing'],
      ['v1:users:users_detail', 'v1UsersUsersDetail'],
      ['HTTP:get', 'httpGet'],
      ['2fa:verify', 'op2faVerify'],
      ['café:ünï', 'cafN'],
      ['::', 'operation'],
    ];
    for (const [name, id] of cases) {
      expect(camelCase(name), name).to.equal(id);
      expect(camelCase(name), name).to.match(/^[A-Za-z][A-Za-z0-9]*$/);
    }
  });

  it("takes a controller's tag from its class name without Controller", () => {
    expect(controllerTag(class BooksController {})).to.equal('Books');
    expect(controllerTag(class Books {})).to.equal('Books');
    expect(controllerTag(class Controller {})).to.equal(null);
  });
});
