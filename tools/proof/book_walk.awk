# book_walk.awk - reads one proof certificate (src/prove/certificate_format.h)
# and prints, for each position within maxply plies of the root where the
# winner moves: its ply, its node, the moves that reach it from the root
# (space-separated, a shortest way), the winner's move there and the plies
# to the end of the game under the proof (the longest line of the proven
# strategy: never shorter than the exact distance).  First line: root TAB
# the root's position string.  Used by book.sh.
/^tessera-proof/ { next }
$1 == "root" { root = substr($0, 6); next }
$1 == "winner" { winner = $2; next }
$1 ~ /^[0-9]+$/ {
    n = $1; kind[n] = $2; cnt[n] = NF - 2
    for (i = 3; i <= NF; i++) {
        split($i, p, ">"); mv[n, i - 2] = p[1]; to[n, i - 2] = p[2]
    }
}
function dist(n,   i, d, best) {
    if (n in memo) return memo[n]
    best = 0
    for (i = 1; i <= cnt[n]; i++) {
        d = to[n, i] == "end" ? 1 : 1 + dist(to[n, i])
        if (kind[n] == "W" || d > best) best = d
    }
    return memo[n] = best
}
END {
    print "root\t" root
    head = 0; tail = 0
    q[tail] = 0; qpath[tail] = ""; qply[tail++] = 0; seen[0] = 1
    while (head < tail) {
        n = q[head]; path = qpath[head]; ply = qply[head++]
        if (ply > maxply) continue
        if (kind[n] == "W")
            print ply "\t" n "\t" path "\t" mv[n, 1] "\t" dist(n)
        for (i = 1; i <= cnt[n]; i++) {
            c = to[n, i]
            if (c == "end" || (c in seen)) continue
            seen[c] = 1; q[tail] = c
            qpath[tail] = path == "" ? mv[n, i] : path " " mv[n, i]
            qply[tail++] = ply + 1
        }
    }
}
