/* GTKWave views fitted to a dump. A block's view waves/<block>.gtkw is a GTKWave save file
 * whose signal lines carry no bit range (TOP.rf.rd_valid_i), so that one view serves every
 * preset; [*] matches any array or generate index (TOP.rf.rr_q[*], TOP.rf.g_bank[*].mem[*]).
 * A signal line starting with '?' names signals that some parameters do not generate (the rf's
 * read pipeline at BankLatency 0): written when the dump has them, skipped otherwise.
 * "SIGNAL per REF" splits a packed per-entry SIGNAL into one row per entry, as many as REF
 * (one bit per entry) has bits. Each row is named by its path below TOP (the instance: bank 3,
 * entry 5), unique where GTKWave's leaf names repeat.
 * wave_view_write() reads the signal list of an FST dump and writes a save file with each
 * signal named exactly as GTKWave names it in that dump. */
#ifndef GPURF_WAVE_VIEW_H
#define GPURF_WAVE_VIEW_H
#include <stddef.h>

/* Returns the number of signals written, or -1 with a message in err. Template signals the
 * dump lacks are an error (a stale view). */
int wave_view_write(const char *view, const char *fst, const char *out, char *err, size_t n);

#endif
