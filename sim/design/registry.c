/* The design registry: one entry per line of designs.def. */
#include "design.h"
#include <string.h>

#define DESIGN(name, sym, blocks, summary) extern const design_ops_t sym;
#include "designs.def"
#undef DESIGN

const design_t design_list[] = {
#define DESIGN(name, sym, blocks, summary) {#name, blocks, summary, &sym},
#include "designs.def"
#undef DESIGN
    {NULL, NULL, NULL, NULL}};

const design_t *design_find(const char *name)
{
    for (const design_t *d = design_list; d->name; d++)
        if (!strcmp(d->name, name))
            return d;
    return NULL;
}
