# table.awk - the markdown of tools/proof/table.sh's table: reads the
# table's boards ("W H" lines, in order) on standard input and their rows
# from the file `results` (results.tsv, one tab-separated line a board,
# the fields named by its first line), and prints the table, each proven
# board's first answers, and how to make the certificates not kept.
BEGIN {
    while ((getline line < results) > 0) {
        n = split(line, f, "\t")
        if (line ~ /^# /) {
            sub(/^# /, "", f[1])
            for (i = 1; i <= n; i++) name[i] = f[i]
            continue
        }
        for (i = 1; i <= n; i++) row[f[1], name[i]] = f[i]
        known[f[1]] = 1
    }
    print "| Board | Winner | Proof | Threads, hash | Certificate | sha256 of the certificate | Checker | Run |"
    print "|---|---|---|---|---|---|---|---|"
}

function seconds(ms) {
    if (ms < 1000) return ms " ms"
    if (ms < 10000) return sprintf("%.2f s", ms / 1000)
    if (ms < 600000) return sprintf("%.0f s", ms / 1000)
    return sprintf("%d min %d s", ms / 60000, (ms % 60000) / 1000)
}

function v(b, field) { return row[b, field] }

# A paragraph of text between blank lines.
function paragraph(text) { print ""; print text; print "" }

{
    b = $1 "x" $2
    if (!(b in known)) {
        print "| " b " | not yet run here | | | | | | |"
        later[++nlater] = b
        next
    }
    if (v(b, "status") == "open") {
        print "| " b " | not yet run here (not proven in " seconds(v(b, "prove_ms")) ") | | " v(b, "threads") ", " \
              v(b, "hash_mb") " MB | | | | " v(b, "run") " |"
        later[++nlater] = b
        next
    }
    proof = v(b, "nodes") " nodes in " seconds(v(b, "prove_ms"))
    if (v(b, "wall_ms") != "-") proof = proof " (" seconds(v(b, "wall_ms")) " wall)"
    cert = v(b, "positions") " positions, " v(b, "moves") " moves, " v(b, "bytes") " bytes"
    if (v(b, "kept") != "-") cert = cert "; [" v(b, "kept") "](table/" v(b, "kept") ")"
    else {
        cert = cert "; not kept (command below)"
        later[++nlater] = b
    }
    check = v(b, "status") == "cited" ? "held, in " seconds(v(b, "check_ms")) : "holds (" v(b, "check_ms") " ms)"
    print "| " b " | " v(b, "winner") " | " proof " | " v(b, "threads") ", " v(b, "hash_mb") " MB | " cert " | " \
          (v(b, "sha256") == "-" ? "not kept" : "`" v(b, "sha256") "`") " | " check " | " v(b, "run") " |"
    answered[++nanswered] = b
}

END {
    paragraph("Each proven board's first moves (the second player's answer after each,\n" \
              "as its certificate holds; or the first player's winning move):")
    for (i = 1; i <= nanswered; i++) {
        b = answered[i]
        if (v(b, "winner") == "first")
            print "- " b ", the first player wins with " v(b, "answers")
        else
            print "- " b ": " v(b, "answers")
    }
    if (!nlater) exit
    paragraph("The boards whose certificate is not kept here, each with the command\n" \
              "that proves it (for the boards not yet run, give --threads and --hash\n" \
              "what the machine has):")
    for (i = 1; i <= nlater; i++) {
        b = later[i]
        if (b in known && v(b, "status") != "open")
            print "- " b ": `sh tools/proof/table.sh --rows " b " --redo --threads " v(b, "threads") " --hash " \
                  v(b, "hash_mb") "`: " seconds(v(b, "wall_ms") == "-" ? v(b, "prove_ms") : v(b, "wall_ms")) \
                  " in the table's run, " (v(b, "sha256") == "-" ? "whose certificate was not kept" : \
                  "whose certificate's sha256 is `" v(b, "sha256") "`")
        else
            print "- " b ": `sh tools/proof/table.sh --rows " b "`"
    }
}
