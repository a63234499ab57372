/* eval_options.h - the options that choose the evaluation: Eval (classic
 * or nn) and EvalFile (a network file, src/nn/net_file.h). */
#ifndef TESSERA_EVAL_OPTIONS_H
#define TESSERA_EVAL_OPTIONS_H

/* Adds both to the option table (after options_clear). */
void eval_options_register(void);

/* Reads what the selected evaluation needs (the shipped networks) now;
 * a problem gets one `info string error` line. */
void eval_options_prepare(void);

#endif
