# The unified spec's section headings, embedded at build time: a register
# entry's clause is one of them (harness/judge/register.c, docs/register-format.md),
# checked by clconform as by scripts/check_register.py.
build/gen/spec_headings.h: docs/unified-spec-headings.txt
	@mkdir -p build/gen
	sed -e '/^#/d' -e '/^$$/d' -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/.*/"&",/' $< >$@

build/rel/judge/register.o build/san/judge/register.o build/fuzz/judge/register.o: build/gen/spec_headings.h
