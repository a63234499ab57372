/* test_startup.c - what the engine does before its first command: the
 * shipped networks are read then, not inside the first search's clock. */
#include "harness.h"

#include <stdio.h>

#include "games/registry.h"
#include "nn/evaluation.h"
#include "protocol/uci.h"

static void test_shipped_networks_are_read_before_the_first_search(void)
{
    for (int i = 0; all_games[i]; i++)
        CHECK(evaluation_network(all_games[i]) == NULL); /* a fresh process */
    static char input[] = "quit\n";
    FILE *in = fmemopen(input, sizeof input - 1, "r");
    CHECK(in != NULL);
    if (!in)
        return;
    CHECK_EQ_INT(protocol_loop(in), 0);
    fclose(in);
    int with_net = 0;
    for (int i = 0; all_games[i]; i++)
        with_net += all_games[i]->nn_by_default && evaluation_network(all_games[i]) != NULL;
    CHECK(with_net > 0);
    for (int i = 0; all_games[i]; i++)
        if (all_games[i]->nn_by_default)
            CHECK(evaluation_network(all_games[i]) != NULL);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_shipped_networks_are_read_before_the_first_search);
    return harness_end();
}
