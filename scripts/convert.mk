# Conversions family (OpenCL C 1.2 6.2.3 convert_*, 6.2.4 as_type): the
# generator and its reference live in scripts/convert/; its output is
# committed under probes/explicit-conversions (one probe per type pair, every
# rounding and _sat variant, rotating widths, out-of-range probes),
# probes/explicit-conversions-full (the whole cross product: every function at
# every width) and probes/reinterpreting-types-using-as-type-and-as-typen.
#   make regen-conversions             rebuild the generator, rewrite the probes
#   make check-conversions-generated   regenerate into a temp dir, diff with the committed files
CONV_GEN     = build/gen_conversions
CONV_GEN_SRC = scripts/convert/gen_conversions.c scripts/convert/convref.c
CONV_DIRS    = probes/explicit-conversions probes/explicit-conversions-full probes/reinterpreting-types-using-as-type-and-as-typen

.PHONY: regen-conversions check-conversions-generated

$(CONV_GEN): $(CONV_GEN_SRC) scripts/convert/convref.h
	@mkdir -p build
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 -o $@ $(CONV_GEN_SRC)

regen-conversions: $(CONV_GEN)
	rm -rf $(CONV_DIRS)
	$(CONV_GEN) .

check-conversions-generated: $(CONV_GEN)
	@tmp=$$(mktemp -d) && $(CONV_GEN) $$tmp >/dev/null && \
	  rc=0; for d in $(CONV_DIRS); do diff -r $$tmp/$$d $$d || rc=1; done; \
	  rm -rf $$tmp; \
	  if [ $$rc -ne 0 ]; then echo "conversion probes differ from the generator's output: run make regen" >&2; fi; \
	  exit $$rc

regen: regen-conversions
check-generated: check-conversions-generated
