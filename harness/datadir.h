/* Where gpurf's data lives (presets, wave views), wherever it is run from: the directory the
 * environment variable names, else the first of ./<sub>, <sub> beside the binary's directory
 * (build/gpurf: the source tree's) and <prefix>/share/gpurf/<sub> (an installed binary, make
 * install) that holds the file `marker`, else ./<sub> (and the caller's message names it). */
#ifndef GPURF_DATADIR_H
#define GPURF_DATADIR_H

/* a static string per sub (at most 8 distinct subs) */
const char *gpurf_data_dir(const char *env, const char *sub, const char *marker);

#endif
