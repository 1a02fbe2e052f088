#!/bin/bash
# Started by OpenTafl's ExternalEngineHost (working directory: engines/tafl-engine). Runs tafl-engine and copies the OTEP
# traffic into logs/transcripts/<game>.otep.log: "<time> > line" sent by OpenTafl, "<time> < line" sent by the engine.
# TAFL_REPO (the repository, built) and TAFL_ENGINE_ARGS are set by run-match.sh.
HERE=$(cd ../.. && pwd)
GAME=$(cat "$HERE/current-game" 2>/dev/null || echo unknown)
T=$HERE/logs/transcripts/$GAME.otep.log
exec 3>>"$T" 4<&0
FIFO=$(mktemp -u "$HERE/fifo.XXXXXX")
mkfifo "$FIFO"
# OpenTafl keeps its end of the pipe open after goodbye, so the copier is stopped once the engine exits.
( while IFS= read -r l || [ -n "$l" ]; do printf '%s\n' "$l"; printf '%s > %s\n' "$EPOCHREALTIME" "$l" >&3; done > "$FIFO" ) <&4 &
COPIER=$!
# shellcheck disable=SC2086
node "$TAFL_REPO/dist/scripts/tafl-engine.js" $TAFL_ENGINE_ARGS < "$FIFO" 2>>"$T.stderr" |
  while IFS= read -r l || [ -n "$l" ]; do printf '%s\n' "$l"; printf '%s < %s\n' "$EPOCHREALTIME" "$l" >&3; done
RC=${PIPESTATUS[0]}
printf '%s # tafl-engine exited with %s\n' "$EPOCHREALTIME" "$RC" >&3
kill "$COPIER" 2>/dev/null
rm -f "$FIFO"
exit "$RC"
