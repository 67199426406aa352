# make run: the main job (scripts/main_run.sh). Every design (RUN_DESIGNS) on the same
# generated kernel (RUN_GEN) and on one real trace (RUN_TRACE), each run with every block of
# the design in lockstep with its Verilated RTL, on preset RUN_PRESET; one side-by-side table,
# $(BUILD)/run/summary.md. Its binary is the preset's RTL binary, build/gpurf-rtl-<preset>
# (every design's blocks). The area column comes from `make synth`'s summary of
# RUN_PRESET when it exists (Yosys on every pascal block takes most of an hour: not part of
# make run).
RUN_GEN   ?= seed=1,blocks=2,warps=8,regs=32,insts=48,loops=4
RUN_TRACE ?= $(or $(SHARED),../shared)/traces/matrixmul-sm61/kernelslist.g
run: $(BUILD)/gpurf-rtl-$(RUN_PRESET)
	BUILD=$(BUILD) G=$(BUILD)/gpurf-rtl-$(RUN_PRESET) RUN_PRESET=$(RUN_PRESET) RUN_GEN=$(RUN_GEN) RUN_TRACE=$(RUN_TRACE) \
	  RUN_DESIGNS="$(RUN_DESIGNS)" bash scripts/main_run.sh $(SYNTH_DIR)/$(RUN_PRESET).json

# make soak: every design with every block in lockstep with its RTL until each has compared
# SOAK_CYCLES lockstep cycles (block instance x cycle), over every shared trace and then
# generated kernels of consecutive seeds with random pattern knobs (scripts/soak.sh); every
# core; summary in $(BUILD)/soak/summary.md. Not part of make test (about two hours on 2 cores).
SOAK_CYCLES ?= 100000000
soak: $(BUILD)/gpurf
	BUILD=$(BUILD) G=$(BUILD)/gpurf SOAK_CYCLES=$(SOAK_CYCLES) bash scripts/soak.sh
.PHONY: soak
