/* spsatest.h - helpers shared by the SPSA tuner's tests. */
#ifndef TESSERA_SPSATEST_H
#define TESSERA_SPSATEST_H

#include <stdio.h>
#include <string.h>

#include "tune/spsa.h"

/* A parameter as a tune file declares it: theta, c and a are left to
 * spsa_init. */
static inline SpsaParam spsa_test_param(const char *name, double start, double min, double max, double c_end,
                                        double r_end)
{
    SpsaParam p;
    memset(&p, 0, sizeof p);
    snprintf(p.name, sizeof p.name, "%s", name);
    p.start = start;
    p.min = min;
    p.max = max;
    p.c_end = c_end;
    p.r_end = r_end;
    return p;
}

#endif
