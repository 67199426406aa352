/* The collector accessor (collector.h). */
#include "collector.h"
#include <stdio.h>
#include <string.h>

static const pt_port_t *port(const pt_table_t *t, const char *name)
{
    for (unsigned i = 0; i < t->nports; i++)
        if (!strcmp(t->ports[i].name, name))
            return &t->ports[i];
    return NULL;
}

int cu_ports_find(const pt_table_t *t, cu_ports_t *p, char *err, size_t n)
{
#define X(nm)                                                                                      \
    if (!(p->nm = port(t, #nm))) {                                                                 \
        snprintf(err, n, "block '%s' cannot be a collector: it has no port '%s'", t->block, #nm);  \
        return -1;                                                                                 \
    }
    CU_PORTS(X)
#undef X
    return 0;
}
