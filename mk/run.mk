# make run: the main job (scripts/main_run.sh). Every design (RUN_DESIGNS) on the same
# generated kernel (RUN_GEN) and on one real trace (RUN_TRACE), each run with every block of
# the design in lockstep with its Verilated RTL, on preset RUN_PRESET; one side-by-side table,
# $(BUILD)/run/summary.md. Its binary is the preset's RTL binary, build/gpurf-rtl-<preset>
# (every design's blocks). The area column: `make synth`'s summary of RUN_PRESET when it
# exists (every block as it is, signed off by OpenSTA; most of an hour on pascal), else the
# lane-slice estimates of the designs' blocks (scripts/area_synth.sh: the committed
# synth/cache/RUN_PRESET where its keys match the RTL, the others synthesized, every core).
RUN_GEN   ?= seed=1,blocks=2,warps=8,regs=32,insts=48,loops=4
RUN_TRACE ?= $(or $(SHARED),../shared)/traces/matrixmul-sm61/kernelslist.g
RUN_AREA   = $(if $(wildcard $(SYNTH_DIR)/$(RUN_PRESET).json),$(SYNTH_DIR)/$(RUN_PRESET).json,$(SYNTH_DIR)/area-$(RUN_PRESET).json)
run: $(BUILD)/gpurf-rtl-$(RUN_PRESET) $(BUILD)/gpurf-synth
	$(if $(wildcard $(SYNTH_DIR)/$(RUN_PRESET).json),,BUILD=$(BUILD) bash scripts/area_synth.sh $(RUN_PRESET) $(RUN_AREA) $(DESIGN_ALL_BLOCKS))
	BUILD=$(BUILD) G=$(BUILD)/gpurf-rtl-$(RUN_PRESET) RUN_PRESET=$(RUN_PRESET) RUN_GEN=$(RUN_GEN) RUN_TRACE=$(RUN_TRACE) \
	  RUN_DESIGNS="$(RUN_DESIGNS)" bash scripts/main_run.sh $(RUN_AREA)

# make synth-cache PRESET=p: the lane slices of every design block of p into synth/cache/p (commit
# them: make run reads them where their keys match; the test suite checks pascal's keys)
synth-cache: $(BUILD)/gpurf-synth | $(BUILD)/gpurf-params
	BUILD=$(BUILD) bash scripts/area_synth.sh --save $(PRESET) $(DESIGN_ALL_BLOCKS)
.PHONY: synth-cache

# make soak: every design with every block in lockstep with its RTL until each has compared
# SOAK_CYCLES lockstep cycles (block instance x cycle), over every shared trace and then
# generated kernels of consecutive seeds with random pattern knobs (scripts/soak.sh); every
# core; summary in $(BUILD)/soak/summary.md. Not part of make test (about two hours on 2 cores).
SOAK_CYCLES ?= 100000000
soak: $(BUILD)/gpurf
	BUILD=$(BUILD) G=$(BUILD)/gpurf SOAK_CYCLES=$(SOAK_CYCLES) bash scripts/soak.sh
.PHONY: soak
