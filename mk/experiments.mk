# make experiments: the four papers' experiments over the workload suite (scripts/suite.txt;
# QUICK=1 its quick workloads and fewer sweep points), through the run engine (every core,
# cached; RUNS_ENGINE=slurm or dry, scripts/runs.sh), then one report: $(EXP_OUT)/index.html
# and report.md (scripts/report.sh), the paper's values beside ours.
# One paper: experiments-ltrf (LTRF Figs. 4, 9-13: results.md, ltrf.png), experiments-malekeh
# (Figs. 3, 6-8, Sec. 9.4 on turing and pascal), experiments-rename (Figs. 2, 9-13 on fermi),
# experiments-hybrid (Figs. 3, 7-12 on maxwell at 6R2W and 1R1W; QUICK=1: 1R1W only).
EXP_OUT ?= $(BUILD)/experiments
# SMS=N (or all: each preset's whole GPU) runs every experiment on N SMs (gpurf sim --sms);
# the default, auto, runs a real trace on its preset's whole GPU and a generated kernel on one
# SM (scripts/exp_run.sh)
SMS ?= auto
export SMS
# the workload suite every experiment reads (tests: tests/suite_test.txt)
SUITE ?= scripts/suite.txt
export SUITE
# the four papers' scripts write into one folder, one after the other (each runs on every core)
experiments: $(BUILD)/gpurf
	rm -f $(EXP_OUT)/vs.tsv
	+for e in ltrf malekeh rename hybrid; do $(MAKE) --no-print-directory GPURF_SUBMAKE=1 experiments-$$e || exit 1; done
	OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/report.sh
experiments-ltrf: $(BUILD)/gpurf
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/experiments.sh
experiments-malekeh: $(BUILD)/gpurf
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/experiments_malekeh.sh
experiments-rename: $(BUILD)/gpurf
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/experiments_rename.sh
experiments-hybrid: $(BUILD)/gpurf
	$(if $(filter 1,$(QUICK)),,BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) bash scripts/experiments_hybrid.sh)
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) PORTS="1 1" bash scripts/experiments_hybrid.sh
	BUILD=$(BUILD) OUT=$(EXP_OUT) QUICK=$(QUICK) ACCOUNT=monolithic bash scripts/experiments_hybrid.sh
.PHONY: experiments experiments-ltrf experiments-malekeh experiments-rename experiments-hybrid
# make test-slurm (not part of make test): a one-node Slurm on localhost runs a small
# experiment as a job array (scripts/sweep.slurm) and its results must equal the local runs'
# (scripts/test_slurm.sh; root, packages slurm-wlm and munge, installed here when missing)
test-slurm: $(BUILD)/gpurf
	@bash scripts/deps.sh slurm-wlm munge
	BUILD=$(BUILD) G=$(BUILD)/gpurf bash scripts/test_slurm.sh
.PHONY: test-slurm
