#!/bin/sh
# Regenerates the small tagged audio files the server's tests upload
# (apps/server/src/test/fixtures/audio): a few seconds of tone each, one per
# accepted format, with Russian and Latin tags and, in the mp3, cover art.
# Uses the ffmpeg that `npm ci` brings (@ffmpeg-installer/ffmpeg).
set -eu
cd "$(dirname "$0")/.."
FFMPEG=$(node -p 'require("@ffmpeg-installer/ffmpeg").path')
OUT=apps/server/src/test/fixtures/audio
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
ff() { "$FFMPEG" -hide_banner -loglevel error -y "$@"; }

ff -f lavfi -i "color=c=0x2a6f97:s=96x96" -frames:v 1 "$TMP/cover.jpg"
tone() { echo "-f lavfi -i sine=frequency=$1:duration=$2:sample_rate=44100"; }

# mp3 with ID3v2 tags and an attached picture.
ff $(tone 440 3) -i "$TMP/cover.jpg" -map 0:a -map 1:v -c:a libmp3lame -b:a 64k -c:v copy \
  -id3v2_version 3 -metadata:s:v title="Album cover" -metadata:s:v comment="Cover (front)" \
  -metadata title="Ёлочка" -metadata artist="Хор Весна" -metadata album="Зимние песни" \
  -metadata genre="Поп" -metadata date=2019 "$OUT/tone.mp3"
ff $(tone 523 2) -c:a libopus -b:a 32k -metadata title="Morning Light" \
  -metadata artist="Nordic Strings" -metadata album="Dawn" -metadata genre=Ambient \
  -metadata date=2021 "$OUT/tone.opus"
ff $(tone 587 2) -c:a libvorbis -q:a 0 -metadata title="Evening Walk" \
  -metadata artist="Nordic Strings" -metadata album="Dusk" -metadata genre=Ambient "$OUT/tone.ogg"
ff $(tone 659 2) -c:a flac -metadata title="Clear Water" -metadata artist="Река" "$OUT/tone.flac"
ff $(tone 698 1) -ac 1 -ar 16000 -c:a pcm_s16le "$OUT/tone.wav"
ff $(tone 784 2) -c:a aac -b:a 48k -metadata title="Cafe Jazz" -metadata artist="Blue Trio" \
  -metadata album="Open Late" -metadata genre=Jazz -metadata date=2018 "$OUT/tone.m4a"
ls -l "$OUT"
