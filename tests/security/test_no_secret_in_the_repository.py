"""No private key, cloud credential or real password is tracked by git."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()

# Anywhere in a tracked file.
SECRET_PATTERNS = {
    "private key": re.compile(r"-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----"),
    "AWS access key id": re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    "AWS secret key": re.compile(r"aws_secret_access_key\s*[=:]\s*\S{20,}", re.IGNORECASE),
    "GitHub token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "Slack token": re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    "Stripe live key": re.compile(r"\b[sr]k_live_[A-Za-z0-9]{16,}"),
    "Google API key": re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),
    "password in a URL": re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s:/@'\"]+:(?P<password>[^\s@/'\"]+)@"),
}
# Credentials everyone knows, written on purpose (RabbitMQ's local default in
# CI) and documentation placeholders (``postgres://user:pass@host/db``).
KNOWN_DEFAULTS = {"guest", "pass", "password", "secret", "PASSWORD", "<password>", "…", "..."}

# In settings and configuration files only.
SETTINGS_FILES = re.compile(
    r"(^config/.*\.py$|\.env$|\.env\.|\.ini$|\.cfg$|\.toml$|\.ya?ml$|(^|/)settings[^/]*\.py$)"
)
ASSIGNED_SECRET = re.compile(
    r"""(?P<key>[A-Z_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|API_KEY)[A-Z_]*)\s*[=:]\s*["'](?P<value>[^"']+)["']"""
)
DOCUMENTED_DEV_DEFAULTS = {"dev-only-not-secret"}
FORBIDDEN_FILES = re.compile(r"(^|/)(id_rsa|id_ed25519|id_ecdsa)$|\.(pem|key|p12|pfx|sqlite3)$|(^|/)\.env$")


def tracked_files() -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [name for name in out.decode().split("\0") if name]


def _text(path: str) -> str | None:
    file = ROOT / path
    if not file.is_file() or file.stat().st_size > 2_000_000:
        return None
    data = file.read_bytes()
    if b"\0" in data[:8000]:
        return None
    return data.decode("utf-8", errors="replace")


def test_no_secret_in_tracked_files():
    files = tracked_files()
    assert len(files) > 20
    found = []
    for path in files:
        if path == THIS_FILE:
            continue
        text = _text(path)
        if text is None:
            continue
        for label, pattern in SECRET_PATTERNS.items():
            for match in pattern.finditer(text):
                if match.groupdict().get("password") in KNOWN_DEFAULTS:
                    continue
                found.append(f"{path}: {label}: {match.group(0)[:60]}")
        if SETTINGS_FILES.search(path):
            for match in ASSIGNED_SECRET.finditer(text):
                if match.group("value") not in DOCUMENTED_DEV_DEFAULTS:
                    found.append(f"{path}: {match.group('key')} set in the file")
    assert not found, "Secrets tracked by git:\n" + "\n".join(found)


def test_no_key_or_database_file_is_tracked():
    found = [path for path in tracked_files() if FORBIDDEN_FILES.search(path)]
    assert not found, f"Files that hold keys or data are tracked: {found}"


def test_the_scanner_finds_a_planted_secret():
    """The control: the patterns do match what they are meant to find."""
    planted = "-----BEGIN " + "RSA PRIVATE KEY-----\nAKIA" + "ABCDEFGHIJKLMNOP postgres://u:" + "hunter2@db"
    assert SECRET_PATTERNS["private key"].search(planted)
    assert SECRET_PATTERNS["AWS access key id"].search(planted)
    assert SECRET_PATTERNS["password in a URL"].search(planted).group("password") == "hunter2"
    assert ASSIGNED_SECRET.search('EMAIL_HOST_PASSWORD = "hunter2"')
    assert not ASSIGNED_SECRET.search('EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")')
