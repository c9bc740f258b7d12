#!/usr/bin/env bash
# scripts/check_function_length.py: a function of 121 lines (from its `{` to
# its `}`) fails the check and is named with its file, line and length; one
# of 120 lines passes; the harness itself passes.
. "$SRCDIR/tests/e2e/lib.sh"
CHECK="$SRCDIR/scripts/check_function_length.py"

# c_file PATH BODY_LINES: a C file whose function `long_one` spans BODY_LINES
# lines between its braces, so BODY_LINES + 2 lines in all.
c_file() {
    {
        echo '#include <stdio.h>'
        echo ''
        echo '/* a comment that ends above the function */'
        echo 'static int'
        echo 'long_one(int x,'
        echo '         int y)'
        echo '{'
        for _ in $(seq "$2"); do echo '    x += y;'; done
        echo '}'
        echo ''
        echo 'static const int table[] = {'
        echo '    1, 2,'
        echo '};'
    } >"$1"
}
c_file "$TMP/f121.c" 119
c_file "$TMP/f120.c" 118

python3 "$CHECK" "$TMP/f121.c" >"$TMP/f121.out" 2>&1
check function_of_121_lines_fails test $? -eq 1
check failure_names_function_line_and_length grep -q "f121.c:7: long_one is 121 lines (limit 120)" "$TMP/f121.out"
python3 "$CHECK" "$TMP/f120.c" >"$TMP/f120.out" 2>&1
check function_of_120_lines_passes test $? -eq 0
check pass_prints_nothing test ! -s "$TMP/f120.out"
python3 "$CHECK" --all "$TMP/f120.c" >"$TMP/all.out" 2>&1
check all_lists_the_one_function_not_the_table test "$(cat "$TMP/all.out")" = "$TMP/f120.c:7: long_one is 120 lines"
check harness_functions_fit python3 "$CHECK"
done_checks
