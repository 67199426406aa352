# make run: the main job - lockstep cosim of the baseline design on the default generated kernel,
# with the synthesized area/timing of its blocks
RUN_GEN    ?= seed=1,blocks=16,warps=8,regs=32,insts=48,loops=12
RUN_PRESET ?= pascal
run: $(BUILD)/gpurf $(SYNTH_DIR)/$(RUN_PRESET)-baseline.json
	$(BUILD)/gpurf cosim --design baseline --preset $(RUN_PRESET) --gen $(RUN_GEN) --blocks all \
	  --synth $(SYNTH_DIR)/$(RUN_PRESET)-baseline.json --json $(BUILD)/run.json
