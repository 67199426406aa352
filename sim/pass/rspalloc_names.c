/* The names of the scratchpad allocator's allocation kinds and candidate fates (rspalloc.h),
 * as the reports print them. */
#include "rspalloc.h"

const char *rsp_how_name(int how)
{
    static const char *const n[] = {"initial", "tail_reduced", "restarted", "read_run",
                                    "regenerated"};
    return how >= 0 && how <= HOW_REGEN ? n[how] : "?";
}

const char *rsp_why_name(int why)
{
    static const char *const n[] = {
#define X(w) #w,
        RSP_WHY(X)
#undef X
    };
    return why >= 0 && why < WHY_N ? n[why] : "?";
}
