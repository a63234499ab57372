# circles.awk - reads "FILE SYMBOL KIND" lines (nm's defined T/D/B/R and
# undefined U symbols of each object) and prints the files that call each
# other in a circle, one circle's files per line; nothing when there is none.
# Kahn's method: files that call no remaining file are peeled off until
# none is left, and what cannot be peeled lies on a circle (or leads into
# one: those are peeled from the other side, files nothing remaining calls).
{
    file = $1; sym = $2; kind = $3
    files[file] = 1
    if (kind == "U") { uses[file, ++used[file]] = sym }
    else { owner[sym] = file }
}
END {
    for (f in files)
        for (i = 1; i <= used[f]; i++) {
            g = owner[uses[f, i]]
            if (g != "" && g != f && !((f, g) in edge)) { edge[f, g] = 1; out[f]++; inn[g]++; calls[f, ++n_calls[f]] = g }
        }
    for (f in files) alive[f] = 1
    do {
        changed = 0
        for (f in alive) {
            if (out[f] > 0 && inn[f] > 0) continue
            delete alive[f]; changed = 1
            for (g in alive) {
                if ((f, g) in edge) inn[g]--
                if ((g, f) in edge) out[g]--
            }
        }
    } while (changed)
    line = ""
    for (f in alive) line = line " " f
    if (line != "") print substr(line, 2)
}
