# libFuzzer targets (tests/fuzz/fuzz_*.c), built with clang and
# -fsanitize=fuzzer,address,undefined (Debian: clang, libfuzzer-14-dev).
#   make fuzz FUZZ_SECONDS=N   runs every target N seconds (default 60)
#   make fuzz FUZZ_TARGETS="value patterns"   only those
# Each target starts from the corpus it kept in build/fuzz/corpus/<target>
# plus seeds taken from the project's own files (probes, fixtures). A crash
# leaves its input in build/fuzz/crash-<target>-*; fix it and keep the input
# under tests/fuzz/regress/<target>/, which tests/unit/test_fuzz_regress.c
# replays in make check. Per-target figures land in build/fuzz/<target>.log.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= $(patsubst tests/fuzz/fuzz_%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_FLAGS    = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                -fno-sanitize-recover=undefined
fuzz_obj = $(LIB_SRC:harness/%.c=build/fuzz/%.o)
.SECONDARY: $(fuzz_obj)

# Seeds per target: folders libFuzzer reads (recursively) but never writes.
fuzz_seeds_probe_load = probes tests/fixtures/probes tests/selftest tests/isolation
fuzz_seeds_value      = tests/fuzz/seeds/value
fuzz_seeds_patterns   = tests/fixtures/baseline
fuzz_seeds_baseline   = tests/fixtures/baseline tests/fixtures/reports
fuzz_seeds_merge      = tests/fixtures/reports
fuzz_seeds_repro      = tests/fixtures/reports tests/fixtures/repro
# Dictionaries: the tokens a mutation should be able to insert whole.
fuzz_dict_probe_load  = tests/fuzz/probe_load.dict
fuzz_dict_baseline    = tests/fuzz/json.dict
fuzz_dict_merge       = tests/fuzz/json.dict
fuzz_dict_repro       = tests/fuzz/json.dict

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)

# One target's run: its kept corpus first (libFuzzer adds what it finds
# there), then the read-only seeds and the regression inputs.
define fuzz_run
mkdir -p build/fuzz/corpus/$(1) && echo "fuzz: $(1) for $(FUZZ_SECONDS) s" && \
{ build/fuzz/fuzz_$(1) -max_total_time=$(FUZZ_SECONDS) -close_fd_mask=3 -print_final_stats=1 \
      -timeout=10 -rss_limit_mb=2048 -max_len=65536 -artifact_prefix=build/fuzz/crash-$(1)- \
      $(if $(fuzz_dict_$(1)),-dict=$(fuzz_dict_$(1))) \
      build/fuzz/corpus/$(1) $(fuzz_seeds_$(1)) tests/fuzz/regress/$(1) >build/fuzz/$(1).log 2>&1 \
  || { tail -n 60 build/fuzz/$(1).log; echo "fuzz: $(1) FAILED (input: build/fuzz/crash-$(1)-*)"; false; }; } && \
grep -E '^#[0-9]+[[:space:]]+DONE' build/fuzz/$(1).log | tr -s ' \n' ' ' && echo
endef

fuzz: fuzz-build
	@$(foreach t,$(FUZZ_TARGETS),$(call fuzz_run,$(t)) && ) true

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_util.h $(fuzz_obj) | build/fuzz
	$(FUZZ_CC) $(ALL_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $< $(fuzz_obj) $(LDLIBS)

build/fuzz/%.o: harness/%.c $(HDR)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

build/fuzz:
	mkdir -p $@

# The regression replayer compiles the targets in (tests/unit/test_fuzz_regress.c
# #includes them): rebuild it when they change.
build/rel/test_fuzz_regress build/san/test_fuzz_regress: $(wildcard tests/fuzz/*.c tests/fuzz/*.h)
