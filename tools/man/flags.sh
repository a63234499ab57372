# flags.sh - the flags a program's --help lists and the flags its manual's
# "## Flags" tables list, read once for the documentation check
# (tests/docs/docs.sh), the man pages (tools/man/man.sh) and the install
# test (tests/install/install.sh).  Sourced; defines functions only.

# The flags a help text lists: a line's first word when it is a flag,
# and a flag after " / " (-repeat / -norepeat).  The continuation lines
# of a command (after a line that ends in a backslash) are examples, not
# flags.  With "keywords", a line that starts with a lower-case word and a
# placeholder in capitals ("  threads N  ...") names the word: `tessera
# prove` takes such words for flags.
help_flags() {
    awk -v keywords="${1:-}" '
        continued { continued = /\\$/; next }
        { continued = /\\$/ }
        keywords != "" && $1 ~ /^[a-z]+$/ && $2 ~ /^[A-Z]+$/ { print $1; next }
        { for (i = 1; i <= NF; i++) {
               if ((i == 1 || $(i - 1) == "/") && $i ~ /^--?[a-zA-Z]/) { f = $i; sub(/[,=:].*$/, "", f); print f }
               else if (i > 1 && $i != "/") break } }' | sort -u
}

# The flags of the table under each "## Flags" heading of a manual:
# every backticked word that starts with '-' in a row's first cell, or a
# keyword with its placeholder (`threads N`: threads).  Prints
# "HEADING<TAB>FLAG" lines, and "HEADING<TAB>" for each heading.
manual_flags() {
    awk '/^## / { in_flags = ($0 ~ /^## Flags/); heading = $0; if (in_flags) print heading "\t"; next }
         in_flags && /^\| *`/ {
             cell = $0; sub(/^\| */, "", cell); sub(/ *\|.*$/, "", cell)
             while (match(cell, /`[^`]*`/)) {
                 f = substr(cell, RSTART + 1, RLENGTH - 2)
                 cell = substr(cell, RSTART + RLENGTH)
                 if (f !~ /^-/ && f !~ /^[a-z]+ [A-Z]/) continue
                 sub(/[ =].*$/, "", f)
                 print heading "\t" f
             } }' "$1"
}

# The program a manual's plain "## Flags" heading is about.
program_of() {
    case "$1" in
    tools/arena/*) echo tessera-arena ;;
    tools/tune/*) echo tessera-tune ;;
    tools/web/*) echo tessera-web ;;
    tools/datagen/*) echo tessera-datagen ;;
    tools/train/*) echo tessera-train ;;
    tools/proof/*) echo tessera-proof-check ;;
    tools/mates/*) echo tessera-mates ;;
    *) echo "" ;;
    esac
}

# Commands whose flags are bare words (keywords), not -flags.
takes_keywords() { [ "$1" = "tessera prove" ]; }
