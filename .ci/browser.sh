#!/usr/bin/env bash
# Debian's Chromium for the Playwright journeys (Playwright's own browser
# download cannot run here; the tests point executable_path at this one).
set -u
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then exit 1; fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null 2>&1
