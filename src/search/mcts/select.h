/*
 * mcts/select.h - choosing among a node's children: UCT while searching,
 * the final choice (proven win, else most visited) for bestmove and pv, and
 * the MCTS-Solver rule that turns proven children into a proven parent.
 */
#ifndef TESSERA_MCTS_SELECT_H
#define TESSERA_MCTS_SELECT_H

#include "search/mcts/local_stats.h"
#include "search/mcts/params.h"
#include "search/mcts/tree.h"

/* The UCT choice among the open children of an expanded node, with the
 * counts a thread sees (its own unpublished ones included; local may be
 * NULL); -1 if none.  A proven win is taken at once, unless settle_lines
 * (the root of a MultiPV search): then the unproven children come first,
 * for the other lines to be proven too. */
int select_child(const NodePool *pool, const Node *node, const MctsParams *params, const LocalStats *local,
                 bool settle_lines);

/* The child to play: a proven win (fastest), else the most visited child not
 * proven lost, else the slowest loss; -1 when the node has no children. */
int final_child(const NodePool *pool, const Node *node);

/* Proves node from its children when the rules allow; true if it is proven. */
bool try_prove(const NodePool *pool, Node *node);

/* A node's proof as seen by the player who acts at the node (not its mover). */
uint32_t proof_for_actor(const Node *node);

/* Implicit minimax: node's value from its children's; true if it changed. */
bool update_minimax(const NodePool *pool, Node *node);

/* Mean reward of node for its mover, 0..1 (0.5 when unvisited). */
double node_mean(const Node *node);

/* What the player choosing child expects from it, 0..1, as selection weighs
 * it: proofs as certainties, the evaluation while untried, else playouts
 * mixed with the minimax value (MctsMinimaxMix).  The reported score. */
double child_q(const Node *child, const MctsParams *params);

#endif
