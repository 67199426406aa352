/* The commands' usage and help text (help.c). */
#ifndef GPURF_HELP_H
#define GPURF_HELP_H
#include <stdio.h>

/* every command's usage line(s) */
void help_usage(FILE *f);
/* one command's usage and options; -1 when there is no such command */
int help_command(const char *cmd, FILE *f);

#endif
