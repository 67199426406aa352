# make experiments: the LTRF paper's Figs. 4, 9, 11, 12 and 13 metrics on generated kernels and
# the real traces; tables with the paper's values in build/experiments/results.md, plots in
# build/experiments/ltrf.png. QUICK=1: one small kernel, few points.
experiments: $(BUILD)/gpurf
	BUILD=$(BUILD) QUICK=$(QUICK) bash scripts/experiments.sh
.PHONY: experiments
