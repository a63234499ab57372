/* bench.h - `tessera bench`: fixed workloads whose counts are signatures
 * (they change only when move generation or search changes) and whose
 * speeds are the figures we report. */
#ifndef TESSERA_BENCH_H
#define TESSERA_BENCH_H

/* argv after "bench": [perft|search] [options]; returns an exit status. */
int bench_main(int argc, char **argv);

#endif
