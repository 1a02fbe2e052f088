#!/bin/sh
# Builds OpenTafl's engine, rules and notation classes from its own repository, with the oracle and the match driver,
# into a directory outside this repository. Nothing of OpenTafl's is copied here.
#   tools/opentafl/build.sh <OpenTafl checkout or git directory> [build directory, default /tmp/opentafl-build]
set -e
SRC=${1:?"usage: build.sh <OpenTafl checkout or .git directory> [build directory]"}
OUT=${2:-/tmp/opentafl-build}
TOOLS=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
rm -rf "$OUT/opentafl" "$OUT/classes"
mkdir -p "$OUT/opentafl" "$OUT/classes"
if [ -d "$SRC/src/com" ]; then cp -r "$SRC/src" "$SRC/lib" "$OUT/opentafl/"; else git --git-dir="$SRC" archive HEAD src lib | tar -x -C "$OUT/opentafl"; fi
S=$OUT/opentafl/src
LANTERNA=$OUT/opentafl/lib/lanterna.jar
# javac follows -sourcepath into whatever these packages reference; stubs/ stands in for ini4j, jline and javax.json.
javac -nowarn -d "$OUT/classes" -cp "$LANTERNA" \
  --add-exports java.xml/com.sun.org.apache.xerces.internal.impl.dv.util=ALL-UNNAMED \
  --add-exports java.base/sun.net=ALL-UNNAMED \
  -sourcepath "$S:$TOOLS/stubs" \
  $(find "$S/com/manywords/softworks/tafl/engine" "$S/com/manywords/softworks/tafl/rules" "$S/com/manywords/softworks/tafl/notation" \
    -name '*.java' | grep -v '/test/' | grep -v '/ai/') \
  "$TOOLS/stubs/org/ini4j/Wini.java"
CP="$OUT/classes:$LANTERNA"
javac -nowarn -d "$OUT/classes" -cp "$CP" -sourcepath "$S:$TOOLS/stubs" \
  "$TOOLS/oracle/Oracle.java" "$TOOLS/oracle/com/manywords/softworks/tafl/engine/OracleProbe.java" "$TOOLS/match/Match.java"
mkdir -p "$OUT/match/engines/tafl-engine" "$OUT/match/logs/games" "$OUT/match/logs/transcripts"
cp "$TOOLS/match/tafl-engine.ini" "$OUT/match/engines/"
cp "$TOOLS/match/run-engine.sh" "$OUT/match/engines/tafl-engine/run.sh"
echo "built: CP=$CP"
echo "  oracle: java -cp \$CP Oracle < requests.txt"
echo "  match:  (cd $OUT/match && TAFL_REPO=<repository> TAFL_ENGINE_ARGS='--level 10 --budget-ms 1000' java -cp \$CP Match 6 10 brandub)"
