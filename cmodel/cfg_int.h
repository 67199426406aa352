/* Preset loading's shared pieces: the parameter names (cfg.c) and the metadata keys a preset
 * may carry beside its parameters (cfg_meta.c): "sources" and "default_for". */
#ifndef GPURF_CFG_INT_H
#define GPURF_CFG_INT_H
#include "cfg.h"
#include <jansson.h>

/* every parameter a preset names, in the table's order ("arch" and the capacity tables
 * included); NULL past the last */
const char *cfg_param_name(unsigned i);
/* "sources": {"key" or "key1,key2,...": "where the value comes from"}: every key names a
 * parameter and has a text. 0, or -1 with err naming the key */
int cfg_sources_check(const json_t *v, const char *path, char *err, size_t n);
/* a preset with "sources" names one for every parameter. 0, or -1 with err naming the one */
int cfg_sources_cover(const json_t *v, const char *path, char *err, size_t n);
/* "default_for": [binary versions]: 1 when bv is listed, 0 when not, -1 on a bad list */
int cfg_default_for(const json_t *v, unsigned bv, const char *path, char *err, size_t n);
/* the line of top-level key `key` in the JSON file at path, 0 when not found */
int cfg_key_line(const char *path, const char *key);
/* the preset names (files *.json) in dir, comma-separated, into out */
void cfg_list_presets(const char *dir, char *out, size_t n);

#endif
