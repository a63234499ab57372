/* eval_options.c - Eval and EvalFile: the protocol's side of src/nn/. */
#include "protocol/eval_options.h"

#include <stdio.h>
#include <string.h>

#include "nn/evaluation.h"
#include "protocol/options.h"
#include "util/output.h"

/* In EvaluationKind's order; the first is the default. */
static const char *const eval_choices[] = {"auto", "classic", "nn", NULL};
static int eval_choice;
static char eval_file[1024];

static void on_eval_change(void)
{
    char err[600];
    if (!evaluation_select((EvaluationKind)eval_choice, err, sizeof err))
        out_line("info string error Eval: %s", err);
}

/* A new file replaces its game's network; a refused one leaves it. */
static bool load_eval_file(const char *path, char *err, size_t err_size)
{
    if (strcmp(path, "<empty>") == 0)
        return true;
    const Game *game = NULL;
    if (!evaluation_load_file(path, &game, err, err_size))
        return false;
    const Network *net = evaluation_network(game);
    out_line("info string EvalFile: %s network %d-%d-%d loaded for %s", path, net->inputs, net->hidden,
             net->hidden2, game->id);
    return true;
}

void eval_options_register(void)
{
    options_add(&(Option){.name = "Eval", .type = OPTION_COMBO, .choices = eval_choices, .choice = &eval_choice,
                          .on_change = on_eval_change});
    options_add(&(Option){.name = "EvalFile", .type = OPTION_STRING, .text = eval_file,
                          .text_size = sizeof eval_file, .accept_text = load_eval_file});
}

/* The shipped networks are read when the engine starts, as Stockfish reads
 * its net, not on the first evaluation: inside a search that was the first
 * move's clock (about 30 ms of a 200 ms movetime under tsan, enough to cut
 * a loaded machine's first search to depth 1). */
void eval_options_prepare(void) { on_eval_change(); }
