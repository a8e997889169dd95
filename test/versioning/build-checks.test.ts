import { expect } from 'chai';
import { Controller, createApp, Get, ImproperlyConfigured, include, URLPathVersioning } from '../../src';

@Controller('/users')
class Users {
  @Get('', 'list') list() {
    return [];
  }
}

describe('versioning/build-checks', () => {
  it('URLPathVersioning where no route carries its parameter is ImproperlyConfigured, naming the parameter and the fix (url_path_without_param)', () => {
    expect(() => createApp({ routes: [Users], versioning: new URLPathVersioning({ allowedVersions: ['v1'], defaultVersion: 'v1' }) })).to.throw(
      ImproperlyConfigured,
      /path parameter ":version".*'\/users'.*include\('\/:version'/,
    );
    @Controller('/things', { versioning: new URLPathVersioning({ versionParam: 'api' }) })
    class Things {
      @Get('', 'things') things() {}
    }
    expect(() => createApp({ routes: [Things] })).to.throw(ImproperlyConfigured, /":api"/);
    expect(() => createApp({ routes: [include('/:version', [Users])], versioning: new URLPathVersioning({ allowedVersions: ['v1'] }) })).to.not.throw();
  });

  it('a scheme class passed instead of an instance is named, with the fix, never printed as source (scheme_class_not_instance)', () => {
    let message = '';
    try {
      createApp({ routes: [include('/:version', [Users])], versioning: URLPathVersioning as never });
    } catch (error) {
      expect(error).to.be.instanceOf(ImproperlyConfigured);
      message = (error as Error).message;
    }
    expect(message).to.equal(
      'createApp() option versioning must be a versioning scheme instance such as new URLPathVersioning({ ... }), got the class URLPathVersioning.',
    );
    expect(() => createApp({ routes: [Users], versioning: { determineVersion: 1 } as never })).to.throw(ImproperlyConfigured, /got an object of class Object\.$/);
  });
});
