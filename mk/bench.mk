# make bench: the same recorded stimulus through the C model, the Verilated RTL, the lockstep
# pair and Icarus, per block; block-cycles per second and ratios (gpurf bench).
BENCH_CYCLES ?= 5000
bench: $(BUILD)/gpurf-full
	$(BUILD)/gpurf-full bench --preset $(BENCH_PRESET) --cycles $(BENCH_CYCLES) --out $(BUILD)/bench
.PHONY: bench
