#!/bin/sh
# web.sh - tessera-web over real HTTP, with its own client mode (no curl):
# the page is served, a full game of each of the four games is played
# through the API (the p1 side by the API's first legal move, p2 by the
# engine), bad input is refused with a 4xx and changes nothing, requests
# and sessions are capped, the event stream carries the search, idle
# sessions time out and their engines end, a killed engine is restarted
# with the game as it was, the watched files are served, and SIGINT ends
# every engine.
. "$(dirname "$0")/../protocol/lib.sh"
. "$(dirname "$0")/lib.sh"

WEB=$BUILD/tessera-web
# The test's requests go through a client too, the release build's where
# there is one: a sanitized program takes some 50 ms to start, and the
# full games below are hundreds of requests.  The server under test, and
# the client's own flags, are $WEB's.
CLIENT=$WEB
[ -x build/release/tessera-web ] && CLIENT=build/release/tessera-web
web_scratch

# call METHOD PATH [BODY]: sets CODE (the HTTP status) and BODY.
call() {
    RESP=$("$CLIENT" --client --port "$PORT" --max-time 60000 "$@" 2>&1 | tr -d '\r')
    CODE=$(printf '%s\n' "$RESP" | head -n 1 | cut -d' ' -f2)
    BODY=$(printf '%s\n' "$RESP" | sed '1,/^$/d')
}

# raw FILE: sends the file as the request; sets CODE and BODY.
raw() {
    RESP=$("$CLIENT" --client --port "$PORT" --raw <"$1" 2>&1 | tr -d '\r')
    CODE=$(printf '%s\n' "$RESP" | head -n 1 | cut -d' ' -f2)
    BODY=$(printf '%s\n' "$RESP" | sed '1,/^$/d')
}

field() { printf '%s' "$BODY" | sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }
number() { printf '%s' "$BODY" | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"; }
first_legal() { printf '%s' "$BODY" | sed -n 's/.*"legal":\["\([^"]*\)".*/\1/p'; }
move_count() { number ply; }

expect_code() { # name code [body-regex]
    if [ "$CODE" = "$2" ] && { [ -z "$3" ] || printf '%s' "$BODY" | grep -Eq -- "$3"; }; then
        ok "$1"
    else
        not_ok "$1" "expected $2 ${3:+and /$3/}, got $CODE: $(printf '%s' "$BODY" | cut -c1-300)"
    fi
}

alive() { kill -0 "$1" 2>/dev/null; }

# wait_gone PID SECONDS: true once the process has ended (SECONDS on an
# idle machine, times the load).
wait_gone() {
    tries=$(($2 * 10 * LOAD_FACTOR))
    while alive "$1" && [ "$tries" -gt 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
    ! alive "$1"
}

cat >"$TMP/run.pgn" <<'PGN'
% tessera-arena run
% game=roomandpillar
% engines=2
% engine.1.name=ab
% engine.2.name=mcts

[Event "tessera-arena roomandpillar"]
[Round "1"]
[White "ab"]
[Black "mcts"]
[Result "1-0"]
[Game "roomandpillar"]
[TimeControl "2+0.05"]
[Termination "normal"]

1. a1 {0.100s} b2 {0.200s} {normal: ab (p1) wins by the rules} 1-0

PGN
printf 'iteration,RoomPillarMobility\n0,10\n1,11.5\n' >"$TMP/tune.csv"

# Idle sessions time out after 3 s on an idle machine, longer under load:
# the checks below need a few requests' time to pass before a timeout,
# and the main session is seen again (see_main) while others are used.
SESSION_TIMEOUT=$((3 * LOAD_FACTOR))
if ! start_web "$WEB" "$TMP/server.log" --session-timeout "$SESSION_TIMEOUT" --max-sessions 3 \
    --watch "$TMP/run.pgn" --watch "$TMP/tune.csv"; then
    not_ok server_starts "$(cat "$TMP/server.log")"
    finish
    exit 1
fi
ok server_starts

# --- the page, and nothing but the page
call GET /
expect_code page_is_served 200 'main\.js'
call GET /games.js
expect_code script_is_served 200 'moveSteps'
call GET /nothing-here
expect_code unknown_path_is_404 404 '"error"'
call GET /../Makefile
expect_code path_outside_is_404 404
call GET /api/sessions/0123456789abcdef
expect_code unknown_session_is_404 404 'no such session'

# --- a full game of each game through the API
for game in roomandpillar columna qawale territoire; do
    call POST /api/sessions "{\"game\":\"$game\",\"backend\":\"random\"}"
    expect_code "create_${game}_session" 201 "\"game\":\"$game\""
    id=$(field id)
    pid=$(number engine_pid)
    turns=0
    fails=
    while ! printf '%s' "$BODY" | grep -q '"status":"over' && [ "$turns" -lt 300 ]; do
        before=$(move_count)
        if printf '%s' "$BODY" | grep -q '"status":"ongoing, p1 to move"'; then
            call POST "/api/sessions/$id/move" "{\"move\":\"$(first_legal)\"}"
        else
            call POST "/api/sessions/$id/go" '{"movetime":20,"wait":true}'
        fi
        after=$(move_count)
        if [ "$CODE" != 200 ] || [ "$after" -ne $((before + 1)) ]; then
            fails="turn $turns: $CODE, $before -> $after moves: $(printf '%s' "$BODY" | cut -c1-200)"
            break
        fi
        turns=$((turns + 1))
    done
    if [ -z "$fails" ] && printf '%s' "$BODY" | grep -Eq '"status":"over, (p1win|p2win|draw)"'; then
        ok "full_game_${game}_played_to_the_end ($turns moves, $(field status))"
    else
        not_ok "full_game_${game}_played_to_the_end" "${fails:-no end after $turns moves}"
    fi
    call POST "/api/sessions/$id/move" "{\"move\":\"a1\"}"
    expect_code "move_after_the_end_of_${game}_is_409" 409 'game is over'
    call DELETE "/api/sessions/$id"
    expect_code "end_${game}_session" 200
    if wait_gone "$pid" 5; then ok "ended_${game}_session_ends_its_engine"; else not_ok "ended_${game}_session_ends_its_engine" "pid $pid alive"; fi
done

# --- bad input changes nothing
call POST /api/sessions '{"game":"columna"}'
id=$(field id)
fen=$(field fen)
call POST "/api/sessions/$id/move" '{"move":"zz9"}'
expect_code illegal_move_is_422_with_the_reason 422 "illegal move 'zz9'.*expected a pawn move"
call POST "/api/sessions/$id/move" '{"move":"b2b3"}'
expect_code pawn_move_without_its_stacking_is_422 422 'illegal move'
call POST "/api/sessions/$id/move" '{"move":'
expect_code malformed_json_is_400 400 'malformed JSON at byte'
call POST "/api/sessions/$id/move" '{"move":5}'
expect_code move_of_wrong_type_is_400 400 'must be a string'
call POST "/api/sessions/$id/move" '{"move":"b2b1,c3c4\nquit"}'
expect_code move_with_a_line_break_is_400 400 'one word'
call POST "/api/sessions/$id/move" '[1,2]'
expect_code body_that_is_not_an_object_is_400 400 'expected a JSON object'
call POST "/api/sessions/$id/new" '{"game":"columna","start":"fen 111111/111111 w p"}'
expect_code bad_position_string_is_422 422 'position'
call POST "/api/sessions/$id/new" '{"game":"chess"}'
expect_code unknown_game_is_400 400 'unknown game'
call POST "/api/sessions/$id/option" '{"name":"Backend","value":"telepathy"}'
expect_code bad_option_value_is_422 422 'error|telepathy'
call POST "/api/sessions/$id/go" '{"movetime":-5}'
expect_code negative_movetime_is_400 400 'movetime'
call PUT "/api/sessions/$id/move" '{"move":"b2b1,c3c4"}'
expect_code wrong_method_is_405 405
call GET "/api/sessions/$id"
if [ "$(field fen)" = "$fen" ] && [ "$(field game)" = columna ] && [ "$(move_count)" -eq 0 ]; then
    ok refused_requests_changed_nothing
else
    not_ok refused_requests_changed_nothing "fen $(field fen), expected $fen"
fi

# --- moves, undo, a position from a string
call POST "/api/sessions/$id/move" '{"move":"b2b1,c3c4"}'
expect_code legal_move_is_played 200 '"moves":\["b2b1,c3c4"\]'
call POST "/api/sessions/$id/undo" '{"count":2}'
expect_code undo_of_more_than_played_is_409 409 'cannot take back'
call POST "/api/sessions/$id/undo" '{"count":1}'
expect_code undo_takes_the_move_back 200 '"moves":\[\]'
if [ "$(field fen)" = "$fen" ]; then ok undo_restores_the_position; else not_ok undo_restores_the_position "$(field fen)"; fi
call POST "/api/sessions/$id/new" '{"game":"roomandpillar","start":"fen wbwb/bwbw/wbwb/bwbw b -","moves":"a1 swap"}'
expect_code position_string_and_moves_set_up 200 '"fen":"wbwb/bwbw/wbwb/\.wbw w -"'

# --- clocks, and games the page ends (resignation, agreed draw, time)
# see_main: the main session seen, so that it does not time out while
# another session's engine starts and thinks (under a sanitizer 3 s went
# by that way); CODE and BODY are overwritten.
see_main() { call GET "/api/sessions/$main_id"; }
call POST /api/sessions '{"game":"columna"}'
main_id=$id
id=$(field id)
see_main
call POST "/api/sessions/$id/go" '{"p1time":1500,"p2time":1500,"p1inc":10,"p2inc":10,"purpose":"play","wait":true}'
expect_code engine_moves_on_its_clock 200 '"ply":1'
see_main
call POST "/api/sessions/$id/go" '{"p1time":60000,"purpose":"play"}'
expect_code one_clock_alone_is_400 400 'together'
call POST "/api/sessions/$id/go" '{"p1time":-1,"p2time":5,"purpose":"play"}'
expect_code negative_clock_is_400 400 'p1time'
call POST "/api/sessions/$id/end" '{"result":"p1win","reason":"p2 resigns"}'
expect_code resignation_ends_the_game 200 '"status":"over, p1win","reason":"p2 resigns"'
call POST "/api/sessions/$id/move" "{\"move\":\"$(first_legal)\"}"
expect_code move_after_a_resignation_is_409 409 'p2 resigns'
call POST "/api/sessions/$id/go" '{"movetime":50,"wait":true}'
expect_code search_after_a_resignation_is_409 409 'over'
call POST "/api/sessions/$id/end" '{"result":"draw","reason":"agreed"}'
expect_code ending_an_ended_game_is_409 409 'over'
call POST "/api/sessions/$id/undo" '{"count":1}'
expect_code undo_takes_the_resignation_back 200 '"ply":0,.*"reason":""|"reason":"".*"ply":0'
call POST "/api/sessions/$id/end" '{"result":"p3win"}'
expect_code unknown_result_is_400 400 'p1win'
call POST "/api/sessions/$id/end" '{"result":"draw","reason":"a\nb"}'
expect_code reason_with_a_line_break_is_400 400 'printable'
call POST "/api/sessions/$id/end" '{"result":"p2win","reason":"p1 lost on time"}'
call POST "/api/sessions/$id/new" '{}'
expect_code new_game_forgets_the_ending 200 '"status":"ongoing'
see_main
call DELETE "/api/sessions/$id"
id=$main_id

# --- requests too large
{
    printf 'POST /api/sessions/%s/move HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nContent-Length: 70000\r\n\r\n' "$id" "$PORT"
    dd if=/dev/zero bs=1000 count=70 2>/dev/null | tr '\0' 'a'
} >"$TMP/large"
raw "$TMP/large"
expect_code body_over_64k_is_413 413 'exceeds 65536'
{
    printf 'GET / HTTP/1.1\r\nX-Filler: '
    dd if=/dev/zero bs=1000 count=9 2>/dev/null | tr '\0' 'a'
    printf '\r\n\r\n'
} >"$TMP/headers"
raw "$TMP/headers"
expect_code headers_over_8k_are_431 431
printf 'NONSENSE\r\n\r\n' >"$TMP/nonsense"
raw "$TMP/nonsense"
expect_code malformed_request_line_is_400 400
printf 'GET /api/watch HTTP/1.1\r\nHost: evil.example:8080\r\n\r\n' >"$TMP/rebound"
raw "$TMP/rebound"
expect_code foreign_host_name_is_403 403 'Host header'
printf 'GET /api/watch HTTP/1.1\r\nHost: localhost:%s\r\n\r\n' "$PORT" >"$TMP/local"
raw "$TMP/local"
expect_code local_host_name_is_served 200 'files'
printf 'POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\n\r\n' "$PORT" >"$TMP/cross"
raw "$TMP/cross"
expect_code request_from_another_site_is_403 403 'other sites'

see_main
# --- the event stream carries the search
"$WEB" --client --port "$PORT" --max-time 20000 GET "/api/sessions/$id/events" >"$TMP/events" 2>&1 &
stream=$!
wait_for_text "$TMP/events" '^event: state'
call POST "/api/sessions/$id/go" '{"depth":2,"purpose":"analyse","wait":true}'
expect_code analysis_search_runs 200
call POST "/api/sessions/$id/move" '{"move":"b1"}'
# Ending the session closes its stream: the client sees the end at once.
call DELETE "/api/sessions/$id"
wait "$stream"
REPLY=$(tr -d '\r' <"$TMP/events")
expect_line stream_is_event_stream '^Content-Type: text/event-stream'
expect_line stream_starts_with_the_state '^event: state'
expect_line stream_has_info_lines '^data: \{"line":"info depth [0-9]+ .*pv '
expect_line stream_info_lines_carry_wdl '^data: \{"line":"info depth [0-9]+ .* score [a-z]+ -?[0-9]+ wdl [0-9]+ [0-9]+ [0-9]+ '
expect_line stream_has_the_bestmove '^data: \{"move":"[a-z0-9]+","purpose":"analyse"\}'
expect_line stream_has_the_played_move '^data: .*"moves":\["a1","swap","b1"\]'
expect_order stream_info_before_bestmove '^event: info' '^event: bestmove'

# --- a move list longer than a line the process part reads (a tall
# Qawale stack: about 600 KB) is left out, not fatal
call POST /api/sessions '{"game":"qawale","start":"fen nnnnnnnnwwbb,.,.,./.,.,.,./.,.,.,./.,.,.,. w 6 6"}'
expect_code tall_stack_position_is_set_up 201 '"legal":\[\],"legal_complete":false'
id=$(field id)
call POST "/api/sessions/$id/move" '{"move":"a4b4c4d4d3d2d1c1c2c3b3b4c4d4"}'
expect_code a_typed_move_is_played_without_the_list 200 '"ply":1'

call DELETE "/api/sessions/$id"

# --- a killed engine is restarted with the game as it was
call POST /api/sessions '{"game":"qawale","backend":"random"}'
id=$(field id)
call POST "/api/sessions/$id/move" "{\"move\":\"$(first_legal)\"}"
played=$(first_legal)
pid=$(number engine_pid)
# The server reaps its engines: until it notices, the killed one is a
# zombie, which kill -0 still finds.
kill -9 "$pid"
call POST "/api/sessions/$id/move" "{\"move\":\"$played\"}"
expect_code crashed_engine_is_reported_as_502 502 'restarted'
call GET "/api/sessions/$id"
new_pid=$(number engine_pid)
if [ "$(number restarts)" = 1 ] && [ "$new_pid" != "$pid" ] && alive "$new_pid" && [ "$(move_count)" -eq 1 ]; then
    ok crashed_engine_restarted_with_the_game
else
    not_ok crashed_engine_restarted_with_the_game "restarts $(number restarts), pid $pid -> $new_pid, $(move_count) moves"
fi
call POST "/api/sessions/$id/move" "{\"move\":\"$(first_legal)\"}"
expect_code game_goes_on_after_the_restart 200
# A crash in the middle of a search is found by the search's reader.
call POST "/api/sessions/$id/go" '{"infinite":true,"purpose":"analyse"}'
pid=$(number engine_pid)
kill -9 "$pid"
tries=$((50 * LOAD_FACTOR))
while call GET "/api/sessions/$id" && [ "$(number restarts)" != 2 ] && [ "$tries" -gt 0 ]; do
    sleep 0.1
    tries=$((tries - 1))
done
if [ "$(number restarts)" = 2 ] && printf '%s' "$BODY" | grep -q '"searching":false' && [ "$(move_count)" -eq 2 ]; then
    ok engine_crash_during_a_search_is_recovered
else
    not_ok engine_crash_during_a_search_is_recovered "$(printf '%s' "$BODY" | cut -c1-300)"
fi

call DELETE "/api/sessions/$id"

# --- the session cap (3), and idle sessions time out (SESSION_TIMEOUT)
call POST /api/sessions
first=$(field id)
call POST /api/sessions
second=$(field id)
call POST /api/sessions
third=$(field id)
third_pid=$(number engine_pid)
# An analysis left running (the tab was closed) must not keep it alive.
call POST "/api/sessions/$third/go" '{"infinite":true,"purpose":"analyse"}'
expect_code infinite_analysis_starts 200 '"searching":true'
# Seen just now, so that none times out before the fourth is asked for.
call GET "/api/sessions/$first"
call GET "/api/sessions/$second"
call POST /api/sessions
expect_code fourth_session_is_refused_503 503 'too many sessions'
if wait_gone "$third_pid" $((SESSION_TIMEOUT + 15)); then ok idle_session_times_out_and_its_engine_ends_even_while_analysing; else not_ok idle_session_times_out_and_its_engine_ends_even_while_analysing "pid $third_pid alive"; fi
call GET "/api/sessions/$third"
expect_code timed_out_session_is_gone 404

# --- watched files: only those given on the command line
call GET /api/watch
expect_code watch_lists_the_files 200 '"kind":"pgn".*"kind":"csv"'
call GET '/api/watch/0?offset=0'
expect_code watch_serves_the_pgn 200 'Round \\"1\\"'
size=$(wc -c <"$TMP/run.pgn" | tr -d ' ')
printf '[Round "2"]' >>"$TMP/run.pgn"
call GET "/api/watch/0?offset=$size"
expect_code watch_holds_back_a_line_being_written 200 "\"next\":$size,.*\"text\":\"\""
call GET '/api/watch/1?offset=0'
expect_code watch_serves_the_csv 200 'RoomPillarMobility'
call GET '/api/watch/2'
expect_code unknown_watch_file_is_404 404
call GET '/api/watch/0?offset=999999'
expect_code shrunk_file_is_read_again 200 '"reset":true'

# --- Ctrl-C ends every engine
call POST /api/sessions
last_pid=$(number engine_pid)
kill -INT "$SERVER"
wait "$SERVER"
status=$?
SERVER=
if [ "$status" -eq 0 ] && wait_gone "$last_pid" 5; then
    ok sigint_ends_every_engine_and_exits_0
else
    not_ok sigint_ends_every_engine_and_exits_0 "status $status, engine $last_pid $(alive "$last_pid" && echo alive)"
fi

REPLY=$(cat "$TMP/server.log")
expect_no_line server_log_has_no_sanitizer_report 'Sanitizer|runtime error'

# --- the command line
"$WEB" --port 99999 >/dev/null 2>&1
STATUS=$?
expect_status port_out_of_range_is_refused 2
"$WEB" --colour blue >/dev/null 2>&1
STATUS=$?
expect_status unknown_flag_is_refused 2
REPLY=$("$WEB" --help)
expect_line help_names_the_flags '--session-timeout'


for flag in --help -h; do
    REPLY=$("$WEB" --client $flag 2>&1)
    STATUS=$?
    expect_status "client_${flag}_exits_zero" 0
    expect_line "client_${flag}_lists_--max-time" '^  --max-time MS '
done
"$WEB" --client --port 1 --bogus >/dev/null 2>&1
STATUS=$?
expect_status client_unknown_flag_is_refused 2

finish
