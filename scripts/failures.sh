# Sourced by the test scripts. `print_failures LOG` prints what vitest said of each failed
# test in LOG (its "Failed Tests" and "Errors" sections, colours stripped), so that the end of
# a long run names what failed and why: turbo prints a package's output where the package
# ended, often thousands of lines before the end.
print_failures() {
  [ -s "$1" ] || return 0
  echo "what failed (vitest's own reports, from $1):"
  sed 's/\x1b\[[0-9;]*m//g' "$1" |
    awk '/⎯ (Failed Tests|Unhandled Errors?|Failed Suites) [0-9]+ ⎯/ { on = 1 } /Test Files / { on = 0 } on' |
    head -n 200
}
