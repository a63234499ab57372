/*
 * walks.c - Qawale's board geometry: each square's neighbours and the
 * non-backtracking walks a sowing follows, counted and their end squares
 * collected once per process.  Below the rules, the evaluation and the
 * network inputs, which all read it and none of which it calls.
 */
#include <pthread.h>

#include "games/qawale/qawale.h"

const uint16_t qawale_lines[10] = {
    0x000F, 0x00F0, 0x0F00, 0xF000, /* ranks 1-4 */
    0x1111, 0x2222, 0x4444, 0x8888, /* files a-d */
    0x8421, 0x1248,                 /* a1-d4, a4-d1 */
};

int8_t qawale_neighbour_of[QAWALE_SQUARES][4];
uint64_t qawale_walk_count_of[QAWALE_SQUARES][QAWALE_NO_DIRECTION + 1][QAWALE_MAX_DROPS + 1];
uint16_t qawale_walk_ends_of[QAWALE_SQUARES][QAWALE_NO_DIRECTION + 1][QAWALE_MAX_DROPS + 1];

static pthread_once_t walks_once = PTHREAD_ONCE_INIT;

static void fill_neighbours(void)
{
    for (int sq = 0; sq < QAWALE_SQUARES; sq++) {
        int file = sq & 3, rank = sq >> 2;
        qawale_neighbour_of[sq][QAWALE_NORTH] = (int8_t)(rank < 3 ? sq + 4 : -1);
        qawale_neighbour_of[sq][QAWALE_EAST] = (int8_t)(file < 3 ? sq + 1 : -1);
        qawale_neighbour_of[sq][QAWALE_SOUTH] = (int8_t)(rank > 0 ? sq - 4 : -1);
        qawale_neighbour_of[sq][QAWALE_WEST] = (int8_t)(file > 0 ? sq - 1 : -1);
    }
}

/* walks[sq][came_from][len]: non-backtracking walks of len steps leaving sq
 * after arriving there by direction came_from. */
static void fill_walks(void)
{
    for (int sq = 0; sq < QAWALE_SQUARES; sq++)
        for (int from = 0; from <= QAWALE_NO_DIRECTION; from++) {
            qawale_walk_count_of[sq][from][0] = 1;
            qawale_walk_ends_of[sq][from][0] = (uint16_t)(1u << sq);
        }
    for (int len = 1; len <= QAWALE_MAX_DROPS; len++)
        for (int sq = 0; sq < QAWALE_SQUARES; sq++)
            for (int from = 0; from <= QAWALE_NO_DIRECTION; from++) {
                uint64_t count = 0;
                uint16_t ends = 0;
                for (int d = 0; d < 4; d++) {
                    int next = qawale_neighbour_of[sq][d];
                    if (next < 0 || qawale_steps_back(from, d))
                        continue;
                    count += qawale_walk_count_of[next][d][len - 1];
                    ends |= qawale_walk_ends_of[next][d][len - 1];
                }
                qawale_walk_count_of[sq][from][len] = count;
                qawale_walk_ends_of[sq][from][len] = ends;
            }
}

static void fill_tables(void)
{
    fill_neighbours();
    fill_walks();
}

void qawale_walks_init(void) { pthread_once(&walks_once, fill_tables); }

int qawale_neighbour(int square, int direction)
{
    qawale_walks_init();
    return qawale_neighbour_of[square][direction];
}

uint64_t qawale_walk_count(int square, int drops)
{
    qawale_walks_init();
    return qawale_walk_count_of[square][QAWALE_NO_DIRECTION][drops];
}

uint16_t qawale_walk_ends(int square, int drops)
{
    qawale_walks_init();
    return qawale_walk_ends_of[square][QAWALE_NO_DIRECTION][drops];
}
