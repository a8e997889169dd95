"""
Views with their own renderer_classes and parser_classes, answering like
test/drf/content-app.ts: GET views render a value (a string or rows) with the
negotiated renderer; POST views echo what they parsed (request.data, request.FILES).
"""
import csv
import hashlib
import io
import json

from django.http import QueryDict
from rest_framework import parsers, renderers
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

import views


class StringRenderer(renderers.BaseRenderer):
    """waymark's built-in text renderers: a string as written, anything else as JSON text."""
    charset = 'utf-8'

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return (data if isinstance(data, str) else json.dumps(data)).encode()


class HTMLRenderer(StringRenderer):
    media_type = 'text/html'
    format = 'html'


class TextRenderer(StringRenderer):
    media_type = 'text/plain'
    format = 'txt'


class CSVRenderer(renderers.BaseRenderer):
    """The CSV renderer test/drf/content-app.ts writes: a header row from the first row's keys."""
    media_type = 'text/csv'
    format = 'csv'
    charset = 'utf-8'

    def render(self, data, accepted_media_type=None, renderer_context=None):
        rows = data if isinstance(data, list) else [data]
        out = io.StringIO()
        writer = csv.writer(out, lineterminator='\r\n')
        if rows:
            writer.writerow(list(rows[0].keys()))
        for row in rows:
            writer.writerow(list(row.values()))
        return out.getvalue().encode()


JSON, HTML, TEXT, CSV = renderers.JSONRenderer, HTMLRenderer, TextRenderer, CSVRenderer
RENDERERS = {'json': JSON, 'html': HTML, 'txt': TEXT, 'csv': CSV}


class Config:
    """The app-wide renderers of the configuration drive.py answers (AppOptions.renderers)."""
    renderer_classes = [JSON]


def configure(config):
    Config.renderer_classes = [RENDERERS[name] for name in config.get('appRenderers') or ['json']]


class Content(APIView):
    renderers = None
    parser_classes = [parsers.JSONParser]

    @property
    def versioning_class(self):
        return views.Config.versioning_class

    @property
    def renderer_classes(self):
        return self.renderers or Config.renderer_classes

    def links(self, request):
        return {'X-Self': reverse(request.resolver_match.url_name, request=request)}


class StringView(Content):
    def get(self, request):
        return Response(f'version {request.version}', headers=self.links(request))


class RowsView(Content):
    def get(self, request):
        rows = [{'id': 1, 'name': 'Ada', 'version': request.version}, {'id': 2, 'name': 'Grace, "H."', 'version': request.version}]
        return Response(rows, headers=self.links(request))


def digest(upload):
    upload.seek(0)
    return hashlib.sha256(upload.read()).hexdigest()


class EchoView(Content):
    """What the view sees: form fields as lists of strings, files by field name, JSON as it is."""

    def post(self, request):
        data = request.data
        if isinstance(data, QueryDict):
            data = {key: [v for v in values if isinstance(v, str)] for key, values in data.lists()}
            data = {key: values for key, values in data.items() if values}
        files = {
            field: [{'name': f.name, 'type': f.content_type, 'size': f.size, 'sha256': digest(f)} for f in uploads]
            for field, uploads in request.FILES.lists()
        }
        doc = request.FILES.get('doc')
        return Response({'data': data, 'files': files, 'doc': doc.name if doc else None})


def view(base, renderer_classes=None, parser_classes=None):
    attrs = {}
    if renderer_classes is not None:
        attrs['renderers'] = renderer_classes
    if parser_classes is not None:
        attrs['parser_classes'] = parser_classes
    return type(base.__name__, (base,), attrs).as_view()


JSONP, FORM, MULTIPART = parsers.JSONParser, parsers.FormParser, parsers.MultiPartParser
