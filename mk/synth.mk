# make synth: Yosys area/timing estimates of every block for every preset (synth/run.sh), the
# per-preset summary build/synth/<preset>.json and the table build/synth/summary.txt.
SYNTH_DIR       := $(BUILD)/synth
# the clock period ABC maps for: empty, each preset's rtl_clock_mhz
SYNTH_PERIOD_PS ?=
SYNTH_LIB       := synth/cells.lib

$(BUILD)/gpurf-synth: $(BUILD)/obj/synth/synth_main.o $(BUILD)/obj/synth/synth.o
	$(call say,LD,$@)
	$(Q)$(CC) $^ -o $@ $(LIBS)

define SYNTH_RULES
$(SYNTH_DIR)/$(1)__$(2).stat: $(RTL_FILES_$(1)) presets/$(2).json $(SYNTH_LIB) synth/run.sh | $(BUILD)/gpurf-params
	$(call say,YOSYS,$(1) $(2))
	$(Q)BUILD=$(BUILD) bash synth/run.sh $(1) $(2) $(SYNTH_DIR) $(SYNTH_PERIOD_PS)
endef
$(foreach b,$(BLOCKS),$(foreach p,$(RTL_PRESETS),$(eval $(call SYNTH_RULES,$(b),$(p)))))

# every block of a preset (SYNTH_BLOCKS: a subset, e.g. for a quick check)
SYNTH_BLOCKS ?= $(BLOCKS)
$(SYNTH_DIR)/%.json: $(foreach b,$(SYNTH_BLOCKS),$(SYNTH_DIR)/$(b)__%.stat) $(BUILD)/gpurf-synth
	$(Q)$(BUILD)/gpurf-synth $(SYNTH_DIR) $(SYNTH_LIB) $* $@ $(SYNTH_BLOCKS) > $(SYNTH_DIR)/$*.txt
# the blocks of the baseline design only (what make run reports)
$(SYNTH_DIR)/%-baseline.json: $(foreach b,$(DESIGN_BLOCKS_baseline),$(SYNTH_DIR)/$(b)__%.stat) $(BUILD)/gpurf-synth
	$(Q)$(BUILD)/gpurf-synth $(SYNTH_DIR) $(SYNTH_LIB) $* $@ $(DESIGN_BLOCKS_baseline) > /dev/null

# the figures, then the sign-off: fails while a block misses its clock in OpenSTA (synth/signoff.sh)
synth: $(foreach p,$(RTL_PRESETS),$(SYNTH_DIR)/$(p).json)
	@cat $(foreach p,$(RTL_PRESETS),$(SYNTH_DIR)/$(p).txt) | tee $(SYNTH_DIR)/summary.txt
	@echo "method: see build/synth/<preset>.json (\"method\"); reports: $(SYNTH_DIR)/<block>__<preset>.{stat,log}"
	@bash synth/signoff.sh $(foreach p,$(RTL_PRESETS),$(SYNTH_DIR)/$(p).json)
.PHONY: synth

# make area: LTRF storage (Sec. 4.3) and the synthesized area LTRF adds, relative to the main RF
AREA_PRESET ?= pascal
area: $(BUILD)/gpurf $(SYNTH_DIR)/$(AREA_PRESET).json
	$(BUILD)/gpurf area --preset $(AREA_PRESET) --synth $(SYNTH_DIR)/$(AREA_PRESET).json
.PHONY: area

# make formal: the RTL properties of formal/blocks.txt proved by k-induction (formal/run.sh)
formal: $(BUILD)/gpurf-params
	bash formal/run.sh $(BUILD)
.PHONY: formal

# make faults: every faulty variant with what catches it (lockstep under blocksim, the proofs
# of make formal) and at which cycle, as one table, $(BUILD)/faults.md (scripts/faults.sh)
faults: formal $(BUILD)/gpurf-full
	BUILD=$(BUILD) G=$(BUILD)/gpurf-full bash scripts/faults.sh
.PHONY: faults
