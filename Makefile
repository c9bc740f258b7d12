# clconform: build, test, install.
#   make            build ./clconform
#   make check      unit + end-to-end tests, then the same under ASan+UBSan
#   make bench      where the time goes per device, cold and warm, against the targets
#   make regen      regenerate generated probes; make check-generated diffs them
#   make coverage   docs/coverage.md: the built-in overloads the probes call (scripts/coverage.mk)
PREFIX  ?= /usr/local
CC      ?= cc
PKGS     = OpenCL libcjson
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   := $(shell pkg-config --libs $(PKGS))
VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

WARN     = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS  ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L \
             -DCLC_VERSION='"$(VERSION)"' $(WARN) $(PKG_CFLAGS) $(CFLAGS)
LDLIBS  = $(PKG_LIBS) -lm
# Where an installed clconform looks for its probes when none are beside it.
ALL_CFLAGS += -DCLC_DATADIR='"$(PREFIX)/share/clconform"'

SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

# The harness's folders, lowest layer first: a file includes headers of its
# own folder and of folders before it only (scripts/check_layers.py has the
# table and the reasons). harness/kernels and harness/repro hold data read
# at run time. Every layer folder is on the include path: #include "x.h".
LAYERS   = util plan probe cl judge sched measure worker supervise report tools cli
SRC      := $(sort $(foreach d,$(LAYERS),$(wildcard harness/$(d)/*.c)))
HDR      := $(foreach d,$(LAYERS),$(wildcard harness/$(d)/*.h))
LIB_SRC  := $(filter-out harness/cli/main.c,$(SRC))
ALL_CFLAGS += $(addprefix -Iharness/,$(LAYERS))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
E2E      := $(sort $(wildcard tests/e2e/test_*.sh))

# Variant builds live apart so a sanitizer build never mixes with a release one;
# objects mirror the layer folders (build/rel/util/json_file.o).
rel_obj  = $(LIB_SRC:harness/%.c=build/rel/%.o)
san_obj  = $(LIB_SRC:harness/%.c=build/san/%.o)
rel_unit = $(UNIT_SRC:tests/unit/%.c=build/rel/%)
san_unit = $(UNIT_SRC:tests/unit/%.c=build/san/%)

.PHONY: all check check-layers check-functions check-rel check-san bench clean install regen check-generated
all: clconform

clconform: build/rel/cli/main.o $(rel_obj)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

build/san/clconform: build/san/cli/main.o $(san_obj)
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -o $@ $^ $(LDLIBS)

build/rel/%.o: harness/%.c $(HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<
build/san/%.o: harness/%.c $(HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -c -o $@ $<

build/rel/test_%: tests/unit/test_%.c $(rel_obj) | build/rel
	$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(filter %.o,$^) $(LDLIBS)
build/san/test_%: tests/unit/test_%.c $(san_obj) | build/san
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -Itests/unit -o $@ $< $(filter %.o,$^) $(LDLIBS)

build/rel build/san:
	mkdir -p $@

-include $(wildcard scripts/*.mk)

# Sanitizer notes: LeakSanitizer is off because the OpenCL drivers we load
# (LLVM inside PoCL and Mesa) keep allocations alive until exit by design;
# our own leaks show in the unit tests, which load no driver (see
# tests/unit/lsan.supp for the few driver frames we allow there).
# new_delete_type_mismatch is off too: the harness is C, and Oclgrind 21.10's
# clReleaseMemObject of an image deletes a 264-byte object as a 184-byte one
# (under ASan every image probe's worker died there).
SAN_ENV = ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:handle_segv=0:new_delete_type_mismatch=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

check: check-layers check-functions check-rel check-san

# Includes go down the layers of harness/ only (docs/architecture.md, Layers).
check-layers:
	python3 scripts/check_layers.py

# No function in harness/ (or scripts/*.c) over 120 lines, from `{` to `}`.
check-functions:
	python3 scripts/check_function_length.py

check-rel: clconform $(rel_unit)
	CLCONFORM=$(CURDIR)/clconform SRCDIR=$(CURDIR) tests/run.sh $(rel_unit) $(E2E)

check-san: build/san/clconform $(san_unit)
	$(SAN_ENV) CLCONFORM=$(CURDIR)/build/san/clconform SRCDIR=$(CURDIR) tests/run.sh $(san_unit) $(E2E)

bench: clconform
	scripts/bench.sh

# The binary, the probes it runs by default (found beside the binary as
# ../share/clconform/probes, or at the compiled-in PREFIX path), the registers
# of known failures it applies (expected/, beside the probes), the docs
# `clconform explain` reads, the man page.
# DESTDIR stages the tree (packaging); PREFIX is where it will live.
install: clconform
	install -D -m 755 clconform $(DESTDIR)$(PREFIX)/bin/clconform
	mkdir -p $(DESTDIR)$(PREFIX)/share/clconform
	rm -rf $(DESTDIR)$(PREFIX)/share/clconform/probes
	cp -r probes $(DESTDIR)$(PREFIX)/share/clconform/
	rm -rf $(DESTDIR)$(PREFIX)/share/clconform/expected
	cp -r expected $(DESTDIR)$(PREFIX)/share/clconform/
	cp -r harness/kernels $(DESTDIR)$(PREFIX)/share/clconform/
	install -D -m 644 -t $(DESTDIR)$(PREFIX)/share/clconform/docs docs/spec-readings.md \
	  docs/unified-spec-headings.txt docs/measurements.md
	install -D -m 644 docs/clconform.1 $(DESTDIR)$(PREFIX)/share/man/man1/clconform.1

clean:
	rm -rf build clconform

-include $(wildcard build/*/*/*.d)
