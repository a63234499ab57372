/* prove_command.h - `tessera prove`: prove a position and write its
 * certificate (prove/certificate_writer.h). */
#ifndef TESSERA_PROVE_COMMAND_H
#define TESSERA_PROVE_COMMAND_H

/* argv after "prove"; returns an exit status: 0 written, 1 not proven or
 * not written, 2 a command line it does not understand. */
int prove_main(int argc, char **argv);

#endif
