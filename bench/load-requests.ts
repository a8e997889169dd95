/** What the load test sends: the five schemes' valid requests, then hostile ones. */
export const requests: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string> }[] = [
  { method: 'GET', path: '/accept/users/1', headers: { accept: 'application/json; version=v2' } },
  { method: 'GET', path: '/path/v2/users/2' },
  { method: 'GET', path: '/ns/v1/users/3' },
  { method: 'GET', path: '/host/users/4', headers: { host: 'v2.example.com' } },
  { method: 'GET', path: '/query/users/5?version=v2' },
  // hostile
  { method: 'GET', path: '/accept/users/1', headers: { accept: `application/json; version="${'x'.repeat(200)}` } },
  { method: 'GET', path: '/accept/users/1', headers: { accept: Array.from({ length: 300 }, (_, i) => `a/b${i};q=0.${i % 9}`).join(',') } },
  { method: 'GET', path: '/path/%E0%A4%A/users/1' },
  { method: 'GET', path: `/path/${'v'.repeat(300)}/users/1` },
  { method: 'GET', path: '/ns/v9/users/1' },
  { method: 'GET', path: '/host/users/1', headers: { host: 'evil.com:x@good.com' } },
  { method: 'GET', path: '/host/users/1', headers: { host: 'v9.example.com' } },
  { method: 'GET', path: '/query/users/1?version=%0d%0aSet-Cookie:x&version=%E2%98%83' },
  { method: 'GET', path: '/query/users/abc?__proto__=1' },
  { method: 'POST', path: '/query/users/1' },
  { method: 'GET', path: '//evil.com/users/1' },
];
