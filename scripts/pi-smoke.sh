#!/usr/bin/env bash
# pi-smoke.sh: does the cabinet still run on a Raspberry Pi's CPU?  (issue 25)
#
# On a Debian/Ubuntu x86-64 machine with root, without a Pi:
#   1. installs qemu-user-static and debootstrap from the distribution's
#      packages and registers the aarch64 interpreter (binfmt_misc);
#   2. builds a minimal arm64 Debian bookworm root (Raspberry Pi OS's base),
#      cached between runs under $CACHE (default ~/.cache/cabinet-pi-smoke);
#   3. clones this repository's committed HEAD (a clean clone) into the root
#      and installs it with its [pi] extra from wheels in a fresh venv there;
#   4. under QEMU_CPU=cortex-a72 (Pi 4) and cortex-a76 (Pi 5): imports every
#      runtime dependency (and runs each dice net once: a wheel built for a
#      newer CPU dies with SIGILL, as onnxruntime 1.21.0 did on a Pi 4),
#      checks pygame-ce's SDL has the KMSDRM driver, reads the dice in a fixed
#      set of dev photos and compares with the x86 readings of the same clone,
#      plays one short headless bot game of each of the five games and
#      compares the result with x86, and runs `cabinet hardware check` on the
#      mock backend.
# It prints one line per check ("ok" / "FAIL") and exits 1 on any failure,
# 2 on a usage error.  Takes about an hour on two shared cores (see README).
#
# Usage: sudo scripts/pi-smoke.sh [--cpus "cortex-a72 cortex-a76"] [--photos N]
#            [--dice DIR] [--mirror URL] [--cache DIR] [--games "g1:2 g2:1"] [--rebuild-root]
#            [--reuse-install]
#   --dice DIR    labelled photo set (default $CABINET_DICE_DATA, else
#                 ../shared/dice/nell-byler-dev beside the checkout); its
#                 first N images by name are read (default N = 12)
#   --mirror URL  Debian mirror serving bookworm arm64 (default: the host's
#                 apt Debian mirror if it serves arm64, else deb.debian.org)
#   --reuse-install  keep the last run's clone, venvs and x86 readings (to
#                 rerun a failed check quickly; not a clean-clone run)
# Environment: PI_SMOKE_NICE (default 10: the run is reniced, for shared
# machines), PIP_INDEX_URL / PIP_CERT / http(s)_proxy are passed into the root.
set -uo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${PI_SMOKE_CACHE:-$HOME/.cache/cabinet-pi-smoke}"
CPUS="cortex-a72 cortex-a76"
PHOTOS=12
DICE="${CABINET_DICE_DATA:-}"
MIRROR=""
REBUILD=0
REUSE=0
SUITE=bookworm
# game:players -- each game's smallest table, the shortest whole game
GAMES="retrograde:1 cryptid-cafe:1 cha-dango:2 ginza:2 cafe-junior:2"
SEED=1

die_usage() { echo "pi-smoke: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --cpus) CPUS="$2"; shift 2 ;;
        --photos) PHOTOS="$2"; shift 2 ;;
        --dice) DICE="$2"; shift 2 ;;
        --mirror) MIRROR="$2"; shift 2 ;;
        --cache) CACHE="$2"; shift 2 ;;
        --games) GAMES="$2"; shift 2 ;;
        --rebuild-root) REBUILD=1; shift ;;
        --reuse-install) REUSE=1; shift ;;
        -h|--help) sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die_usage "unknown argument $1 (see --help)" ;;
    esac
done
case "$PHOTOS" in ''|*[!0-9]*) die_usage "--photos wants a number, got '$PHOTOS'" ;; esac

PASSED=0
FAILED=0
START=$(date +%s)
ok()   { PASSED=$((PASSED + 1)); printf 'ok    %s\n' "$*"; }
fail() { FAILED=$((FAILED + 1)); printf 'FAIL  %s\n' "$*"; }
elapsed() { echo "$(( $(date +%s) - START ))"; }
finish() {
    printf 'pi-smoke: %d passed, %d failed, wall time %d s\n' "$PASSED" "$FAILED" "$(elapsed)"
    [ "$FAILED" -eq 0 ] && exit 0 || exit 1
}
# A failure that leaves nothing else to check.
fatal() { fail "$*"; finish; }

[ "$(id -u)" -eq 0 ] || die_usage "needs root (apt-get, debootstrap, binfmt_misc, chroot): sudo $0"
[ "$(uname -m)" = x86_64 ] || die_usage "runs on an x86-64 host (this is $(uname -m))"
renice -n "${PI_SMOKE_NICE:-10}" -p $$ >/dev/null 2>&1 || true

if [ -z "$DICE" ]; then
    DICE="$REPO/../shared/dice/nell-byler-dev"
fi
[ -d "$DICE/images" ] || [ -d "$DICE" ] || die_usage "no dice photos at $DICE: pass --dice DIR (a labelled set, e.g. shared/dice/nell-byler-dev)"
[ -d "$DICE/images" ] && DICE="$DICE/images"

# --- 1. host tools ---------------------------------------------------------
mkdir -p "$CACHE" || die_usage "cannot create the cache folder $CACHE (pass --cache DIR)"
need=()
command -v qemu-aarch64-static >/dev/null || need+=(qemu-user-static)
command -v debootstrap >/dev/null || need+=(debootstrap)
[ -f /usr/share/keyrings/debian-archive-keyring.gpg ] || need+=(debian-archive-keyring)
command -v git >/dev/null || need+=(git)
if [ ${#need[@]} -gt 0 ]; then
    command -v apt-get >/dev/null || fatal "host tools: ${need[*]} missing and no apt-get (a Debian/Ubuntu host is needed)"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"; } >"$CACHE.apt.log" 2>&1; then
        fatal "host tools: apt-get install ${need[*]} failed (log: $CACHE.apt.log)"
    fi
fi
command -v qemu-aarch64-static >/dev/null || fatal "host tools: qemu-aarch64-static still missing after installing qemu-user-static (log: $CACHE.apt.log)"
command -v debootstrap >/dev/null || fatal "host tools: debootstrap still missing (log: $CACHE.apt.log)"
ok "host tools: $(qemu-aarch64-static --version | head -1 | sed 's/ Copyright.*//'), debootstrap $(dpkg-query -W -f='${Version}' debootstrap 2>/dev/null)"

# --- 2. binfmt_misc ---------------------------------------------------------
BINFMT=/proc/sys/fs/binfmt_misc
if [ ! -e "$BINFMT/register" ]; then
    mount -t binfmt_misc binfmt_misc "$BINFMT" 2>/dev/null \
        || fatal "binfmt_misc: cannot mount $BINFMT (in a container, start it with --privileged; on a host: modprobe binfmt_misc)"
fi
if [ ! -e "$BINFMT/qemu-aarch64" ]; then
    conf=/usr/lib/binfmt.d/qemu-aarch64.conf
    [ -f "$conf" ] || fatal "binfmt_misc: $conf missing (reinstall qemu-user-static)"
    # the package's own entry (flags OCF/POF: F = the interpreter is opened now, so it works in a chroot)
    cat "$conf" >"$BINFMT/register" 2>/dev/null \
        || fatal "binfmt_misc: registering qemu-aarch64 was refused (needs CAP_SYS_ADMIN on the host kernel)"
fi
grep -q '^enabled' "$BINFMT/qemu-aarch64" || fatal "binfmt_misc: qemu-aarch64 is registered but disabled (echo 1 > $BINFMT/qemu-aarch64)"
grep -q '^flags:.*F' "$BINFMT/qemu-aarch64" \
    || fatal "binfmt_misc: qemu-aarch64 is registered without the F (fix-binary) flag, so it cannot run inside a chroot; echo -1 > $BINFMT/qemu-aarch64 and run again"
ok "binfmt_misc: aarch64 -> $(sed -n 's/^interpreter //p' "$BINFMT/qemu-aarch64")"

# --- 3. the arm64 bookworm root (cached) -----------------------------------
mkdir -p "$CACHE"
ROOT="$CACHE/$SUITE-arm64"
serves_arm64() { curl -fsS -o /dev/null --max-time 30 "$1/dists/$SUITE/main/binary-arm64/Release" 2>/dev/null; }
if [ "$REBUILD" = 1 ] || [ ! -f "$ROOT/.complete" ]; then
    if [ -z "$MIRROR" ]; then
        tried=()
        # the host's apt sources first (deb822 URIs: lines and one-line deb entries), then deb.debian.org
        for url in $(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null; \
                     sed -n 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' \
                         /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null) \
                   http://deb.debian.org/debian; do
            case "$url" in *security*|*updates*) continue ;; esac
            tried+=("$url")
            if serves_arm64 "$url"; then MIRROR="$url"; break; fi
        done
        [ -n "$MIRROR" ] || fatal "arm64 root: no reachable mirror serves Debian $SUITE arm64 (tried: ${tried[*]}; dists/$SUITE/main/binary-arm64/Release); Ubuntu's archive is not a Debian mirror: pass --mirror URL of one"
    elif ! serves_arm64 "$MIRROR"; then
        fatal "arm64 root: $MIRROR does not serve Debian $SUITE arm64 ($MIRROR/dists/$SUITE/main/binary-arm64/Release not found)"
    fi
    rm -rf "$ROOT" "$ROOT.new"
    t0=$(date +%s)
    if ! debootstrap --arch=arm64 --variant=minbase --include=python3,python3-venv,ca-certificates \
            --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
            "$SUITE" "$ROOT.new" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1; then
        umount -l "$ROOT.new/proc" "$ROOT.new/sys" 2>/dev/null
        fatal "arm64 root: debootstrap from $MIRROR failed (last line: $(tail -1 "$CACHE/debootstrap.log"); log: $CACHE/debootstrap.log)"
    fi
    mv "$ROOT.new" "$ROOT" && touch "$ROOT/.complete"
    ok "arm64 root: debootstrap $SUITE from $MIRROR in $(( $(date +%s) - t0 )) s (cached at $ROOT)"
else
    ok "arm64 root: cached at $ROOT"
fi

MOUNTS=()
cleanup() {
    local i
    for (( i=${#MOUNTS[@]}-1; i>=0; i-- )); do umount -l "${MOUNTS[$i]}" 2>/dev/null; done
}
trap cleanup EXIT
for d in proc sys dev; do
    mountpoint -q "$ROOT/$d" && umount -l "$ROOT/$d"
done
mount -t proc proc "$ROOT/proc" && MOUNTS+=("$ROOT/proc")
mount --rbind /sys "$ROOT/sys" && MOUNTS+=("$ROOT/sys")
mount --rbind /dev "$ROOT/dev" && MOUNTS+=("$ROOT/dev")
# qemu-user passes the host's x86 /proc/cpuinfo through; the cpuinfo library
# inside onnxruntime then finds no ARM core and crashes on import (SIGSEGV
# even with QEMU_CPU=max), which a Pi never does.  So the root sees the
# /proc/cpuinfo of the Pi being emulated (4 cores of the QEMU_CPU model; no
# Model line, so the cabinet does not take the chroot for a Pi).
cpuinfo_for() {
    local features part variant rev i
    case "$1" in
        cortex-a72) features="fp asimd evtstrm crc32 cpuid"; variant=0x0; part=0xd08; rev=3 ;;
        cortex-a76) features="fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp"
                    variant=0x4; part=0xd0b; rev=1 ;;
        *) return 1 ;;
    esac
    for i in 0 1 2 3; do
        printf 'processor\t: %d\nBogoMIPS\t: 108.00\nFeatures\t: %s\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: %s\nCPU part\t: %s\nCPU revision\t: %s\n\n' \
            "$i" "$features" "$variant" "$part" "$rev"
    done
}
CPUINFO_MOUNTED=0
use_cpuinfo() {
    [ "$CPUINFO_MOUNTED" = 1 ] && umount "$ROOT/proc/cpuinfo" 2>/dev/null
    CPUINFO_MOUNTED=0
    cpuinfo_for "$1" >"$CACHE/cpuinfo-$1" || return 1
    mount --bind "$CACHE/cpuinfo-$1" "$ROOT/proc/cpuinfo" && CPUINFO_MOUNTED=1 && MOUNTS+=("$ROOT/proc/cpuinfo")
}
use_cpuinfo cortex-a72 || fatal "arm64 root: cannot put an ARM /proc/cpuinfo into the root"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
PIPENV=(PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_DEFAULT_TIMEOUT="${PIP_DEFAULT_TIMEOUT:-120}")
for v in PIP_INDEX_URL http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
    [ -n "${!v:-}" ] && PIPENV+=("$v=${!v}")
done
if [ -n "${PIP_CERT:-}" ] && [ -f "$PIP_CERT" ]; then   # a proxy's own CA, as the host's pip uses it
    cp -L "$PIP_CERT" "$ROOT/etc/ssl/certs/pi-smoke-host-ca.crt"
    PIPENV+=(PIP_CERT=/etc/ssl/certs/pi-smoke-host-ca.crt)
fi
# Run a command in the root, as aarch64, on the CPU model $1.
in_root() {
    local cpu="$1"; shift
    env -i PATH=/opt/smoke/venv/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 QEMU_CPU="$cpu" "${PIPENV[@]}" \
        chroot "$ROOT" "$@"
}
arch=$(in_root cortex-a72 uname -m 2>&1)
[ "$arch" = aarch64 ] || fatal "arm64 root: chroot does not run aarch64 code (uname -m said: $arch)"
ok "arm64 root: chroot runs $(in_root cortex-a72 python3 --version 2>&1) as $arch"

# --- 4. clean clone, installed with [pi] in a venv in the root ------------
COMMIT=$(git -C "$REPO" rev-parse HEAD) || fatal "clone: $REPO is not a git checkout"
SMOKE="$ROOT/opt/smoke"
X86="$CACHE/x86"
mapfile -t photos < <(find "$DICE" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) | sort | head -n "$PHOTOS")
[ ${#photos[@]} -gt 0 ] || fatal "photos: no images in $DICE"

if [ "$REUSE" = 1 ] && [ -x "$SMOKE/venv/bin/cabinet" ] && [ -x "$X86/venv/bin/cabinet" ]; then
    rm -rf "$SMOKE/photos" "$SMOKE/out" "$X86/out"
    mkdir -p "$SMOKE/photos" "$SMOKE/out" "$X86/out"
    cp "${photos[@]}" "$SMOKE/photos/"
    ok "install: reused, commit $(git -C "$SMOKE/cabinet" log -1 --format=%h) in the root and on x86 (--reuse-install: not a clean-clone run)"
else
    rm -rf "$SMOKE/cabinet" "$SMOKE/venv" "$SMOKE/photos" "$SMOKE/out"
    mkdir -p "$SMOKE/photos" "$SMOKE/out"
    git clone --quiet --no-hardlinks "$REPO" "$SMOKE/cabinet" && git -C "$SMOKE/cabinet" checkout --quiet "$COMMIT" \
        || fatal "clone: git clone of $REPO failed"
    dirty=""
    [ -n "$(git -C "$REPO" status --porcelain --untracked-files=no)" ] && dirty=" (uncommitted changes in $REPO are not tested)"
    ok "clone: $(git -C "$REPO" log -1 --format='%h %s' | cut -c1-60)$dirty"
    cp "${photos[@]}" "$SMOKE/photos/"

    t0=$(date +%s)
    if in_root cortex-a72 python3 -m venv /opt/smoke/venv >"$SMOKE/out/install.log" 2>&1 \
       && in_root cortex-a72 /opt/smoke/venv/bin/pip install --only-binary=:all: '/opt/smoke/cabinet[pi]' \
            >>"$SMOKE/out/install.log" 2>&1; then
        vers=$(in_root cortex-a72 /opt/smoke/venv/bin/pip list --format=freeze 2>/dev/null \
               | grep -iE '^(numpy|opencv-python-headless|pygame-ce|onnxruntime|lgpio|pigpio|gpiozero|luma.oled)==' | tr '\n' ' ')
        ok "install: cabinet[pi] from wheels in $(( $(date +%s) - t0 )) s: $vers"
    else
        fatal "install: pip install 'cabinet[pi]' in the arm64 root failed: $(grep -E 'ERROR|error' "$SMOKE/out/install.log" | head -2 | tr '\n' ' ') (log: $SMOKE/out/install.log)"
    fi

    # --- x86 reference: the same clone on the host ---------------------------
    rm -rf "$X86"; mkdir -p "$X86/out"
    git clone --quiet --no-hardlinks "$REPO" "$X86/cabinet" && git -C "$X86/cabinet" checkout --quiet "$COMMIT"
    t0=$(date +%s)
    if python3 -m venv "$X86/venv" >"$X86/out/install.log" 2>&1 \
       && "$X86/venv/bin/pip" install -q "$X86/cabinet" >>"$X86/out/install.log" 2>&1; then
        ok "x86 reference: same commit installed on the host in $(( $(date +%s) - t0 )) s"
    else
        fatal "x86 reference: pip install on the host failed (log: $X86/out/install.log)"
    fi
fi
x86_photos=()
for p in "${photos[@]}"; do x86_photos+=("$SMOKE/photos/$(basename "$p")"); done
(cd "$X86/out" && SDL_VIDEODRIVER=dummy "$X86/venv/bin/cabinet" dice read --json "${x86_photos[@]}" >dice.jsonl 2>dice.err)
GAME_SPECS=()
for spec in $GAMES; do
    g=${spec%%:*}; n=${spec##*:}
    GAME_SPECS+=("$g:$n")
    (cd "$X86/out" && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$X86/venv/bin/cabinet" play "$g" --players "$n" \
        --bots all --headless --seed "$SEED" --journal "$X86/out/$g.jsonl" >"$g.txt" 2>&1)
done

# Compare two `cabinet dice read --json` outputs: the same dice per photo,
# same value and colour, box corners within 2 px, confidence within 0.02.
compare_dice() {
    python3 - "$1" "$2" <<'EOF'
import json, os, sys
def load(path):
    out = {}
    for line in open(path):
        if line.strip():
            r = json.loads(line)
            out[os.path.basename(r["image"])] = sorted(r["dice"], key=lambda d: (d["box"][1], d["box"][0]))
    return out
ref, got = load(sys.argv[1]), load(sys.argv[2])
bad, dice, exact = [], 0, 0
for name, rd in sorted(ref.items()):
    gd = got.get(name)
    if gd is None:
        bad.append(f"{name}: not read"); continue
    if len(gd) != len(rd):
        bad.append(f"{name}: {len(gd)} dice, x86 {len(rd)}"); continue
    for a, b in zip(rd, gd):
        dice += 1
        if (a["value"], a["color"]) != (b["value"], b["color"]):
            bad.append(f"{name}: {b['value']} {b['color']} at {b['box']}, x86 {a['value']} {a['color']}")
        elif max(abs(x - y) for x, y in zip(a["box"], b["box"])) > 2 or abs(a["confidence"] - b["confidence"]) > 0.02:
            bad.append(f"{name}: box/confidence {b['box']}/{b['confidence']}, x86 {a['box']}/{a['confidence']}")
        elif a == b:
            exact += 1
if bad or not ref:
    print(f"{len(bad)} differences: " + "; ".join(bad[:3]) if ref else "no x86 readings")
    sys.exit(1)
print(f"{len(ref)} photos, {dice} dice: same values and colours as x86 ({exact} of {dice} identical to the last digit)")
EOF
}
# The part of a game's report that must match x86: everything but the journal path.
game_result() { grep -v -e 'journal:' -e '^pygame' -e '^Hello from' "$1" | tr '\n' ' ' | sed 's/  */ /g'; }

# --- 5. per CPU model -------------------------------------------------------
for cpu in $CPUS; do
    out="$SMOKE/out/$cpu"; mkdir -p "$out"
    if ! use_cpuinfo "$cpu"; then
        fail "$cpu: no /proc/cpuinfo for this model (known: cortex-a72, cortex-a76)"; continue
    fi
    # imports, one line each, so a crash names the module; every net run once
    if in_root "$cpu" python - >"$out/imports.txt" 2>&1 <<'EOF'
import importlib, sys
for name in ["numpy", "cv2", "PIL", "pygame", "gpiozero", "luma.oled", "luma.core", "onnxruntime",
             "lgpio", "pigpio", "engines", "vision", "hardware", "firmware", "firmware.cli.main"]:
    print("import", name, flush=True)
    importlib.import_module(name)
import numpy as np, onnxruntime as ort
from pathlib import Path
import vision
for model in sorted((Path(vision.__file__).parent / "models").glob("*.onnx")):
    print("run", model.name, flush=True)
    s = ort.InferenceSession(str(model), providers=["CPUExecutionProvider"])
    i = s.get_inputs()[0]
    shape = [d if isinstance(d, int) else 1 for d in i.shape]
    s.run(None, {i.name: np.zeros(shape, np.float32)})
print("done", flush=True)
EOF
    then
        ok "$cpu imports: every runtime dependency imports and every dice net runs ($(grep -c '^run' "$out/imports.txt") nets)"
    else
        rc=$?
        what=$(grep -E '^(import|run) ' "$out/imports.txt" | tail -1)
        sig=""; [ $rc -eq 132 ] && sig=" (SIGILL: an instruction this CPU does not have)"
        [ $rc -eq 139 ] && sig=" (SIGSEGV)"
        fail "$cpu imports: died at '$what' with exit $rc$sig; $(grep -m1 -E 'qemu: uncaught|Fatal Python error|Error' "$out/imports.txt")"
    fi

    # SDL's compiled-in video drivers (no device needed): KMSDRM must be one
    drivers=$(in_root "$cpu" python - 2>&1 <<'EOF'
import ctypes, glob, os, pygame
libs = sorted(glob.glob(os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2*.so*")))
sdl = ctypes.CDLL(libs[0] if libs else "libSDL2-2.0.so.0")
sdl.SDL_GetVideoDriver.restype = ctypes.c_char_p
print(" ".join(sdl.SDL_GetVideoDriver(i).decode().lower() for i in range(sdl.SDL_GetNumVideoDrivers())))
EOF
)
    if [[ " $drivers " == *" kmsdrm "* ]]; then
        ok "$cpu SDL: pygame-ce's SDL has KMSDRM (video drivers: $drivers)"
    else
        fail "$cpu SDL: pygame-ce's SDL has no KMSDRM driver, full screen on a Pi without a desktop would fail (drivers: $drivers)"
    fi

    t0=$(date +%s)
    in_root "$cpu" sh -c 'cd /opt/smoke/out && cabinet dice read --json /opt/smoke/photos/*' >"$out/dice.jsonl" 2>"$out/dice.err"
    if msg=$(compare_dice "$X86/out/dice.jsonl" "$out/dice.jsonl"); then
        ok "$cpu dice read: $msg ($(( $(date +%s) - t0 )) s)"
    else
        fail "$cpu dice read: $msg $(tail -1 "$out/dice.err")"
    fi

    for spec in "${GAME_SPECS[@]}"; do
        g=${spec%%:*}; n=${spec##*:}
        t0=$(date +%s)
        in_root "$cpu" sh -c "cd /opt/smoke/out && rm -f /opt/smoke/out/$g.jsonl && cabinet play $g --players $n --bots all \
            --headless --seed $SEED --journal /opt/smoke/out/$g.jsonl" >"$out/$g.txt" 2>&1
        rc=$?
        mine=$(game_result "$out/$g.txt"); theirs=$(game_result "$X86/out/$g.txt")
        if [ $rc -ne 0 ]; then
            same=""
            [ "$(tail -1 "$out/$g.txt")" = "$(tail -1 "$X86/out/$g.txt")" ] && same=" (x86 fails the same way: not a Pi problem)"
            fail "$cpu play $g ($n players): exit $rc: $(tail -1 "$out/$g.txt")$same"
        elif [ "$mine" != "$theirs" ]; then
            fail "$cpu play $g ($n players): result differs from x86: '$mine' vs '$theirs'"
        else
            ok "$cpu play $g ($n players, seed $SEED): finished as on x86 in $(( $(date +%s) - t0 )) s: $(grep -m1 -E 'actions' "$out/$g.txt" | sed 's/^ *//')"
        fi
    done

    printf '[gpio]\nbackend = "mock"\n' >"$SMOKE/mock.toml"
    if in_root "$cpu" sh -c 'cd /opt/smoke/out && CABINET_CONFIG=/opt/smoke/mock.toml cabinet hardware check' >"$out/hardware.txt" 2>&1; then
        ok "$cpu hardware check: mock backend, exit 0, $(grep -m1 '^input test' "$out/hardware.txt" | sed 's/^input test //')"
    else
        fail "$cpu hardware check: exit $?: $(tail -1 "$out/hardware.txt")"
    fi
done

finish
