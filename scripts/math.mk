# Math family (OpenCL C 1.2 6.12.2 judged in ulp per 7.4/7.5): the generator
# and its MPFR reference live in scripts/math/; the output is committed
# under probes/math-functions/{float,double}/ (NAME.probe with the
# inputs, NAME.ref with the reference of every output element) and
# probes/geometric-functions/{float,double}/ (NAME.probe, NAMEn.ref).
#   make regen-math            rebuild the generator, rewrite the probes
#   make check-math-generated  regenerate into a temp dir, diff with the committed files,
#                              and check that no reference judges the sign of a zero the
#                              ledger leaves open (scripts/math/check_zero_signs.py)
# MPFR (libmpfr-dev) is needed here and by the reference's unit test only;
# the clconform binary does not link it.
MATH_GEN     = build/gen_math
MATH_GEN_SRC = scripts/math/gen_math.c scripts/math/gen_math_overloads.c scripts/math/mathref.c
MATH_DIRS    = probes/math-functions probes/geometric-functions
MATH_LIBS    = -lmpfr -lgmp -lm

.PHONY: regen-math check-math-generated

$(MATH_GEN): $(MATH_GEN_SRC) scripts/math/mathref.h scripts/math/gen_math.h
	@mkdir -p build
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 -o $@ $(MATH_GEN_SRC) $(MATH_LIBS)

regen-math: $(MATH_GEN)
	rm -rf $(MATH_DIRS)
	$(MATH_GEN) .

check-math-generated: $(MATH_GEN)
	@tmp=$$(mktemp -d) && $(MATH_GEN) $$tmp >/dev/null && \
	  rc=0; for d in $(MATH_DIRS); do diff -r $$tmp/$$d $$d >/dev/null || rc=1; done; \
	  rm -rf $$tmp; \
	  if [ $$rc -ne 0 ]; then echo "math probes differ from the generator's output: run make regen-math" >&2; fi; \
	  python3 scripts/math/check_zero_signs.py . >/dev/null || rc=1; \
	  exit $$rc

# The reference's unit test links MPFR (it includes mathref.c).
build/rel/test_mathref build/san/test_mathref: LDLIBS += -lmpfr -lgmp

regen: regen-math
check-generated: check-math-generated

# Every width for double too (double16 costs minutes of code generation on
# PoCL 3.1, so the default set leaves it out): clconform --probes build/math-full
.PHONY: regen-math-full
regen-math-full: $(MATH_GEN)
	rm -rf build/math-full
	$(MATH_GEN) --full build/math-full
