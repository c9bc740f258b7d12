#!/usr/bin/env bash
# A device's workers load its driver alone (OCL_ICD_VENDORS = its platform's
# .icd file), the first one included: enumeration tells each platform's file
# (enumerate.h, icd_hint), so no worker pays for loading the other drivers
# (with rusticl listed, 0.93 s of CPU a worker against 0.13 s for PoCL alone).
# Two copies of the test driver (tests/fixtures/hostile_icd) log every
# process that loads them (HOSTILE_LOAD_LOG): only the enumeration loads both.
source "$SRCDIR/tests/e2e/lib.sh"
mkdir -p "$TMP/vendors"
for n in a b; do
    cc -shared -fPIC -o "$TMP/libhostile_$n.so" "$SRCDIR/tests/fixtures/hostile_icd/hostile_icd.c" -ldl
    echo "$TMP/libhostile_$n.so" > "$TMP/vendors/hostile_$n.icd"
done
export OCL_ICD_VENDORS="$TMP/vendors" HOSTILE_LOAD_LOG="$TMP/loads.log" HOSTILE_BIG_BYTES=64
"$CLCONFORM" --device 0:0 --device-jobs 1 --no-cache --probes "$SRCDIR/tests/fixtures/hostile_icd/hostile.probe" \
    --out "$TMP/r" --quiet >"$TMP/run.out" 2>&1
check "the run on the first platform wrote its reports" test -f "$TMP/r/index.json"
# Per process: how many of the two libraries it loaded.
per_pid() { awk '{ n[$1]++ } END { for (p in n) print n[p] }' "$TMP/loads.log" | sort | uniq -c; }
per_pid >"$TMP/per_pid.txt"
cat "$TMP/per_pid.txt" | sed 's/^/# /'
check "exactly one process (the enumeration) loaded both drivers" \
    sh -c "grep -Eq '^ *1 2$' '$TMP/per_pid.txt' && ! grep -Eq '^ *([2-9]|[1-9][0-9]+) 2$' '$TMP/per_pid.txt'"
check "the device's workers loaded one driver each" grep -Eq '^ *[1-9][0-9]* 1$' "$TMP/per_pid.txt"
done_checks
