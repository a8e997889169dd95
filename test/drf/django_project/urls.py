"""The same routes as test/drf/app.ts, in the same order. `/?$` mirrors waymark's optional trailing slash."""
from django.urls import include, re_path

import content_views as c
import views

namespaced = [
    re_path(r'^users/?$', views.UserList.as_view(), name='users-list'),
    re_path(r'^users/(?P<pk>[^/]+)/?$', views.UserDetail.as_view(), name='users-detail'),
]

urlpatterns = [
    re_path(r'^users/?$', views.UserList.as_view(), name='users-list'),
    re_path(r'^users/(?P<pk>[^/]+)/?$', views.UserDetail.as_view(), name='users-detail'),
    re_path(r'^(?P<version>[^/]+)/users/?$', views.UserList.as_view(), name='vusers-list'),
    re_path(r'^(?P<version>[^/]+)/users/(?P<pk>[^/]+)/?$', views.UserDetail.as_view(), name='vusers-detail'),
    re_path(r'^ns/v1/', include((namespaced, 'users'), namespace='v1')),
    re_path(r'^ns/v2/', include((namespaced, 'users'), namespace='v2')),
    re_path(r'^ns/other/', include((namespaced, 'users'), namespace='other')),
]

# Renderers and parsers per view, the same routes as test/drf/content-app.ts.
urlpatterns += [
    re_path(rf'^content/{path}/?$', view, name=f"content-{path.replace('/', '-')}")
    for path, view in [
        ('default', c.view(c.StringView)),
        ('export', c.view(c.RowsView, [c.CSV, c.JSON])),
        ('page', c.view(c.StringView, [c.HTML, c.TEXT, c.JSON])),
        ('text', c.view(c.StringView, [c.TEXT])),
        ('ctl/inherit', c.view(c.StringView, [c.TEXT, c.HTML])),
        ('ctl/own', c.view(c.StringView, [c.JSON])),
        ('inc/rows', c.view(c.RowsView, [c.JSON, c.CSV])),
        ('echo', c.view(c.EchoView, [c.JSON])),
        ('form', c.view(c.EchoView, [c.JSON], [c.FORM])),
        ('upload', c.view(c.EchoView, [c.JSON], [c.MULTIPART])),
        ('any', c.view(c.EchoView, [c.JSON], [c.JSONP, c.FORM, c.MULTIPART])),
        ('forms/inherit', c.view(c.EchoView, [c.JSON], [c.FORM, c.MULTIPART])),
        ('forms/json', c.view(c.EchoView, [c.JSON], [c.JSONP])),
    ]
]
