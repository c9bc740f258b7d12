#!/usr/bin/env bash
# A driver that dies during enumeration must not hide the others. ocl-icd
# asks every driver for its devices inside clGetPlatformIDs, so a crashing
# driver kills the loader's enumeration as a whole: clconform then loads each
# .icd file alone. The crashing driver is tests/fixtures/crash_icd (it raises
# SIGSEGV in clGetDeviceIDs); the others are this machine's real drivers.
source "$SRCDIR/tests/e2e/lib.sh"
real=$(ls /etc/OpenCL/vendors/*.icd 2>/dev/null | grep -v -e mesa -e rusticl | head -n 2)
if [ -z "$real" ]; then
    echo "# skip: no installed OpenCL driver to stand beside the crashing one"; exit 0
fi
mkdir -p "$TMP/vendors"
cc -shared -fPIC -o "$TMP/libcrashicd.so" "$SRCDIR/tests/fixtures/crash_icd/crash_icd.c"
echo "$TMP/libcrashicd.so" > "$TMP/vendors/0-crash.icd"
for f in $real; do cp "$f" "$TMP/vendors/"; done
n_real=$(echo "$real" | wc -l)
export OCL_ICD_VENDORS="$TMP/vendors"

"$CLCONFORM" --list >"$TMP/list.out" 2>"$TMP/list.err"
check "--list still exits 0" test $? -eq 0
check "the crashing platform is named" grep -q "Crashing Test Platform" "$TMP/list.out"
check "the real drivers' devices are listed" test "$(grep -c '^  [0-9]*:[0-9]' "$TMP/list.out")" -ge "$n_real"
check "the crash is reported with its signal" grep -q "SIGSEGV" "$TMP/list.err"

cat > "$TMP/one.probe" <<'P'
[probe enumcrash.two]
spec = OpenCL C (unified): Supported Data Types
kind = run
out = int[1]
expect = 2
body = <<END
    out[0] = 2;
END
P
"$CLCONFORM" --all-devices --probes "$TMP/one.probe" --out "$TMP/r" --quiet 2>"$TMP/run.err"
check "a run beside the crashing driver exits 0" test $? -eq 0
check "every real device got a report" test "$(ls "$TMP/r" | grep -c -v '^index')" -ge $((2 * n_real))
check "the run index records the enumeration problem" json_get "$TMP/r/index.json" \
    "any('SIGSEGV' in p for p in r['problems']) or exit(1)"
done_checks
