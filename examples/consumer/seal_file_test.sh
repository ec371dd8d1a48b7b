#!/usr/bin/env bash
# Seals a file with seal_file, opens it again, and checks that a flipped
# byte in the sealed file is refused with nothing written.
set -euo pipefail
tool=$1
dir=${TEST_TMPDIR:-$(mktemp -d)}
head -c 32 /dev/urandom >"$dir/key"
head -c 100000 /dev/urandom >"$dir/plain"
"$tool" seal "$dir/key" "$dir/plain" "$dir/sealed"
[[ $(stat -c %s "$dir/sealed") -eq 100028 ]]
"$tool" open "$dir/key" "$dir/sealed" "$dir/opened"
cmp "$dir/plain" "$dir/opened"
if cmp -s "$dir/plain" <(tail -c +13 "$dir/sealed" | head -c 100000); then
  echo "sealed file holds the plaintext" >&2
  exit 1
fi
byte=$(od -An -tu1 -j500 -N1 "$dir/sealed" | tr -d ' ')
printf "\\x$(printf %02x $((byte ^ 1)))" |
  dd of="$dir/sealed" bs=1 seek=500 conv=notrunc status=none
rm -f "$dir/forged"
if "$tool" open "$dir/key" "$dir/sealed" "$dir/forged"; then
  echo "a forged file was opened" >&2
  exit 1
fi
[[ ! -e "$dir/forged" ]]
echo "seal_file: sealed, opened, forgery refused"
