#!/usr/bin/env bash
# Generates the game's short sound effects (SPEC.md §9) with sox and encodes them as mp3 under
# apps/web/public/assets. The results are committed; re-run only to change a sound.
# Needs sox with mp3 support (Debian: sox + libsox-fmt-mp3).
# The spec's "emoji poop" sound is the file emoji_poop.mp3 (file names cannot hold the space).
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/apps/web/public/assets"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
rate=(-r 44100 -c 1)

# tone NAME SECONDS SYNTH-ARGS... : one synthesised piece into $work/NAME.wav
tone() { local name=$1 len=$2; shift 2; sox -n "${rate[@]}" "$work/$name.wav" synth "$len" "$@"; }
# enc NAME PIECES... : joins pieces, softens the ends and writes the mp3
enc() {
  local name=$1; shift
  local files=(); for p in "$@"; do files+=("$work/$p.wav"); done
  sox "${files[@]}" "${rate[@]}" -C 64 "$out/$name.mp3" fade q 0.004 -0 0.03 norm -3
}
gap() { sox -n "${rate[@]}" "$work/$1.wav" trim 0 "$2"; }

# A soft wooden click for buttons.
tone button 0.06 sine 1400 sine 700 fade q 0.002 0.06 0.05
enc button button

# A card swish: band-passed noise with a fast decay; three pitches for variety.
for i in 1 2 3; do
  f=$((2200 + i * 500))
  tone "deal$i" 0.11 pinknoise fade q 0.005 0.11 0.09 sinc "$((f - 1200))-$((f + 1200))"
  enc "dealShort$i" "deal$i"
  tone "disc$i" 0.18 brownnoise fade q 0.01 0.18 0.15 sinc "$((f - 1800))-$((f + 400))"
  enc "discardToDeck$i" "disc$i"
  tone "ttd$i" 0.22 pinknoise fade q 0.02 0.22 0.17 sinc "$((f - 1500))-$((f + 800))"
  enc "tableToDiscard$i" "ttd$i"
  # Taking cards: a longer swish with a low body.
  tone "take$i" 0.26 pinknoise fade q 0.03 0.26 0.2 sinc "$((f - 2000))-$f"
  enc "take$i" "take$i"
  # A card slapped on the table: low thump plus a short rustle.
  tone "thump$i" 0.12 sine "$((90 + i * 25))" fade q 0.002 0.12 0.11
  tone "slap$i" 0.05 whitenoise fade q 0.001 0.05 0.045 sinc 1500-6000
  sox -m "$work/thump$i.wav" "$work/slap$i.wav" "$work/tb$i.wav"
  enc "throw-beat$i" "tb$i"
  # A bubble: a quick upward sine sweep.
  tone "bub$i" 0.13 sine "$((300 + i * 60))-$((900 + i * 150))" fade q 0.005 0.13 0.08
  enc "bubbleTake$i" "bub$i"
  # Coins: two bright partials that ring briefly.
  tone "coin$i" 0.25 sine "$((2400 + i * 180))" sine "$((3600 + i * 250))" fade q 0.001 0.25 0.24
  gap "cg$i" 0.04
  enc "spendCoins$i" "coin$i" "cg$i" "coin$i"
done

tone clang1 0.35 sine 2637 sine 3951 fade q 0.001 0.35 0.34
tone clang2 0.35 sine 2349 sine 3520 fade q 0.001 0.35 0.34
gap g05 0.05
enc coinsClang clang1 g05 clang2 g05 clang1

# Musical cues on a warm triangle wave.
note() { tone "$1" "$2" triangle "$3" fade q 0.005 "$2" "$(echo "$2 * 0.6" | bc -l)"; }
note c5 0.14 523.25; note e5 0.14 659.25; note g5 0.14 783.99; note c6 0.45 1046.5
note a4 0.2 440; note f4 0.2 349.23; note d4 0.2 293.66; note a3 0.6 220
note e6 0.12 1318.5; note b5 0.18 987.77; note g4 0.12 392; note g4l 0.3 392
enc victory c5 e5 g5 c6
enc defeat a4 f4 d4 a3
enc newMsg b5 e6
gap g1 0.12
enc timeToAct g5 g1 g5 g1 c6
tone poop 0.35 sine 220-70 sine 110-40 fade q 0.01 0.35 0.2 tremolo 18 60
enc emoji_poop poop

# Slot machine.
for i in $(seq 1 14); do tone "tick$i" 0.035 square "$((900 + (i % 3) * 120))" fade q 0.001 0.035 0.03 vol 0.4; gap "tg$i" 0.035; done
enc spinning $(for i in $(seq 1 14); do printf 'tick%s tg%s ' "$i" "$i"; done)
tone clunk 0.16 sine 160-90 fade q 0.001 0.16 0.14
enc slotStopped clunk
enc start g4 c5 g5
note e5s 0.1 659.25; note a5s 0.22 880
enc start2 e5s a5s
enc win c5 e5 g5 c6 g5 c6
enc lose g4 f4 d4
ls -la "$out"
