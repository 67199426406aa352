/* The commands' usage and help text (help.h): one table, printed by `gpurf --help`, by
 * `gpurf CMD --help` and on a bad command line. */
#include "help.h"
#include <string.h>

typedef struct {
    const char *cmd, *usage, *help;
} help_t;

static const help_t cmds[] = {
    {"sim",
     "gpurf sim   --design D (--trace PATH | --gen SPEC) [--preset P]\n"
     "            [--set key=value]... [--latency-x F] [--json FILE] [--synth build/synth/P.json]\n"
     "            [--regs N] [--arch smXY] [--opcode-class OPCODE=CLASS]...\n"
     "            [--sthld-log FILE] [--reg-log FILE]\n"
     "            [--sms N] [--threads N] [--deadlock CYCLES] [--every-cycle]",
     "Runs a kernel (an Accel-Sim kernelslist.g or trace, a native .txt stream, or a generated\n"
     "kernel) through design D on the preset's GPU and prints cycles, IPC, the design's\n"
     "statistics and the register-file energy; --json writes them all.\n"
     "  --design D        baseline, ltrf, malekeh, rename, hybrid, ... (gpurf designs)\n"
     "  --preset P        presets/P.json; without it the trace's binary version picks one\n"
     "  --set key=value   override a preset field (repeatable)\n"
     "  --latency-x F     main-RF bank latency times F (latency sweeps)\n"
     "  --synth F         area and timing per block from a `make synth` summary\n"
     "  --regs, --arch, --opcode-class  override what a trace's header says\n"
     "  --sms N           SMs (default: the preset's); --threads N host threads (default: all\n"
     "                    cores); results do not depend on --threads\n"
     "  --deadlock N      stop when no SM retires an instruction for N cycles\n"
     "  --every-cycle     evaluate and clock every block every cycle, quiet or not (the same\n"
     "                    results, slower)\n"
     "Exit: 0, 1 on a value-check failure, 2 on bad input."},
    {"cosim",
     "gpurf cosim ...as sim... [--blocks all|rf,ocu] [--drive c|rtl] [--waves DIR]\n"
     "            [--rtl-sm N] [--variant ok|FAULT_*] [--history N] [--window N]\n"
     "            [--pass-fault partial_write_kills|rsp_no_fill]",
     "As sim, with the chosen blocks of SM --rtl-sm (default 0) in lockstep with their Verilated\n"
     "RTL: both see the same inputs every cycle and every output field is compared. The first\n"
     "mismatch stops the run with the cycle, instance, field, both values, the inputs and the\n"
     "last --history cycles, and writes an FST window (--window cycles) with its GTKWave view.\n"
     "  --drive rtl       the RTL's outputs drive the SM instead of the C model's\n"
     "  --waves DIR       dump every RTL instance for the whole run\n"
     "  --variant V       a deliberately faulty RTL variant (gpurf models lists them)\n"
     "The RTL of presets pascal and small (and of every preset with their parameters) is in\n"
     "this binary; on another preset cosim runs that preset's RTL binary,\n"
     "build/gpurf-rtl-<preset>, in its place, building it the first time (make rtl PRESET=p\n"
     "in the source tree; a minute or two: a model is Verilated once for all presets whose\n"
     "parameters of the block agree) and reusing it after.\n"
     "Exit: 0, 1 on a mismatch or value-check failure, 2 on bad input."},
    {"bench",
     "gpurf bench [--preset P] [--gen SPEC] [--blocks LIST] [--cycles N] [--out DIR]\n"
     "            [--min-seconds S]",
     "Times every block's C model, Verilated RTL, lockstep and Icarus on the same recorded\n"
     "stimulus of a simulation and prints the rates side by side; every engine's first pass\n"
     "is checked against the recorded outputs.\n"
     "  --min-seconds S   each in-process engine repeats passes for at least S seconds\n"
     "                    (default 1; 0: one pass, a check of agreement, no timing)"},
    {"blocksim",
     "gpurf blocksim --block B [--preset P] [--variant V] [--cycles N] [--seed S]\n"
     "            [--bias input=probability]... [--waves DIR] [--quiet-fault]",
     "One block under seeded random inputs: its C model against its Verilated RTL every cycle,\n"
     "and a C instance that skips its quiet edges against the one evaluated every cycle.\n"
     "  --bias name=p     probability that one-bit input name is 1 (a value above 1 on a\n"
     "                    wider input bounds it)\n"
     "  --quiet-fault     take every cycle without a strobe for quiet (the check must fail)\n"
     "Exit: 0, 1 on a mismatch, 2 on bad input."},
    {"gen", "gpurf gen SPEC --out DIR",
     "Writes a generated kernel (SPEC: seed=1,blocks=4,warps=8,...) as kernelslist.g and\n"
     "kernel-1.traceg in DIR."},
    {"cfg", "gpurf cfg (--trace PATH | --gen SPEC) [--insts]",
     "Prints the static program and control-flow graph recovered from a stream."},
    {"intervals", "gpurf intervals (--trace PATH | --gen SPEC) [--preset P] [--set k=v]... [--insts]",
     "LTRF's register-intervals (at most rfc_banks registers each): PREFETCH bit-vectors,\n"
     "lengths and dead-operand bits."},
    {"reuse",
     "gpurf reuse (--trace PATH | --gen SPEC) [--preset P] [--set k=v]... [--insts] [--json FILE]",
     "Malekeh's reuse distances of every operand (static and oracle) and the near bits at rthld."},
    {"releases",
     "gpurf releases (--trace PATH | --gen SPEC) [--preset P] [--set k=v]... [--insts]\n"
     "            [--check] [--json FILE] [--pass-fault partial_write_kills]",
     "Register release points of cross-warp renaming (pir, pbr; Eq. 1); --check replays the\n"
     "stream and verifies that no released register is read again."},
    {"strands",
     "gpurf strands (--trace PATH | --gen SPEC) [--preset P] [--set k=v]... [--insts]\n"
     "            [--alloc] [--json FILE]",
     "Strands of the hybrid's scratchpad and, with --alloc, its candidates, reductions and\n"
     "allocations (rsp_regs per warp)."},
    {"area", "gpurf area [--design ltrf|rename|hybrid|malekeh] [--synth build/synth/P.json] [--preset P]",
     "The storage a design adds (LTRF's WCB, Sec. 4.3; renaming's Eq. 1 table; the hybrid's cache\n"
     "and scratchpad; Malekeh's control fields, Sec. 9.4) beside its paper's figure and, from a\n"
     "synthesis summary, the area it adds to the main register file (replaced blocks counted\n"
     "negative)."},
    {"energy", "gpurf energy [--preset P] [--set k=v]... [--run RUN.json] [--json FILE]\n"
               "       gpurf energy --check [--grid GRID.tsv] [--json FILE]",
     "The register-file energy model: read, write and leakage figures of every structure, and\n"
     "with --run the energy of a sim's JSON report. --check prices every 40 nm point of CACTI\n"
     "7's grid (default ../shared/reference/cacti7/grid.tsv) by the SRAM law and prints its\n"
     "error; exit 1 when a point a preset prices is off by more than 25 %. The accounting:\n"
     "--set mrf_array=monolithic (the hybrid paper's), xbar_span=subcore,\n"
     "xbar_account=accelwattch (a flit of xbar_flit_bits per warp operand read), ccu_data=own,\n"
     "sram_line_bits=1024, temp_priced_ports=N, rc_priced_banks=N (docs/energy.md)."},
    {"mean", "gpurf mean|geomean [--digits N] < numbers",
     "The arithmetic or geometric mean of the numbers on standard input."},
    {"geomean", "gpurf mean|geomean [--digits N] < numbers",
     "The arithmetic or geometric mean of the numbers on standard input."},
    {"models", "gpurf models", "Lists the Verilated RTL models built into this binary: block, the first preset it serves (every preset whose parameters of the block agree shares it), variant, the key of its parameters."},
    {"designs", "gpurf designs [--names]",
     "Lists every design: its blocks, the schedulers it supports and a summary (--names: the\n"
     "names only)."},
};

void help_usage(FILE *f)
{
    fprintf(f, "usage:\n");
    for (unsigned i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(cmds[i].cmd, "geomean"))
            fprintf(f, "  %s\n", cmds[i].usage);
    fprintf(f, "gpurf CMD --help explains a command. Presets: $GPURF_PRESETS, else ./presets, else "
               "the presets next to the binary.\n");
}

int help_command(const char *cmd, FILE *f)
{
    for (unsigned i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(cmds[i].cmd, cmd)) {
            fprintf(f, "usage: %s\n\n%s\n", cmds[i].usage, cmds[i].help);
            return 0;
        }
    return -1;
}
