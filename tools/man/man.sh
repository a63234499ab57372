#!/bin/sh
# man.sh - writes one program's man page (roff, man(7) macros) from its
# manual, so that the page cannot go stale: NAME from the list below,
# DESCRIPTION from the manual's first paragraph, OPTIONS from the
# manual's "## Flags" tables (the program's own, then one subsection per
# subcommand's "## Flags: PROGRAM SUBCOMMAND"), SEE ALSO the installed
# manuals under DOCDIR.  Run from the repository root by make:
#
#   sh tools/man/man.sh PROGRAM DOCDIR >build/man/PROGRAM.1
set -eu
. "$(dirname "$0")/flags.sh"

if [ $# -ne 2 ]; then
    echo "usage: sh tools/man/man.sh PROGRAM DOCDIR >PAGE" >&2
    exit 2
fi
program=$1
docdir=$2
version=$(sed -n 's/^#define TESSERA_VERSION "\(.*\)"$/\1/p' src/util/version.h)

# Each program's one line, its manual and the manual's installed name
# (the names make install gives them).
case "$program" in
tessera) summary='an engine for Columna, Room and Pillar, Qawale and Territoire' manual=README.md ;;
tessera-arena) summary='plays engines against each other and measures the difference' ;;
tessera-tune) summary="SPSA tuning of the engine's weights, Texel fitting, the win/draw/loss model" ;;
tessera-web) summary='play, analyse and watch the four games in a browser' ;;
tessera-datagen) summary='self-play data and opening books for training and matches' ;;
tessera-train) summary="trains a game's network on self-play data" ;;
tessera-proof-check) summary='checks the proof certificate that tessera prove writes' manual=tools/proof/README.md ;;
tessera-mates) summary='exact mate distances, the judge of the engine'"'"'s shortest mates' ;;
*)
    echo "man.sh: no man page for '$program'" >&2
    exit 2
    ;;
esac
[ -n "${manual:-}" ] || manual="tools/${program#tessera-}/README.md"
case "$manual" in
tools/*/README.md) doc=$(basename "$(dirname "$manual")").md ;;
*) doc=$(basename "$manual") ;;
esac

# The "## Flags" headings of this program, its own first: "MANUAL<TAB>HEADING<TAB>COMMAND".
flag_sections() {
    for m in protocol.md tools/*/README.md; do
        grep '^## Flags' "$m" | while IFS= read -r heading; do
            command=$(printf '%s' "$heading" | sed -n 's/^## Flags: *//p')
            [ -n "$command" ] || command=$(program_of "$m")
            case "$command" in
            "$program" | "$program "*) printf '%s\t%s\t%s\n' "$m" "$heading" "$command" ;;
            esac
        done
    done | sort -t "$(printf '\t')" -k3,3
}

# The markdown of the lines on stdin as roff: `code` in bold (its
# hyphens \-; build/tessera-arena, the repository's, named as installed:
# tessera-arena), links as their text, a table row "| `-a`, `-b` | text |"
# as a tagged paragraph ".TP" with "-a / -b", a fence as a no-fill block.
# With section set, only the lines under that heading.
to_roff() {
    awk -v section="${1:-}" '
        function replace(s, from, to,   out, k) {
            out = ""
            while ((k = index(s, from)) > 0) { out = out substr(s, 1, k - 1) to; s = substr(s, k + length(from)) }
            return out s
        }
        function escape(s) {
            s = replace(s, "\\", "\\e")
            if (s ~ /^[.\047]/) s = "\\&" s
            return s
        }
        function inline(s,   out, code, text) {
            while (match(s, /\[[^]]*\]\([^)]*\)/)) {
                text = substr(s, RSTART + 1, RLENGTH); text = substr(text, 1, index(text, "]") - 1)
                s = substr(s, 1, RSTART - 1) text substr(s, RSTART + RLENGTH)
            }
            s = replace(escape(s), "**", "")
            out = ""
            while (match(s, /`[^`]*`/)) {
                code = replace(replace(substr(s, RSTART + 1, RLENGTH - 2), "build/tessera", "tessera"), "-", "\\-")
                out = out substr(s, 1, RSTART - 1) "\\fB" code "\\fR"
                s = substr(s, RSTART + RLENGTH)
            }
            return out s
        }
        function row(line,   k, tag, meaning, names) {
            line = substr(line, 2); sub(/[ \t]*\|[ \t]*$/, "", line)
            k = index(line, " | ")
            tag = substr(line, 1, k - 1); meaning = substr(line, k + 3)
            names = ""
            while (match(tag, /`[^`]*`/)) {
                names = names (names == "" ? "" : " / ") substr(tag, RSTART, RLENGTH)
                tag = substr(tag, RSTART + RLENGTH)
            }
            if (names == "") return
            print ".TP"; print inline(names); print inline(meaning)
        }
        section != "" && /^## / { inside = ($0 == section); next }
        section != "" && !inside { next }
        fenced && /^```/ { fenced = 0; print ".fi"; print ".PP"; next }
        fenced { print escape($0); next }
        /^```/ { fenced = 1; print ".PP"; print ".nf"; next }
        /^\|[-| :]*$/ { next }
        /^\|/ { row($0); para = 0; next }
        /^[ \t]*$/ { para = 0; next }
        !para { print ".PP"; para = 1 }
        { print inline($0) }'
}

# The manual's first paragraph (after its title).
first_paragraph() {
    awk 'NR > 1 && /^[ \t]*$/ { if (seen) exit; next } NR > 1 { seen = 1; print }' "$1"
}

upper=$(printf '%s' "$program" | tr 'a-z' 'A-Z')
cat <<EOF
.\\" The man page of $program, written by tools/man/man.sh from $manual.
.TH $upper 1 "" "Tessera $version" "Tessera manual"
.SH NAME
$program \\- $summary
.SH SYNOPSIS
EOF
flag_sections | cut -f3 | while IFS= read -r command; do
    printf '.B %s\n' "$command"
    printf '[\\fIflags\\fR]\n.br\n'
done
if [ "$program" = tessera ]; then
    echo '.PP'
    printf '%s\n' 'Its commands (tessera \-\-help tells them too):'
    echo '.PP'
    echo '.nf'
    awk '/^## / { inside = ($0 == "## Command line"); next } inside && /^    / { print substr($0, 5) }' protocol.md |
        to_roff | grep -v '^\.PP$'
    echo '.fi'
fi
echo '.SH DESCRIPTION'
first_paragraph "$manual" | to_roff
echo '.PP'
printf 'The whole manual: \\fI%s/%s\\fR.\n' "$docdir" "$doc"
echo '.SH OPTIONS'
flag_sections | while IFS="$(printf '\t')" read -r m heading command; do
    [ "$command" = "$program" ] || printf '.SS "%s"\n' "$command"
    to_roff "$heading" <"$m"
done
echo '.SH SEE ALSO'
for other in tessera tessera-arena tessera-tune tessera-web tessera-datagen tessera-train tessera-proof-check \
    tessera-mates; do
    [ "$other" = "$program" ] || printf '.BR %s (1),\n' "$other"
done | sed '$ s/,$//'
echo '.PP'
printf 'The manuals, in \\fI%s\\fR: \\fB%s\\fR; the protocol, \\fBprotocol.md\\fR; the rules of the games, \\fBRULES.md\\fR.\n' \
    "$docdir" "$doc"
