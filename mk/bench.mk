# make bench: (1) per block, the same recorded stimulus through the C model, the Verilated RTL
# (benchmark build), the lockstep pair and Icarus: block-cycles per second and ratios (gpurf
# bench); (2) SM level, every design C-only and in cosim, side by side with a build of
# BENCH_BASE made in a temporary worktree (scripts/bench_sm.sh); (3) peak memory of 2 M vs
# 20 M warp-instruction kernels and of a 1 M-instruction trace vs one ten times smaller
# (scripts/bench_mem.sh: ratios, target <= 1.5); (4) the whole GPU: every design on the largest
# shared trace against Accel-Sim's CPU seconds (medians of 5; targets 30x baseline, 10x the
# others), the baseline on one SM on every trace the reference times on one SM (30x), 1 vs all
# threads, lockstep of one SM inside the GPU, memory as kernels grow (scripts/bench_gpu.sh).
BENCH_CYCLES ?= 5000
BENCH_BASE   ?= 8f445c4
bench: $(BUILD)/gpurf-bench $(BUILD)/gpurf
	$(BUILD)/gpurf-bench bench --preset $(BENCH_PRESET) --cycles $(BENCH_CYCLES) --out $(BUILD)/bench
	bash scripts/bench_sm.sh $(BUILD)/gpurf $(BENCH_BASE) $(BUILD)/bench/sm
	bash scripts/bench_mem.sh $(BUILD)/gpurf $(BUILD)/bench/mem
	bash scripts/bench_gpu.sh $(BUILD)/gpurf $(BUILD)/bench/gpu
.PHONY: bench
