# Helpers for .ci/suites/*.sh (sourced by .ci/run).
# need_apt PKG...: installs the Debian packages that are missing; runs `apt-get update` once per CI run.
need_apt() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ -z "${WAYMARK_APT_UPDATED:-}" ]; then
    apt-get update -qq || return 1
    export WAYMARK_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
