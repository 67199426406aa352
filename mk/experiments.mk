# make experiments: the LTRF paper's Figs. 4, 9, 11, 12 and 13 metrics on generated kernels and
# the real traces; tables with the paper's values in $(EXP_OUT)/results.md, plots in
# $(EXP_OUT)/ltrf.png. QUICK=1: one small kernel, few points.
EXP_OUT ?= $(BUILD)/experiments
# SMS=N (or all: each preset's whole GPU) runs every experiment on N SMs (gpurf sim --sms);
# the default is one SM, the figures of the README
SMS ?= 1
export SMS
experiments: $(BUILD)/gpurf
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/experiments.sh
.PHONY: experiments
# make experiments-malekeh: Malekeh's Figs. 3, 6-8 and Sec. 9.4 metrics and sweeps on presets
# turing and pascal; $(EXP_OUT)/malekeh.md and malekeh.png. QUICK=1: small kernels, few points.
experiments-malekeh: $(BUILD)/gpurf
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/experiments_malekeh.sh
.PHONY: experiments-malekeh
# make experiments-rename: Jeon and Annavaram's Figs. 2, 9-13 and Secs. 5.2, 7.1 metrics on fermi
experiments-rename: $(BUILD)/gpurf
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/experiments_rename.sh
.PHONY: experiments-rename
# make experiments-hybrid: Bailey et al.'s Figs. 3, 7-12 and Secs. III-A4, IV-B3, IV-D metrics on maxwell,
# at the paper's 6R2W ports and at 1R1W (QUICK=1: 1R1W only; at 6R2W its small kernels map nothing)
experiments-hybrid: $(BUILD)/gpurf
	$(if $(filter 1,$(QUICK)),,BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/experiments_hybrid.sh)
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) PORTS="1 1" bash scripts/experiments_hybrid.sh
.PHONY: experiments-hybrid
# make test-slurm (not part of make test): a one-node Slurm on localhost runs a small
# experiment as a job array (scripts/sweep.slurm) and its results must equal the local runs'
# (scripts/test_slurm.sh; root, packages slurm-wlm and munge, installed here when missing)
test-slurm: $(BUILD)/gpurf
	@bash scripts/deps.sh slurm-wlm munge
	BUILD=$(BUILD) G=$(BUILD)/gpurf bash scripts/test_slurm.sh
.PHONY: test-slurm
