# The differential test against the real DRF 3.14 / Django 3.2 (Debian's packages): npm run test:drf.
need_apt python3-django python3-djangorestframework || return 1
npm run --silent test:drf
