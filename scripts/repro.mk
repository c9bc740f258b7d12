# The reproducer's program text, embedded at build time: harness/tools/repro.c
# writes harness/repro/repro_template.c (and, for a probe judged in ulp,
# value.h, ulp.h, value.c and ulp.c) into each repro.c, from the arrays of
# lines scripts/embed_lines.py puts in build/gen/repro_template.h.
REPRO_EMBED = harness/repro/repro_template.c harness/probe/value.h harness/probe/ulp.h harness/probe/value.c harness/probe/ulp.c
ALL_CFLAGS += -Ibuild/gen

build/gen/repro_template.h: scripts/embed_lines.py $(REPRO_EMBED)
	@mkdir -p build/gen
	python3 scripts/embed_lines.py $@ $(REPRO_EMBED)

build/rel/tools/repro.o build/san/tools/repro.o build/fuzz/tools/repro.o: build/gen/repro_template.h

# The header these replace: build/*/repro.d files written before it went name
# it, and make must not stop at them.
harness/repro_template.h: ;
