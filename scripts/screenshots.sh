#!/usr/bin/env bash
# The README's pictures, rendered offscreen with the app's own --screenshot (issue 15, item 4):
#   scripts/screenshots.sh            writes resources/screenshots/*.png
#   BACKPROP_LENS=CMD scripts/screenshots.sh   with another command than .venv/bin/backprop-lens
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/resources/screenshots"
LESSONS="$ROOT/resources/lessons"
app() { XDG_CONFIG_HOME="$(mktemp -d)" "${BACKPROP_LENS:-$ROOT/.venv/bin/backprop-lens}" "$@"; }
app --program "$LESSONS/10_jacobian_index_assign.py" --step 1 --size 1440x900 --language en --theme light \
    --screenshot "$OUT/main_window.png"
app --program "$LESSONS/10_jacobian_index_assign.py" --step 1 --size 1440x900 --language zh_CN --theme light \
    --screenshot "$OUT/main_window_zh.png"
app --program "$LESSONS/15_tiny_mlp_step.py" --step 3 --size 1024x768 --presenter --language en \
    --screenshot "$OUT/presenter_mode.png"
app --program "$LESSONS/13_matmul_shapes.py" --step 0 --size 1440x900 --language en --theme dark \
    --screenshot "$OUT/dark_theme.png"
app --program "$LESSONS/10_jacobian_index_assign.py" --step 9 --size 1440x900 --language en --theme light --lessons \
    --screenshot "$OUT/lesson_browser.png"
app --program "$LESSONS/12_broadcasting.py" --step 2 --size 1440x900 --language en --theme light --path b:1:1 \
    --screenshot "$OUT/chain_rule_path.png"
