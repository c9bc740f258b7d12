#!/usr/bin/env bash
# Installs what clconform needs on Debian 12 (run as root): the compiler, the
# ICD loader and headers, cJSON, the three CPU OpenCL implementations (PoCL,
# Oclgrind, Mesa's rusticl/Clover), clinfo, Chromium for the browser test, and MPFR
# (the math family's reference generator and its unit test).
# clang, libfuzzer-14-dev and libclang-rt-14-dev (Debian 12's clang is 14;
# the last holds the sanitizer and libFuzzer runtimes, libclang_rt.*.a, which
# --no-install-recommends would leave out) build `make fuzz`.
# The tests' own tools are named too, not left to arrive as someone's
# dependency: procps (pgrep), util-linux (unshare), bsdutils (script, for a
# pseudo-terminal), jq (the feature tests read reports with it), clang-15
# (the generated OpenCL C 2.0/3.0 kernels are compiled with its front end:
# clang 14's headers lack the 3.0 work-group and sub-group declarations).
# Oclgrind's package does not register its ICD, so this does.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
packages=(build-essential pkg-config python3 ca-certificates
          ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-headers opencl-c-headers libcjson-dev
          pocl-opencl-icd oclgrind mesa-opencl-icd clinfo
          clang libfuzzer-14-dev libclang-rt-14-dev
          procps util-linux bsdutils jq clang-15
          libmpfr-dev)  # the math family's reference (scripts/math); clconform does not link it
# CLC_NO_CHROMIUM=1 skips the browser (its test then skips itself).
[ -n "${CLC_NO_CHROMIUM:-}" ] || packages+=(chromium)
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"
mkdir -p /etc/OpenCL/vendors
echo /usr/lib/oclgrind/liboclgrind-rt-icd.so > /etc/OpenCL/vendors/oclgrind.icd
echo "OpenCL platforms now visible (rusticl needs RUSTICL_ENABLE=swrast):"
RUSTICL_ENABLE=swrast clinfo -l || true
