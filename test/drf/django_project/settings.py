"""Settings of the reference project that test/drf drives: DRF's versioning, nothing else."""
SECRET_KEY = 'waymark-differential-test'
DEBUG = False
# Django's own Host syntax check still runs (a 400 for `a..b`); any well-formed host is allowed.
ALLOWED_HOSTS = ['*']
ROOT_URLCONF = 'urls'
INSTALLED_APPS = ['django.contrib.contenttypes', 'django.contrib.auth', 'rest_framework']
MIDDLEWARE = []
USE_I18N = False
USE_TZ = True
DATABASES = {}
LOGGING_CONFIG = None
# Generated queries stay far below this; waymark has no such limit.
DATA_UPLOAD_MAX_NUMBER_FIELDS = None
REST_FRAMEWORK = {
    # DRF's `?format=` override, set by drive.py per configuration (waymark's formatOverride, off by default).
    'URL_FORMAT_OVERRIDE': None,
    'UNAUTHENTICATED_USER': None,
    'DEFAULT_AUTHENTICATION_CLASSES': [],
    'DEFAULT_PERMISSION_CLASSES': [],
}
