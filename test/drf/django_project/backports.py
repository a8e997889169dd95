"""
Fixes from later DRF releases, applied to DRF 3.14 before any request (each is
a named exception in test/drf/exceptions.ts, kind 'backport').
"""
from rest_framework import versioning


def url_path_reverse(self, viewname, args=None, kwargs=None, request=None, format=None, **extra):
    # DRF 3.14 writes the version into the caller's kwargs, so the fallback reversal after
    # NoReverseMatch carries it too and fails (a 500). PR #7247 (3.15) copies the mapping.
    # The version still overrides the caller's, as in 3.14 (and as waymark's seed says).
    if request.version is not None:
        kwargs = {**(kwargs or {}), self.version_param: request.version}
    return super(versioning.URLPathVersioning, self).reverse(viewname, args, kwargs, request, format, **extra)


versioning.URLPathVersioning.reverse = url_path_reverse
