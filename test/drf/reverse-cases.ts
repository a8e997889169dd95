/**
 * Cases ported as data from Django's own reversal tests
 * (tests/urlpatterns_reverse/tests.py `test_data` and urls.py), for the
 * patterns that have a path-to-regexp counterpart: each route is written in
 * both syntaxes, each case gives Django's expected result. The test checks
 * the expectation against the real Django 3.2 first (so the port is faithful),
 * then against waymark.
 */
export interface RouteCase {
  name: string;
  django: string;
  waymark: string;
  requirements?: Record<string, string>;
}

export interface IncludeCase {
  django: string;
  waymark: string;
  namespace?: string;
  routes: RouteCase[];
}

export type Entry = RouteCase | IncludeCase;

export interface ReverseCase {
  name: string;
  args?: (string | number)[];
  kwargs?: Record<string, string | number>;
  /** Django's answer; null for NoReverseMatch. */
  expected: string | null;
  /** A documented difference (exceptions.ts, reversalExceptions): waymark's answer instead. */
  waymark?: { expected: string | null; exception: string };
}

const digits = '[0-9]+';
const word = '\\w+';

export const entries: Entry[] = [
  { name: 'places', django: '^places/([0-9]+)/$', waymark: '/places/:id/', requirements: { id: digits } },
  { name: 'places4', django: '^places/(?P<id>[0-9]+)/$', waymark: '/places/:id/', requirements: { id: digits } },
  { name: 'people', django: '^people/(?P<name>\\w+)/$', waymark: '/people/:name/', requirements: { name: word } },
  { name: 'hardcoded', django: '^hardcoded/$', waymark: '/hardcoded/' },
  { name: 'hardcoded2', django: '^hardcoded/doc\\.pdf$', waymark: '/hardcoded/doc.pdf' },
  { name: 'people3', django: '^people/(?P<state>\\w\\w)/(?P<name>\\w+)/$', waymark: '/people/:state/:name/', requirements: { state: '\\w\\w', name: word } },
  { name: 'people4', django: '^people/(?P<state>\\w\\w)/(?P<name>[0-9])/$', waymark: '/people/:state/:name/', requirements: { state: '\\w\\w', name: '[0-9]' } },
  { name: 'price', django: '^price/\\$([0-9]+)/$', waymark: '/price/$:p/', requirements: { p: digits } },
  {
    name: 'product',
    django: '^product/(?P<product>\\w+)\\+\\(\\$(?P<price>[0-9]+(\\.[0-9]+)?)\\)/$',
    waymark: '/product/:product\\+\\($:price\\)/',
    requirements: { product: word, price: '[0-9]+(\\.[0-9]+)?' },
  },
  {
    name: 'headlines',
    django: '^headlines/(?P<year>[0-9]+)\\.(?P<month>[0-9]+)\\.(?P<day>[0-9]+)/$',
    waymark: '/headlines/:year.:month.:day/',
    requirements: { year: digits, month: digits, day: digits },
  },
  {
    name: 'windows',
    django: '^windows_path/(?P<drive_name>[A-Z]):\\\\(?P<path>.+)/$',
    waymark: '/windows_path/:drive_name\\:%5C:path/',
    requirements: { drive_name: '[A-Z]', path: '.+' },
  },
  { name: 'special', django: '^special_chars/(?P<chars>.+)/$', waymark: '/special_chars/:chars/' },
  { name: 'part', django: '^part/(?P<value>\\w+)/$', waymark: '/part/:value/', requirements: { value: word } },
  { name: 'part', django: '^prefix/(?P<prefix>\\w+)/part/(?P<value>\\w+)/$', waymark: '/prefix/:prefix/part/:value/', requirements: { prefix: word, value: word } },
  { name: 'part2', django: '^part2/(?:(?P<value>\\w+)/)?$', waymark: '/part2/{:value/}', requirements: { value: word } },
  { name: 'part2', django: '^prefix/(?P<prefix>\\w+)/part2/(?:(?P<value>\\w+)/)?$', waymark: '/prefix/:prefix/part2/{:value/}', requirements: { prefix: word, value: word } },
  { name: 'named_optional', django: '^optional/(?P<arg1>\\d+)/(?:(?P<arg2>\\d+)/)?$', waymark: '/optional/:arg1/{:arg2/}', requirements: { arg1: '\\d+', arg2: '\\d+' } },
  {
    django: '^outer/(?P<outer>[0-9]+)/',
    waymark: '/outer/:outer',
    routes: [
      { name: 'inner-nothing', django: '^$', waymark: '/', requirements: { outer: digits } },
      { name: 'inner-extra', django: '^extra/(?P<extra>\\w+)/$', waymark: '/extra/:extra/', requirements: { outer: digits, extra: word } },
    ],
  },
  {
    django: '^outer-no-kwargs/([0-9]+)/',
    waymark: '/outer-no-kwargs/:outer',
    routes: [{ name: 'inner-no-kwargs', django: '^inner-no-kwargs/([0-9]+)/$', waymark: '/inner-no-kwargs/:inner/', requirements: { outer: digits, inner: digits } }],
  },
  {
    django: '^inc(?P<outer>[0-9]+)/',
    waymark: '/inc:outer',
    namespace: 'inc-ns5',
    routes: [{ name: 'inner-extra', django: '^extra/(?P<extra>\\w+)/$', waymark: '/extra/:extra/', requirements: { outer: digits, extra: word } }],
  },
  { name: 'e-items', django: '^e-items/(?P<id>[^/]+)/$', waymark: '/e-items/:id/' },
  { name: 'security', django: '(.+)/security/$', waymark: '/*rest/security/' },
];

export const cases: ReverseCase[] = [
  { name: 'places', args: [3], expected: '/places/3/' },
  { name: 'places', args: ['3'], expected: '/places/3/' },
  { name: 'places', args: ['a'], expected: null },
  { name: 'places', args: [], expected: null },
  { name: 'places4', kwargs: { id: 3 }, expected: '/places/3/' },
  { name: 'people', args: ['adrian'], expected: '/people/adrian/' },
  { name: 'people', kwargs: { name: 'adrian' }, expected: '/people/adrian/' },
  { name: 'people', args: ['name with spaces'], expected: null },
  { name: 'people', kwargs: { name: 'name with spaces' }, expected: null },
  { name: 'people', args: [], expected: null },
  { name: 'hardcoded', expected: '/hardcoded/' },
  { name: 'hardcoded2', expected: '/hardcoded/doc.pdf' },
  { name: 'people3', kwargs: { state: 'il', name: 'adrian' }, expected: '/people/il/adrian/' },
  { name: 'people3', kwargs: { state: 'il' }, expected: null },
  { name: 'people3', kwargs: { name: 'adrian' }, expected: null },
  { name: 'people4', kwargs: { state: 'il', name: 'adrian' }, expected: null },
  { name: 'price', args: ['10'], expected: '/price/$10/' },
  { name: 'product', kwargs: { price: '2.00', product: 'chocolate' }, expected: '/product/chocolate+($2.00)/' },
  { name: 'headlines', kwargs: { year: 2007, month: 5, day: 21 }, expected: '/headlines/2007.5.21/' },
  { name: 'windows', kwargs: { drive_name: 'C', path: 'Documents and Settings\\spam' }, expected: '/windows_path/C:%5CDocuments%20and%20Settings%5Cspam/' },
  { name: 'windows', kwargs: { drive_name: 'C', path: 'x' }, expected: '/windows_path/C:%5Cx/' },
  { name: 'special', args: ['~@+\\$*|'], expected: '/special_chars/~@+%5C$*%7C/', waymark: { expected: '/special_chars/~%40%2B%5C%24*%7C/', exception: 'path-sub-delims' } },
  { name: 'special', args: ['some resource'], expected: '/special_chars/some%20resource/' },
  { name: 'special', args: ['10% complete'], expected: '/special_chars/10%25%20complete/' },
  { name: 'special', kwargs: { chars: 'some resource' }, expected: '/special_chars/some%20resource/' },
  { name: 'special', kwargs: { chars: '10% complete' }, expected: '/special_chars/10%25%20complete/' },
  { name: 'special', args: [''], expected: null },
  { name: 'part', kwargs: { value: 'one' }, expected: '/part/one/' },
  { name: 'part', kwargs: { value: 'one', prefix: 'xx' }, expected: '/prefix/xx/part/one/' },
  { name: 'part2', kwargs: { value: 'one' }, expected: '/part2/one/' },
  { name: 'part2', kwargs: {}, expected: '/part2/' },
  { name: 'part2', kwargs: { value: 'one', prefix: 'xx' }, expected: '/prefix/xx/part2/one/' },
  { name: 'part2', kwargs: { prefix: 'xx' }, expected: '/prefix/xx/part2/' },
  { name: 'named_optional', args: [1], expected: '/optional/1/' },
  { name: 'named_optional', kwargs: { arg1: 1 }, expected: '/optional/1/' },
  { name: 'named_optional', args: [1, 2], expected: '/optional/1/2/' },
  { name: 'named_optional', kwargs: { arg1: 1, arg2: 2 }, expected: '/optional/1/2/' },
  { name: 'inner-nothing', kwargs: { outer: '42' }, expected: '/outer/42/', waymark: { expected: '/outer/42', exception: 'prefix-route-slash' } },
  { name: 'inner-nothing', args: ['42'], expected: '/outer/42/', waymark: { expected: '/outer/42', exception: 'prefix-route-slash' } },
  { name: 'inner-nothing', args: ['foo'], expected: null },
  { name: 'inner-extra', kwargs: { extra: 'inner', outer: '42' }, expected: '/outer/42/extra/inner/' },
  { name: 'inner-extra', args: ['42', 'inner'], expected: '/outer/42/extra/inner/' },
  { name: 'inner-extra', args: ['fred', 'inner'], expected: null },
  { name: 'inner-no-kwargs', args: ['42', '1'], expected: '/outer-no-kwargs/42/inner-no-kwargs/1/' },
  { name: 'inc-ns5:inner-extra', kwargs: { outer: '78', extra: 'cat' }, expected: '/inc78/extra/cat/' },
  { name: 'inc-ns5:inner-extra', kwargs: { outer: '70', extra: 'foobar' }, expected: '/inc70/extra/foobar/' },
  { name: 'e-items', kwargs: { id: 'a~b' }, expected: '/e-items/a~b/' },
  { name: 'e-items', kwargs: { id: '..' }, expected: '/e-items/../', waymark: { expected: null, exception: 'dot-segment-value' } },
  { name: 'security', args: ['/example.com'], expected: '/%2Fexample.com/security/', waymark: { expected: null, exception: 'empty-segment' } },
];
