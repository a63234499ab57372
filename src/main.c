#include <stdio.h>
int main(void) { puts("tessera: under construction"); return 0; }
