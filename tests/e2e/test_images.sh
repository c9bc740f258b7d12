#!/usr/bin/env bash
# Image parameters end to end on this machine's PoCL: a read_only image made
# from the probe's channel values reaches the kernel in order with a buffer
# input (read_imageui and read_imagef with their conversions pass); a wrong
# expected value fails with the device's value; a write_only image is read
# back with clEnqueueReadImage and judged in place of out; a format the device
# does not list is skipped naming clGetSupportedImageFormats; the report
# records each image's descriptor; reproducers pass over probes with images
# and the reducer declines them.
# Also the image family's reference against its hand-worked table.
. "$SRCDIR/tests/e2e/lib.sh"
check "the image reference matches its hand-worked table" python3 "$SRCDIR/scripts/images/test_imageref.py"
if ! clinfo -l 2>/dev/null | grep -q pthread; then
    echo "ok - images_e2e # SKIP no PoCL device"
    done_checks
fi
mkdir -p "$TMP/p"
# Pixel (1, 0) of the RGBA unsigned image is 5 6 7 8; 51/255 is 0.2 (1.5 ulp),
# 0 and 255 read exactly 0.0 and 1.0, and CL_R reads as (r, 0, 0, 1).
cat >"$TMP/p/img.probe" <<'PROBE'
[defaults]
spec = OpenCL C (unified): Built-in Image Read Functions
kind = run
requires = images

[probe t.img.uint]
image img = image2d_t CL_RGBA CL_UNSIGNED_INT8 2x1: 1 2 3 4 5 6 7 8
input k = int: 100
out = uint[5]
expect = 5 6 7 8 100
body = <<END
    vstore4(read_imageui(img, (int2)(1, 0)), 0, out);
    out[4] = k[0];
END

[probe t.img.uint.wrong]
why = expects 9 where the pixel's green channel is 6, so it must fail at element 1
image img = image2d_t CL_RGBA CL_UNSIGNED_INT8 2x1: 1 2 3 4 5 6 7 8
out = uint[4]
expect = 5 9 7 8
body = vstore4(read_imageui(img, (int2)(1, 0)), 0, out);

[probe t.img.unorm]
image img = image1d_t CL_RGBA CL_UNORM_INT8 1: 0 255 51 0
out = float[4]
expect_ulp = 1.5
expect = =0x0p+0 =0x1p+0 0x1.999999999999ap-3 =0x0p+0
body = <<END
    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
    vstore4(read_imagef(img, s, 0), 0, out);
END

[probe t.img.write]
image w = image2d_t CL_RGBA CL_SIGNED_INT16 2x1 write_only: 0 0 0 0 9 9 9 9
out = short[8]
expect = -32768 32767 -1 3 9 9 9 9
body = write_imagei(w, (int2)(0, 0), (int4)(-40000, 40000, -1, 3));

[probe t.img.intensity]
image img = image2d_t CL_INTENSITY CL_FLOAT 1x1: 2.5
out = float[4]
expect = 2.5 2.5 2.5 2.5
body = vstore4(read_imagef(img, (int2)(0, 0)), 0, out);
PROBE
"$CLCONFORM" --device pthread --probes "$TMP/p" --out "$TMP/run" --quiet
REPORT=$(ls "$TMP"/run/*pthread*.json | head -n 1)
verdict() { json_get "$REPORT" "[p['verdict'] for p in r['probes'] if p['id'] == '$1'] == ['$2'] or exit(1)"; }
check "an image and a buffer input after it reach the kernel in order (t.img.uint passes)" verdict t.img.uint pass
check "a wrong expectation fails at element 1 with the device's 6" \
    json_get "$REPORT" "[(p['verdict'], p['first_mismatch'], p['actual'][1]) for p in r['probes'] if p['id'] == 't.img.uint.wrong'] == [('fail', 1, '6')] or exit(1)"
check "read_imagef of CL_UNORM_INT8 passes within 1.5 ulp, the ends exactly" verdict t.img.unorm pass
check "a write_only image is read back and judged (write_imagei saturates to short)" verdict t.img.write pass
check "an unlisted format is skipped naming clGetSupportedImageFormats, a listed one runs" \
    json_get "$REPORT" "[p for p in r['probes'] if p['id'] == 't.img.intensity' and (p['verdict'] == 'pass' or (p['verdict'] == 'skip' and 'clGetSupportedImageFormats does not list CL_INTENSITY CL_FLOAT' in p['detail']))] or exit(1)"
check "the report records the image's descriptor" \
    json_get "$REPORT" "[i for p in r['probes'] if p['id'] == 't.img.uint.wrong' for i in p['inputs']][0]['image'] == 'image2d_t CL_RGBA CL_UNSIGNED_INT8 2x1 read_only' or exit(1)"
"$CLCONFORM" repro "$REPORT" --out "$TMP/rp" >"$TMP/repro.out" 2>&1
check "clconform repro passes over a probe with an image, saying so, and succeeds" \
    grep -q "1 failing probe(s) take images, which reproducers do not make" "$TMP/repro.out"
"$CLCONFORM" --device pthread --probes "$TMP/p" --out "$TMP/run2" --repro "$TMP/rp2" --quiet 2>"$TMP/run2.err"
check "--repro with a failing image probe is no infrastructure error (exit 1: the failure)" test $? -eq 1
"$CLCONFORM" reduce "$REPORT" --filter t.img.uint.wrong --out "$TMP/red" >"$TMP/reduce.out" 2>&1
check "clconform reduce declines a probe with images, saying why" \
    grep -q "t.img.uint.wrong: takes images, which reproducers do not make; not reduced" "$TMP/reduce.out"
if command -v clang-15 >/dev/null 2>&1; then
    check "the rest of cl_khr_3d_image_writes (write_imageh, mip levels, read_write) compiles (clang-15, spir64)" \
        python3 "$SRCDIR/scripts/features/check_compile.py" --clang clang-15 \
        "$SRCDIR/probes/image-read-and-write-functions/write_3d_more.probe"
fi
# cl_khr_mipmap_image_writes' 3D forms, which no local driver has: with a
# mock writing mip level 0 through the plain write (mock_probes.py mipwrite)
# PoCL passes all six, and fails all six when the mock reverses the color.
for mode in right wrong; do
    python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mip-$mode" mipwrite $mode
    "$CLCONFORM" --device pthread --probes "$TMP/mip-$mode" --out "$TMP/mip-out-$mode" --quiet >/dev/null 2>&1
done
mip_count() { jq "[.probes[]|select(.verdict==\"$2\")]|length" "$(ls "$TMP"/mip-out-"$1"/*pthread*.json | head -n 1)"; }
check "the mip-level 3D writes pass with level 0 written through the plain write (6)" test "$(mip_count right pass)" = 6
check "and all six fail when the mock writes another color" test "$(mip_count wrong fail)" = 6
done_checks
