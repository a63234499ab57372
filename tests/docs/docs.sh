#!/bin/sh
# docs.sh - the user documentation cannot go stale:
#
#   - every runnable block (a fence opened with ```sh) of README.md,
#     protocol.md and the manuals (src/**/*.md and tools/**/*.md except the
#     results files, RESULTS.md) runs from a scratch folder where build/,
#     tools/ and src/ point into the repository, and must exit 0;
#   - a block followed by a check (an HTML comment, hidden where the page
#     is rendered, right after the block's closing fence:
#         <!-- check: what the text above claims, in words
#         shell lines, run with sh -e in the block's folder after it;
#         $OUT names the file that holds what the block printed
#         -->
#     ) must also pass its check: the block shows what its text says;
#   - a block that leaves files behind runs a second time in the same
#     folder (a reader runs it again), and must pass again, check and all;
#   - each manual's and protocol.md's flags tables (sections headed "## Flags", or
#     "## Flags: PROGRAM [SUBCOMMAND]") list exactly the flags that the
#     program's --help lists, and that --help exits 0;
#   - every program (build/tessera-*, the cluster scripts tools/cluster/*.sh,
#     the learning loop tools/loop/loop.sh)
#     and every subcommand with a help of its own has a flags table;
#   - protocol.md's options tables name every option `uci` declares, with
#     its type, default and range, and no other;
#   - a bench signature the documents state is the one `tessera bench`
#     prints;
#   - no issue numbers in the user documentation.
#
# Run against the release build only (it runs the documents' commands,
# which name build/, the release programs).
. "$(dirname "$0")/../protocol/lib.sh"
. "$(dirname "$0")/../../tools/man/flags.sh"

case "$BUILD" in
*release*) ;;
*)
    echo "(the documentation is checked against the release build)"
    finish
    exit 0
    ;;
esac

ROOT=$(pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
MANUALS=$(find src tools -name '*.md' ! -name 'RESULTS.md' | sort)
DOCS="README.md protocol.md $MANUALS"

# --- runnable blocks

# Writes each ```sh block of the documents to $TMP/blocks/NNN.sh, its
# first line a comment naming where it came from.
mkdir -p "$TMP/blocks"
for doc in $DOCS; do
    awk -v dir="$TMP/blocks" -v start="$(ls "$TMP/blocks"/*.sh 2>/dev/null | wc -l)" '
        /^```sh[ \t]*$/ { n++; inside = 1; after = 0; file = sprintf("%s/%03d.sh", dir, start + n); print "# " FILENAME ":" FNR > file; next }
        inside && /^```/ { inside = 0; after = 1; close(file); next }
        inside { print > file; next }
        checking && /^-->[ \t]*$/ { checking = 0; close(check); next }
        checking { print > check; next }
        after && /^[ \t]*$/ { next }
        after && /^<!-- check:/ {
            check = sprintf("%s/%03d.check", dir, start + n)
            claim = $0; sub(/^<!-- check: */, "", claim)
            print "# " claim > check
            checking = 1 }
        { after = 0 }' "$doc"
done

# Ends whatever a block left running in its scratch folder.
end_leftovers() {
    for p in /proc/[0-9]*; do
        [ "$(readlink "$p/cwd" 2>/dev/null)" = "$1" ] && kill -9 "${p#/proc/}" 2>/dev/null
    done
}

# run_check WHERE CHECK FOLDER OUTPUT: runs a block's check in its folder,
# with OUT naming what the block printed.
run_check() {
    claim=$(head -n 1 "$2" | cut -c3-)
    (cd "$3" && OUT="$4" timeout 60 sh -e "$2") >"$TMP/check_output" 2>&1
    if [ $? -eq 0 ]; then
        ok "block_shows_what_it_says $1: $claim"
    else
        not_ok "block_shows_what_it_says $1" "the text claims: $claim" "the check:" "$(sed 1d "$2")" \
            "it printed:" "$(tail -n 15 "$TMP/check_output")" "the block printed:" "$(tail -n 15 "$4")"
    fi
}

blocks=0
for block in "$TMP"/blocks/*.sh; do
    [ -f "$block" ] || continue
    blocks=$((blocks + 1))
    where=$(head -n 1 "$block" | cut -c3-)
    scratch="$TMP/run$blocks"
    mkdir -p "$scratch"
    scratch=$(cd "$scratch" && pwd -P)
    ln -s "$ROOT/build" "$ROOT/tools" "$ROOT/src" "$scratch/"
    check=${block%.sh}.check
    for round in first second; do
        started=$(date +%s)
        (cd "$scratch" && timeout 300 sh -e "$block") >"$TMP/out$blocks" 2>&1
        status=$?
        end_leftovers "$scratch"
        if [ "$status" -ne 0 ]; then
            not_ok "runnable_block $where ($round run)" "exit status $status; the block:" "$(sed 1d "$block")" \
                "it printed:" "$(tail -n 15 "$TMP/out$blocks")"
            break
        fi
        ok "runnable_block $where ($round run, $(($(date +%s) - started)) s)"
        if [ -f "$check" ]; then
            run_check "$where ($round run)" "$check" "$scratch" "$TMP/out$blocks"
        fi
        # Beside the links to build/, tools/ and src/, nothing: a second
        # run would find what the first found.
        [ "$(ls -A "$scratch" | wc -l)" -gt 3 ] || break
    done
done
if [ "$blocks" -gt 0 ]; then ok "runnable_blocks_found ($blocks)"; else not_ok runnable_blocks_found; fi

# --- flags tables against --help

# A command's help: build/PROGRAM [SUBCOMMAND] --help, or for a script
# named by its path (tools/cluster/parallel.sh) sh SCRIPT --help.  Its
# output goes to $TMP/help, its exit status is returned.
run_help() {
    case "$1" in
    */*.sh) sh "$1" --help >"$TMP/help" 2>&1 ;;
    *)
        # shellcheck disable=SC2086 # a subcommand is its own word
        build/$1 --help >"$TMP/help" 2>&1
        ;;
    esac
}

tables=0
: >"$TMP/documented_commands"
for manual in protocol.md $MANUALS; do
    manual_flags "$manual" >"$TMP/flags"
    cut -f1 "$TMP/flags" | awk '!seen[$0]++' >"$TMP/headings"
    while IFS= read -r heading; do
        command=$(printf '%s' "$heading" | sed -n 's/^## Flags: *//p')
        [ -n "$command" ] || command=$(program_of "$manual")
        name="flags_of_${manual}_$(printf '%s' "$command" | tr ' ' '_')"
        if [ -z "$command" ]; then
            not_ok "$name" "a '## Flags' table in $manual names no program: write '## Flags: PROGRAM'"
            continue
        fi
        tables=$((tables + 1))
        printf '%s\n' "$command" >>"$TMP/documented_commands"
        run_help "$command"
        status=$?
        if takes_keywords "$command"; then
            help_flags keywords <"$TMP/help" >"$TMP/from_help"
            awk -F '\t' -v h="$heading" '$1 == h && $2 != "" { print $2 }' "$TMP/flags" | sort -u >"$TMP/from_manual"
        else
            help_flags <"$TMP/help" >"$TMP/from_help"
            awk -F '\t' -v h="$heading" '$1 == h && $2 ~ /^-/ { print $2 }' "$TMP/flags" | sort -u >"$TMP/from_manual"
        fi
        missing=$(comm -23 "$TMP/from_help" "$TMP/from_manual" | tr '\n' ' ')
        extra=$(comm -13 "$TMP/from_help" "$TMP/from_manual" | tr '\n' ' ')
        if [ "$status" -ne 0 ] || [ ! -s "$TMP/help" ]; then
            not_ok "$name" "'$command --help' exited with status $status; it printed:" "$(tail -n 5 "$TMP/help")"
        elif [ -z "$missing$extra" ]; then
            ok "$name ($(wc -l <"$TMP/from_help" | tr -d ' ') flags)"
        else
            not_ok "$name" "in --help, not in the manual: ${missing:-none}" "in the manual, not in --help: ${extra:-none}"
        fi
    done <"$TMP/headings"
done
if [ "$tables" -gt 0 ]; then ok "flags_tables_found ($tables)"; else not_ok flags_tables_found; fi

# --- every program and subcommand has a flags table

# The subcommands a program's help names: a usage line "PROGRAM WORD ..."
# (WORD in lower case: tessera-tune verify), and a word whose own help it
# points to ("see --client --help", "tessera-tune texel -help").  For the
# engine, build/tessera, only the latter: `tessera prove`, whose flags are
# documented; its other subcommands (bench) take no flags of their own.
subcommands_of() { # program
    build/"$1" --help 2>&1 | awk -v p="$1" '
        p != "tessera" && ($1 == p || ($1 ~ /^[Uu]sage:$/ && $2 == p)) {
            w = ($1 == p) ? $2 : $3
            if (w ~ /^[a-z]+$/) print w
        }
        { for (i = 2; i <= NF; i++)
              if ($i ~ /^--?help[).,;:]*$/ && $(i - 1) != p && $(i - 1) ~ /^(--)?[a-z]+$/) print $(i - 1) }' | sort -u
}

: >"$TMP/commands"
for program in build/tessera-*; do
    if [ ! -f "$program" ] || [ ! -x "$program" ]; then continue; fi
    program=${program#build/}
    echo "$program" >>"$TMP/commands"
    subcommands_of "$program" | sed "s/^/$program /" >>"$TMP/commands"
done
subcommands_of tessera | sed 's/^/tessera /' >>"$TMP/commands"
# (A script without a #! line is sourced, not run: lib.sh, daemons.sh.)
for script in tools/cluster/*.sh tools/loop/loop.sh; do
    head -n 1 "$script" | grep -q '^#!' && echo "$script" >>"$TMP/commands"
done
undocumented=$(sort -u "$TMP/commands" | while IFS= read -r command; do
    grep -qxF "$command" "$TMP/documented_commands" || printf " '%s'" "$command"
done)
count=$(sort -u "$TMP/commands" | wc -l | tr -d ' ')
if [ -z "$undocumented" ]; then
    ok "every_program_and_subcommand_has_a_flags_table ($count)"
else
    not_ok every_program_and_subcommand_has_a_flags_table "no '## Flags' or '## Flags: COMMAND' table for:$undocumented"
fi

# --- protocol.md's options against `uci`

printf 'uci\nquit\n' | build/tessera | sed -n 's/^option name //p' >"$TMP/options"
# Rows of protocol.md's options tables: | `Name` | type | default | range | meaning |
awk -F '|' '/^\| `[^`]+` \| (spin|check|combo|string|button) \|/ {
        name = $2; gsub(/^ *`|` *$/, "", name)
        type = $3; gsub(/ /, "", type)
        def = $4; gsub(/^ *| *$/, "", def); gsub(/`/, "", def)
        range = $5; gsub(/^ *| *$/, "", range)
        print name "\t" type "\t" def "\t" range }' protocol.md >"$TMP/documented"
undocumented=
wrong=
while IFS= read -r line; do
    name=$(printf '%s' "$line" | sed 's/ type .*//')
    type=$(printf '%s' "$line" | sed -n 's/.* type \([a-z]*\).*/\1/p')
    def=$(printf '%s' "$line" | sed -n 's/.* default \([^ ]*\).*/\1/p')
    min=$(printf '%s' "$line" | sed -n 's/.* min \(-*[0-9]*\).*/\1/p')
    max=$(printf '%s' "$line" | sed -n 's/.* max \(-*[0-9]*\).*/\1/p')
    row=$(awk -F '\t' -v n="$name" '$1 == n' "$TMP/documented")
    if [ -z "$row" ]; then
        undocumented="$undocumented '$name'"
        continue
    fi
    doc_type=$(printf '%s' "$row" | cut -f2)
    doc_def=$(printf '%s' "$row" | cut -f3)
    doc_range=$(printf '%s' "$row" | cut -f4)
    [ "$doc_type" = "$type" ] || wrong="$wrong; $name: type $doc_type, uci says $type"
    [ "$doc_def" = "$def" ] || wrong="$wrong; $name: default '$doc_def', uci says '$def'"
    if [ "$type" = spin ] && [ "$doc_range" != "$min-$max" ] && [ "$doc_range" != "$min..$max" ]; then
        wrong="$wrong; $name: range '$doc_range', uci says $min-$max"
    fi
done <"$TMP/options"
if [ -z "$undocumented" ]; then ok every_option_is_in_protocol_md; else not_ok every_option_is_in_protocol_md "not documented:$undocumented"; fi
if [ -z "$wrong" ]; then ok option_types_defaults_and_ranges_match_uci; else not_ok option_types_defaults_and_ranges_match_uci "$wrong"; fi
stale=$(cut -f1 "$TMP/documented" | while IFS= read -r name; do
    grep -q "^$name type " "$TMP/options" || printf " '%s'" "$name"
done)
if [ -z "$stale" ]; then ok protocol_md_documents_no_option_uci_lacks; else not_ok protocol_md_documents_no_option_uci_lacks "$stale"; fi

# --- stated figures

signature=$(build/tessera bench 2>&1 | sed -n 's/^Nodes searched: *//p')
stated=$(grep -ho 'signature[^0-9]\{0,24\}[0-9][0-9][0-9][0-9][0-9][0-9]*' $DOCS | grep -o '[0-9]*$' | sort -u)
if [ -z "$stated" ]; then
    ok "no_bench_signature_stated"
else
    bad=$(printf '%s\n' "$stated" | grep -vx "$signature" | tr '\n' ' ')
    if [ -z "$bad" ]; then ok "bench_signature_is_${signature}"; else not_ok bench_signature_matches "documents say $bad, bench prints $signature"; fi
fi

# --- no issue numbers
REPLY=$(grep -n -i -E '\bissues? [0-9]+|\(#[0-9]+\)' $DOCS)
expect_no_line no_issue_numbers_in_the_documentation '.'

finish
