#!/usr/bin/env bash
# Builds the gauntlet's opponents (bench/README.md, "Gauntlet") from their public sources,
# outside this repository. Nothing of theirs is kept here: this script fetches each engine at a
# pinned commit and compiles it, with, for the CheckerBoard engines, our own small glue
# (cbcli.c, and the guinn/ stand-ins for the Windows GUI parts the engine files include).
#
# Usage: bench/engines/build.sh [--dest DIR] [--mirror DIR] ENGINE...
#   ENGINE: scan (Scan 2.0, international, Hub protocol; 2-4 piece bitbases, no book)
#           scan31 (Scan 3.1, international, Hub protocol 2; no bitbases, no book)
#           cake (Cake 1.89g, english, CheckerBoard API; no book, no endgame db)
#           guinn (GuiNN Checkers 2.06, english, CheckerBoard API; no book, no endgame db)
#           kestog (KestoG 1.1, russian, CheckerBoard API)
#           kodra (Kodra 1.0, russian, CheckerBoard API; a second russian engine, for comparison)
#           all (all but scan31)
#   --dest DIR    where the engines go (default $DRAUGHTS_ENGINES, else ~/.cache/draughts-engines);
#                 each in DIR/<engine>/, its source in DIR/<engine>/src. match.py looks there
#                 too (same variable, same default).
#   --mirror DIR  take the sources from bare git mirrors DIR/<owner>+<name>/repo instead of
#                 cloning https://github.com/<owner>/<name> (for machines without GitHub access)
# Needs git, make, g++ (C++17) and an x86-64 CPU with POPCNT and AVX2 (guinn).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest=${DRAUGHTS_ENGINES:-$HOME/.cache/draughts-engines}
mirror=""
engines=()
while (($#)); do
  case $1 in
    --dest) dest=$2; shift ;;
    --dest=*) dest=${1#--dest=} ;;
    --mirror) mirror=$2; shift ;;
    --mirror=*) mirror=${1#--mirror=} ;;
    -h | --help) sed -n '2,24p' "$0"; exit 0 ;;
    all) engines+=(scan cake guinn kestog kodra) ;;
    scan | scan31 | cake | guinn | kestog | kodra) engines+=("$1") ;;
    *) echo "build.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
((${#engines[@]})) || { sed -n '2,24p' "$0"; exit 2; }
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
jobs=${BUILD_JOBS:-1}

# The engines: public repository and the commit built.
SCAN_REPO=rhalbersma/scan               # Fabien Letouzey's Scan releases, GPL-3.0
SCAN20_COMMIT=57082ee503467e7c2b6317256beb0b58c4e38e2e   # "Scan 2.0 by Fabien Letouzey."
SCAN31_COMMIT=7aae17e7b7bfc47744601afb1ee7655e18983ce5   # "Scan 3.1 by Fabien Letouzey."
CAKE_REPO=martinfierz/cake              # Martin Fierz's Cake (1.89g at this commit), no licence stated
CAKE_COMMIT=0221bfb2a625015c067e48825d6be3a6c28fa6d5
GUINN_REPO=jonkr2/GuiNN_Checkers        # Jonathan Kreuzer's GuiNN Checkers 2.06, CC BY-NC-SA 3.0
GUINN_COMMIT=b12f109319c88bd0a3b0cf2b8fdca995469083db
KESTOG_REPO=maksimKorzh/KestoG          # Kestutis Gasaitis' KestoG 1.1 (Linux port), no licence stated
KESTOG_COMMIT=96b4f68c1f0caf7af739e653ffb5bbbfd80e06b2
KODRA_REPO=kodejuice/Kodra              # Sochima Biereagu's Kodra 1.0, MIT
KODRA_COMMIT=d538dd6c0b553eb6bee352d561b1353331c071ca

# fetch OWNER/NAME COMMIT DIR [PATH...]: the tree of COMMIT (or those paths of it), extracted
# into DIR (replaced).
fetch() {
  local repo=$1 commit=$2 dir=$3 git_dir
  shift 3
  rm -rf "$dir"
  mkdir -p "$dir"
  if [[ -n $mirror ]]; then
    git_dir="$mirror/${repo/\//+}/repo"
    [[ -d $git_dir ]] || { echo "build.sh: no mirror of $repo at $git_dir" >&2; exit 1; }
  else
    git_dir="$dest/.git-cache/${repo/\//+}.git"
    if [[ ! -d $git_dir ]]; then
      git clone --quiet --bare "https://github.com/$repo" "$git_dir"
    else
      git --git-dir="$git_dir" fetch --quiet origin
    fi
  fi
  if ! git --git-dir="$git_dir" archive "$commit" "$@" | tar -x -C "$dir"; then
    echo "build.sh: cannot extract $repo@$commit ${*:-} (a file missing from the copy?)" >&2
    exit 1
  fi
  echo "$repo@$commit" >"$dir/../SOURCE"
}

build_scan() { # $1: scan or scan31
  local name=$1 commit dir
  commit=$([[ $name == scan ]] && echo "$SCAN20_COMMIT" || echo "$SCAN31_COMMIT")
  dir="$dest/$name"
  # Source, eval weights (Scan 3.1: the international ones; its other variants' files are not
  # needed), Scan 2.0's bitbases, the default scan.ini.
  if [[ $name == scan ]]; then
    fetch "$SCAN_REPO" "$commit" "$dir/src" src data/eval data/bb scan.ini readme.txt license.txt
  else
    fetch "$SCAN_REPO" "$commit" "$dir/src" src data/eval scan.ini readme.txt protocol.txt license.txt
  fi
  # Scan's own Makefile (GCC, -O2, -flto, popcnt); the binary runs from the directory holding
  # scan.ini and data/ (eval weights; Scan 2.0 also has its 2-4 piece bitbases in data/bb).
  make -C "$dir/src/src" -j"$jobs" >"$dir/build.log" 2>&1 || make -C "$dir/src/src" -j"$jobs" >>"$dir/build.log" 2>&1
  cp "$dir/src/src/scan" "$dir/scan"
  rm -rf "$dir/data"
  cp -r "$dir/src/data" "$dir/data"
  if [[ $name == scan ]]; then
    # As the issue measured it: bitbases up to 4 pieces (all the repository has), no opening book.
    cat >"$dir/scan.ini" <<'EOF'
book = false
book-margin = 2
threads = 1
tt-size = 24
bb-size = 4
dxp-server = true
dxp-host = 127.0.0.1
dxp-port = 27531
dxp-initiator = false
dxp-time = 5
dxp-moves = 75
dxp-board = false
dxp-search = false
EOF
  else
    # Scan 3.1's bitbases are a separate download; without them bb-size must be 0. No book.
    sed -e 's/^book *=.*/book = false/' -e 's/^bb-size *=.*/bb-size = 0/' -e 's/^threads *=.*/threads = 1/' \
      "$dir/src/scan.ini" >"$dir/scan.ini"
  fi
  echo "build.sh: $name -> $dir/scan (hub mode: cd $dir && ./scan hub)"
}

build_guinn() {
  local dir="$dest/guinn" b
  fetch "$GUINN_REPO" "$GUINN_COMMIT" "$dir/src"
  b="$dir/build"
  rm -rf "$b"
  mkdir -p "$b"
  cp -r "$dir/src/src/." "$b/"
  # Our stand-ins for its Windows GUI headers and registry functions (guinn/), then the
  # file names as the sources spell them (written on Windows, case-insensitive).
  cp "$here"/guinn/* "$b/"
  ln -sf windows.h "$b/Windows.h"
  ln -sf NeuralNet "$b/neuralNet"
  ln -sf moveGen.h "$b/movegen.h"
  # Three portability fixes, made in the build copy only: the GCC branch of its bit helpers
  # names variables that do not exist (the MSVC branch is what was compiled), a member
  # declared inline is defined in another file, and egdb.h's "extern" after extern "C".
  sed -i -e 's/__builtin_popcountll(Moves)/__builtin_popcount(moves)/' \
    -e 's/if (bb == 0) return 0;/if (moves == 0) return 0;/' \
    -e 's/__builtin_ctzll(bb)/__builtin_ctz(moves)/' \
    -e 's/return 63 - __builtin_clzll(bb);/return moves ? 31 - __builtin_clz(moves) : 0;/' "$b/moveGen.h"
  sed -i 's/uint32_t inline GetJumpers/uint32_t GetJumpers/' "$b/board.h"
  sed -i 's/^EGDB_API extern /EGDB_API /' "$b/egdb.h"
  local flags=(-std=c++17 -O2 -mavx2 -mpopcnt -Wno-narrowing -D__cdecl= '-D__declspec(x)=' -I"$b")
  local f objs=()
  # The engine (search, move generation, neural-net evaluation) and its CheckerBoard interface
  # (gui_cb_interface.cpp: getmove); not its GUI, book builder, or endgame-database readers.
  for f in board movegen engine search evaluate checkersNN NeuralNet/NeuralNet transcript openingBook \
    kr_db_stubs gui_cb_interface guinn_stubs; do
    g++ "${flags[@]}" -c "$b/$f.cpp" -o "$b/${f//\//_}.o" 2>>"$dir/build.log"
    objs+=("$b/${f//\//_}.o")
  done
  g++ "${flags[@]}" -DCBCLI_CXX -x c++ -c "$here/cbcli.c" -o "$b/cbcli.o"
  g++ -o "$dir/guinn-cbcli" "${objs[@]}" "$b/cbcli.o" -lpthread
  # Its neural nets (2.06), loaded from the working directory.
  cp "$dir/src/bin/Nets206.gnn" "$dir/"
  echo "build.sh: guinn -> $dir/guinn-cbcli (run from $dir)"
}

build_kestog() {
  local dir="$dest/kestog"
  fetch "$KESTOG_REPO" "$KESTOG_COMMIT" "$dir/src"
  # One C file with a demo main(), renamed away so that cbcli's main() drives getmove().
  gcc -O2 -x c -c "$dir/src/KestoG.C" -Dmain=kestog_demo_main -o "$dir/kestog.o" 2>"$dir/build.log"
  gcc -O2 -c "$here/cbcli.c" -o "$dir/cbcli.o"
  gcc -o "$dir/kestog-cbcli" "$dir/kestog.o" "$dir/cbcli.o" -lm -lpthread
  echo "build.sh: kestog -> $dir/kestog-cbcli"
}

build_cake() {
  local dir="$dest/cake" b
  # The engine's files as its Visual Studio project compiles them into cake.dll.
  local files=(app_instance bookht boolean cakedll cakepp cake_book cake_eval_parametrized cake_misc initcake move_gen
    pattern)
  fetch "$CAKE_REPO" "$CAKE_COMMIT" "$dir/src" README.md versionhistory.txt "${files[@]/%/.c}" app_instance.h boolean.h \
    cakepp.h cake_book.h cake_eval.h cake_misc.h consts.h dblookup.h egdb.h initcake.h move_gen.h pattern.h resource.h \
    structs.h switches.h
  b="$dir/build"
  rm -rf "$b"
  mkdir -p "$b"
  cp "$dir/src/"*.c "$dir/src/"*.h "$b/"
  # Our stand-ins for the Windows headers it includes (cake/: MSVC intrinsics, no registry, wall
  # clock), and one switch turned off in the build copy: Ed Gilbert's endgame-database driver
  # (a Windows library; this build plays without endgame databases, as CheckerBoard does
  # without one installed).
  cp "$here"/cake/*.h "$b/"
  ln -sf windows.h "$b/Windows.h"
  sed -i 's/^#define USE_KR_DB/#undef USE_KR_DB/' "$b/switches.h"
  local f objs=()
  for f in "${files[@]}"; do
    # _WIN64 only selects its version string (1.89g rather than the 32-bit build's 1.85).
    gcc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -D_WIN64 '-D__int64=long long' -I"$b" -include windows.h \
      -c "$b/$f.c" -o "$b/$f.o" 2>>"$dir/build.log"
    objs+=("$b/$f.o")
  done
  gcc -O2 -c "$here/cbcli.c" -o "$b/cbcli.o"
  gcc -o "$dir/cake-cbcli" "${objs[@]}" "$b/cbcli.o" -lm -lpthread
  echo "build.sh: cake -> $dir/cake-cbcli (run from $dir)"
}

build_kodra() {
  local dir="$dest/kodra"
  fetch "$KODRA_REPO" "$KODRA_COMMIT" "$dir/src" src LICENSE README.md
  # Its DLL source (main.c includes the rest) with our stand-in <windows.h> (kodra/).
  gcc -O3 -std=gnu99 -I"$here/kodra" -c "$dir/src/src/main.c" -o "$dir/kodra.o" 2>"$dir/build.log"
  gcc -O2 -c "$here/cbcli.c" -o "$dir/cbcli.o"
  gcc -o "$dir/kodra-cbcli" "$dir/kodra.o" "$dir/cbcli.o" -lm -lpthread
  echo "build.sh: kodra -> $dir/kodra-cbcli"
}

for e in "${engines[@]}"; do
  case $e in
    scan | scan31) build_scan "$e" ;;
    cake) build_cake ;;
    guinn) build_guinn ;;
    kestog) build_kestog ;;
    kodra) build_kodra ;;
  esac
done
