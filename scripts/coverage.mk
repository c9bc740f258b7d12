# Built-in function coverage: which overloads of clang's opencl-c.h the
# probes call, each call resolved by clang itself (scripts/coverage/).
#   make coverage                   write docs/coverage.md (about 15 s on 2 cores)
#   make coverage REPORTS=DIR       ... with the devices that judged each overload
#   make check-coverage             fail when a group's called names or overloads fall
#                                   below scripts/coverage/floor.json (for CI)
#   make coverage-floor             write the current figures as that floor
.PHONY: coverage check-coverage coverage-floor

COVERAGE = python3 scripts/coverage/coverage.py --sources build/rel/probe_sources --probes probes

build/rel/probe_sources: scripts/coverage/probe_sources.c $(rel_obj) | build/rel
	$(CC) $(ALL_CFLAGS) -o $@ $< $(rel_obj) $(LDLIBS)

coverage: build/rel/probe_sources
	$(COVERAGE) --out docs/coverage.md $(if $(REPORTS),--reports $(REPORTS))

check-coverage: build/rel/probe_sources
	$(COVERAGE) --check scripts/coverage/floor.json

coverage-floor: build/rel/probe_sources
	$(COVERAGE) --write-floor scripts/coverage/floor.json
