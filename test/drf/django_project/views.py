"""Two views answering like test/drf/app.ts: the version and links built with DRF's reverse()."""
import json

from rest_framework import renderers, versioning
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

SCHEMES = {
    'accept': versioning.AcceptHeaderVersioning,
    'path': versioning.URLPathVersioning,
    'namespace': versioning.NamespaceVersioning,
    'host': versioning.HostNameVersioning,
    'query': versioning.QueryParameterVersioning,
}


class HTMLRenderer(renderers.BaseRenderer):
    """The second media type of the mirrored app; it renders JSON text, as waymark does."""
    media_type = 'text/html'
    format = 'html'

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data).encode()


class Config:
    """What drive.py sets before each request (one process answers many configurations)."""
    versioning_class = None
    renderer_classes = [renderers.JSONRenderer]


def configure(config):
    scheme = config.get('scheme')
    if scheme is None:
        Config.versioning_class = None
    else:
        attrs = {
            'default_version': config.get('defaultVersion'),
            'allowed_versions': config.get('allowedVersions'),
            'version_param': config.get('versionParam', 'version'),
        }
        Config.versioning_class = type('Configured', (SCHEMES[scheme],), attrs)
    html = 'text/html' in config.get('mediaTypes', [])
    Config.renderer_classes = [renderers.JSONRenderer] + ([HTMLRenderer] if html else [])


class Mirrored(APIView):
    @property
    def versioning_class(self):
        return Config.versioning_class

    @property
    def renderer_classes(self):
        return Config.renderer_classes

    def answer(self, request, pk=None):
        match = request.resolver_match
        links = {
            'self': reverse(match.url_name, kwargs=dict(match.kwargs) or None, request=request),
            'list': reverse('users-list', request=request),
            'detail': reverse('users-detail', kwargs={'pk': pk or '7'}, request=request),
            'app': reverse('users:users-list', request=request),
        }
        return Response({'version': request.version, 'links': links})


class UserList(Mirrored):
    def get(self, request, version=None):
        return self.answer(request)


class UserDetail(Mirrored):
    def get(self, request, pk, version=None):
        return self.answer(request, pk)
