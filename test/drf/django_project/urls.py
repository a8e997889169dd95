"""The same routes as test/drf/app.ts, in the same order. `/?$` mirrors waymark's optional trailing slash."""
from django.urls import include, re_path

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
