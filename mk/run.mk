# make run: the main job - lockstep cosim of the baseline design on the default generated kernel,
# with the synthesized area/timing of its blocks, then the ltrf+ design on the same kind of
# kernel with every block (wcb, aau, aau_off, rfc, rf, ocu) against its RTL twin (the cache
# designs run the two-level scheduler: their cache rows are its active pool), then malekeh with
# every block (rf, ccu, ccu_alloc, sthld) and rename with every block (rf_phys, ocu_phys, rnt,
# avail, rflc) against its RTL twin
RUN_GEN      ?= seed=1,blocks=16,warps=8,regs=32,insts=48,loops=12
RUN_LTRF_GEN ?= seed=1,blocks=4,warps=8,regs=32,insts=48,loops=12
RUN_PRESET   ?= pascal
run: $(BUILD)/gpurf $(SYNTH_DIR)/$(RUN_PRESET)-baseline.json
	$(BUILD)/gpurf cosim --design baseline --preset $(RUN_PRESET) --gen $(RUN_GEN) --blocks all \
	  --synth $(SYNTH_DIR)/$(RUN_PRESET)-baseline.json --json $(BUILD)/run.json
	$(BUILD)/gpurf cosim --design ltrf+ --set scheduler=two_level --preset $(RUN_PRESET) --gen $(RUN_LTRF_GEN) --blocks all \
	  --json $(BUILD)/run-ltrf.json
	$(BUILD)/gpurf cosim --design malekeh --preset $(RUN_PRESET) --gen $(RUN_LTRF_GEN) --blocks all \
	  --json $(BUILD)/run-malekeh.json
	$(BUILD)/gpurf cosim --design rename --preset $(RUN_PRESET) --gen $(RUN_LTRF_GEN) --blocks all \
	  --json $(BUILD)/run-rename.json
