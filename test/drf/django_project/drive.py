"""
Answers a batch of requests with the real DRF, in-process, one WSGI call each.

stdin: {"requests": [{"config": {...}, "method", "path", "headers": {...}, "body"?: base64}], "reversals": [...]}
stdout: {"responses": [{"status", "body", "text", "vary", "type", "self"}], "reversals": [{"url"} | {"error"}]}

`path` is the raw request-target (path and query, percent-encoded as sent);
the WSGI environ is built from it the way a WSGI server does (PATH_INFO
percent-decoded and read as ISO-8859-1, QUERY_STRING as sent).
"""
import base64
import io
import json
import logging
import os
import sys
import types
from urllib.parse import unquote_to_bytes, urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'settings')

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.urls import NoReverseMatch, reverse  # noqa: E402
from rest_framework.settings import api_settings  # noqa: E402

import content_views  # noqa: E402
import views  # noqa: E402
import backports  # noqa: E402,F401
import variants  # noqa: E402

# Django logs every 4xx/5xx it answers; the harness reads statuses instead.
logging.disable(logging.CRITICAL)
handler = WSGIHandler()


def environ_for(request):
    target = request['path']
    path, _, query = target.partition('?')
    headers = request.get('headers', {})
    body = base64.b64decode(request['body']) if request.get('body') is not None else b''
    environ = {
        'REQUEST_METHOD': request['method'],
        'PATH_INFO': unquote_to_bytes(path).decode('iso-8859-1'),
        'SCRIPT_NAME': '',
        'QUERY_STRING': query,
        'SERVER_NAME': 'testserver',
        'SERVER_PORT': '80',
        'SERVER_PROTOCOL': 'HTTP/1.1',
        'REMOTE_ADDR': '127.0.0.1',
        'wsgi.version': (1, 0),
        'wsgi.url_scheme': 'http',
        'wsgi.input': io.BytesIO(body),
        'wsgi.errors': io.StringIO(),
        'wsgi.multithread': False,
        'wsgi.multiprocess': False,
        'wsgi.run_once': False,
    }
    for name, value in headers.items():
        # Values are byte strings written as ISO-8859-1 text: what Node and a WSGI server both hand over.
        key = name.upper().replace('-', '_')
        # A WSGI server hands these two over without the HTTP_ prefix (PEP 3333).
        environ[key if key in ('CONTENT_TYPE', 'CONTENT_LENGTH') else 'HTTP_' + key] = value
    if request.get('body') is not None:
        environ['CONTENT_LENGTH'] = str(len(body))
    return environ


def answer(request):
    config = request['config']
    views.configure(config)
    content_views.configure(config)
    settings.USE_X_FORWARDED_HOST = bool(config.get('proxy'))
    # DRF's `?format=` override (URL_FORMAT_OVERRIDE), on where the configuration sets waymark's formatOverride.
    api_settings.URL_FORMAT_OVERRIDE = config.get('formatOverride')
    captured = {}

    def start_response(status, headers, exc_info=None):
        captured['status'] = int(status.split(' ', 1)[0])
        captured['headers'] = headers

    chunks = handler(environ_for(request), start_response)
    body = b''.join(chunks)
    if hasattr(chunks, 'close'):
        chunks.close()
    vary = [value for name, value in captured['headers'] if name.lower() == 'vary']
    content_type = [value for name, value in captured['headers'] if name.lower() == 'content-type']
    self_link = [value for name, value in captured['headers'] if name.lower() == 'x-self']
    try:
        parsed = json.loads(body) if body else None
    except ValueError:
        parsed = None
    return {
        'status': captured['status'],
        'body': parsed,
        'text': body.decode('utf-8', errors='replace'),
        'vary': ', '.join(vary),
        'type': content_type[0] if content_type else '',
        'self': self_link[0] if self_link else '',
    }


def urlconf_module(entries):
    """A URLconf built from data: [{"regex", "name"} | {"regex", "include": [...], "namespace"?}]."""
    from django.urls import include, re_path

    def patterns(items):
        out = []
        for entry in items:
            if 'include' in entry:
                out.append(re_path(entry['regex'], include((patterns(entry['include']), entry.get('app')), namespace=entry.get('namespace'))))
            else:
                out.append(re_path(entry['regex'], views.UserList.as_view(), name=entry['name']))
        return out

    module = types.ModuleType('generated_urls')
    module.urlpatterns = patterns(entries)
    return module


def reversal(item, urlconf):
    try:
        if item.get('query') is not None:
            # What Django 5.2's reverse(query=...) writes: django.utils.http.urlencode, i.e. quote_plus.
            return {'url': urlencode(item['query'], doseq=True)}
        return {'url': reverse(item['name'], urlconf=urlconf, args=item.get('args'), kwargs=item.get('kwargs'))}
    except NoReverseMatch:
        return {'error': 'NoReverseMatch'}


def main():
    batch = json.load(sys.stdin)
    out = {'responses': [], 'variants': [], 'reversals': []}
    for request in batch.get('requests', []):
        out['responses'].append(answer(request))
        # The same request under DRF with RFC 9110's Accept rules (see variants.py), when it has an Accept header.
        if 'accept' in {name.lower() for name in request.get('headers', {})}:
            with variants.rfc9110():
                out['variants'].append(answer(request))
        else:
            out['variants'].append(None)
    urlconf = urlconf_module(batch.get('urlconf', []))
    for item in batch.get('reversals', []):
        out['reversals'].append(reversal(item, urlconf))
    json.dump(out, sys.stdout)


if __name__ == '__main__':
    main()
