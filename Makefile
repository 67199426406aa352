# gpurf: one entry point. `make run` is the main job, `make test` the test suite.
# Targets: deps build run test synth area formal waves bench experiments experiments-ltrf experiments-malekeh experiments-rename experiments-hybrid test-slurm install clean. V=1: full commands.
SHELL := /bin/bash
.DEFAULT_GOAL := build
# every core (JOBS=N for fewer: GNU make 4.3 hides a caller's -j N from the makefile); our
# own sub-makes (GPURF_SUBMAKE=1) keep their parent's
JOBS ?= $(shell nproc)
export JOBS
ifeq ($(GPURF_SUBMAKE),)
  MAKEFLAGS += -j$(JOBS)
endif

BUILD   ?= build
PRESETS := $(basename $(notdir $(wildcard presets/*.json)))
# presets with Verilated models and synthesis (the others run on the C models only)
RTL_PRESETS  := pascal small
FAULT_PRESET := small
# make run's preset and designs (mk/run.mk; RUN_DESIGNS defaults to every design, tables.mk)
RUN_PRESET   ?= pascal
BENCH_PRESET ?= pascal

V ?= 0
ifeq ($(V),1)
  Q :=
  say :=
else
  Q := @
  say = @printf '  %-9s %s\n' '$(1)' '$(2)';
endif

CC      := gcc
CXX     := g++
CSTD    := -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -I. -Isim
CFLAGS  ?= -O3 -g
DEPGEN   = -MMD -MP -MF $(@:.o=.d)
VINC    := /usr/share/verilator/include
LIBS    := -ljansson -lz -llzma -lm -lpthread

# ---- dependencies ---------------------------------------------------------------------------
APT_PKGS := verilator yosys iverilog gtkwave z3 parallel cmark-gfm libjansson-dev libcmocka-dev gnuplot-nox zlib1g-dev liblzma-dev clang libclang-rt-14-dev pkg-config \
            xvfb xauth imagemagick x11-utils jq bc opensta python3-scipy
DEPS_STAMP := $(BUILD)/.deps
deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	@mkdir -p $(BUILD)
	@bash scripts/deps.sh $(APT_PKGS)
	@touch $@

# ---- C sources ------------------------------------------------------------------------------
CMODEL_SRC  := $(wildcard cmodel/*.c)
HARNESS_SRC := $(filter-out harness/wave_view.c harness/wave_merge.c,$(wildcard harness/*.c))
SIM_SRC     := $(wildcard sim/stream/*.c sim/mem/*.c sim/pass/*.c sim/core/*.c sim/energy/*.c sim/design/*.c sim/design/*/*.c) \
               sim/cli/report.c sim/cli/load.c sim/cli/latency_x.c sim/cli/reuse_report.c sim/cli/release_report.c sim/cli/strand_report.c sim/cli/pass_cmds.c \
               sim/cli/energy_cmd.c sim/cli/energy_check.c sim/cli/agg.c sim/cli/sim_cmd.c sim/cli/help.c
SYNTH_SRC   := synth/synth.c synth/area.c synth/price.c
CORE_SRC    := $(CMODEL_SRC) $(HARNESS_SRC) $(SIM_SRC) $(SYNTH_SRC)
CORE_OBJ    := $(patsubst %.c,$(BUILD)/obj/%.o,$(CORE_SRC))
CMODEL_OBJ  := $(patsubst %.c,$(BUILD)/obj/%.o,$(CMODEL_SRC))

$(BUILD)/obj/%.o: %.c | $(DEPS_STAMP)
	$(call say,CC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CSTD) $(CFLAGS) $(DEPGEN) -c $< -o $@

# the block, fault and design tables as make variables (gpurf-params --make)
$(BUILD)/gpurf-params: $(BUILD)/obj/sim/cli/params_main.o $(BUILD)/obj/harness/blocks.o $(CMODEL_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) $^ -o $@ $(LIBS)
$(BUILD)/tables.mk: $(BUILD)/gpurf-params $(wildcard rtl/*.v) $(wildcard presets/*.json)
	$(Q)$(BUILD)/gpurf-params --make $(RTL_PRESETS) $(filter-out $(RTL_PRESETS),$(PRESETS)) > $@
ifeq ($(filter clean deps,$(MAKECMDGOALS)),)
  include $(BUILD)/tables.mk
endif

# ---- Verilated models -----------------------------------------------------------------------
# Verilator's make joins this make's jobserver (the + of the rule): a model's C++ files
# compile on every core.
# model id <block>__<preset>__<variant>: variant ok (test build: X values unique, invariant
# checks on), FAULT_* (a deliberate bug, checks off: lockstep must catch it), CHECKS_FAULT_*
# (the bug with the checks on) or fast (benchmark build)
# blocks checked against their RTL on the small preset only (the register cache's per-warp
# build rc_pw, the allocator's every-grant counter ccu_alloc_gr): no pascal model, a shorter CI; rc and rsp have pascal models so that the hybrid
# family runs in lockstep on real traces
SMALL_ONLY_BLOCKS := rc_pw ccu_alloc_gr
MODELS_OK   := $(foreach b,$(BLOCKS),$(foreach p,$(if $(filter $(b),$(SMALL_ONLY_BLOCKS)),$(FAULT_PRESET),$(RTL_PRESETS)),$(b)__$(p)__ok))
# three faults also built with the invariant checks on: the checks must catch them themselves
CHECKED_FAULTS := rfc__$(FAULT_PRESET)__CHECKS_FAULT_RFC_FILL_NO_PRIORITY aau__$(FAULT_PRESET)__CHECKS_FAULT_AAU_REL_UNCHECKED \
                  wcb__$(FAULT_PRESET)__CHECKS_FAULT_WCB_DEACT_KEEPS_VALID
MODELS_FAULT := $(foreach b,$(BLOCKS),$(foreach f,$(FAULTS_$(b)),$(b)__$(FAULT_PRESET)__$(f))) \
                $(CHECKED_FAULTS)
MODELS_FAST := $(foreach b,$(BLOCKS),$(b)__$(BENCH_PRESET)__fast)
RUN_DESIGNS ?= $(DESIGNS)
# a preset's RTL binary, $(BUILD)/gpurf-rtl-<preset> (make rtl PRESET=p; gpurf cosim and
# blocksim build it on first need and run it, harness/rtl_exec.c): the ok RTL of every design's
# blocks on that preset (the test build, variant ok). make run uses its preset's.
DESIGN_ALL_BLOCKS := $(sort $(foreach d,$(DESIGNS),$(DESIGN_BLOCKS_$(d))))
# Presets whose parameters of a block agree share its model, named after the first of them
# (RTL_OF_<p>__<b>, the make presets first; the shim carries the parameters' key, which
# rtl_find matches)
$(foreach p,$(PRESETS),$(eval MODELS_RTL_$(p) := $(foreach b,$(DESIGN_ALL_BLOCKS),$(b)__$(RTL_OF_$(p)__$(b))__ok)))
MODELS      := $(sort $(MODELS_OK) $(MODELS_FAULT) $(MODELS_FAST) $(foreach p,$(PRESETS),$(MODELS_RTL_$(p))))
m_block   = $(word 1,$(subst __, ,$(1)))
m_preset  = $(word 2,$(subst __, ,$(1)))
m_variant = $(word 3,$(subst __, ,$(1)))
m_class   = V$(subst __,_,$(1))
# one C++ file per model (Verilator's VM_PARALLEL_BUILDS=0 includes its files into one, whose
# headers are then parsed once: a third of the compile time of a file each on the small blocks,
# the same on the largest; make builds the models side by side); a test build at -O1 (half the
# compile time of Verilator's -Os default), a benchmark build at -O2; per-module options in
# harness/verilator.vlt
VLT           := harness/verilator.vlt
VFLAGS_COMMON := --trace-fst -Wall -Wno-fatal -MAKEFLAGS VM_PARALLEL_BUILDS=0 $(VLT)
VFLAGS_TEST   := -O3 --x-assign unique --x-initial unique -MAKEFLAGS OPT_FAST=-O1
VFLAGS_FAST   := -O3 --x-assign fast --x-initial fast --noassert -MAKEFLAGS OPT_FAST=-O2
v_checks = $(if $(filter ok CHECKS_%,$(1)),+define+GPURF_CHECKS)
v_fault  = $(if $(filter FAULT_% CHECKS_%,$(1)),-D$(patsubst CHECKS_%,%,$(1)))
vflags = $(if $(filter fast,$(call m_variant,$(1))),$(VFLAGS_FAST),$(VFLAGS_TEST)) \
         $(call v_checks,$(call m_variant,$(1))) $(call v_fault,$(call m_variant,$(1)))

define MODEL_RULES
$(BUILD)/vl/$(1)/$(call m_class,$(1))__ALL.a: $(RTL_FILES_$(call m_block,$(1))) $(wildcard rtl/*.vh) $(VLT) presets/$(call m_preset,$(1)).json | $(BUILD)/gpurf-params
	$(call say,VERILATE,$(1))
	@mkdir -p $(BUILD)/vl/$(1)
	+$(Q)verilator --cc $(RTL_FILES_$(call m_block,$(1))) --top-module $(RTL_MODULE_$(call m_block,$(1))) \
	  --prefix $(call m_class,$(1)) -Mdir $(BUILD)/vl/$(1) $(VFLAGS_COMMON) $(call vflags,$(1)) \
	  $$$$($(BUILD)/gpurf-params --preset $(call m_preset,$(1)) --block $(call m_block,$(1)) --format verilator) \
	  --build > $(BUILD)/vl/$(1).log 2>&1 || (cat $(BUILD)/vl/$(1).log; exit 1)
	@touch $$@   # verilator leaves an archive it would write unchanged with its old time
$(BUILD)/vl/$(1)/shim.o: harness/rtl_shim.cpp harness/rtl.h cmodel/$(RTL_MODULE_$(call m_block,$(1)))_ports.def $(BUILD)/vl/$(1)/$(call m_class,$(1))__ALL.a
	$(call say,CXX,$$@)
	$(Q)$(CXX) -O2 -std=c++14 -I$(VINC) -I$(VINC)/vltstd -I$(BUILD)/vl/$(1) -Iharness -Icmodel \
	  -DSHIM_TOP=$(call m_class,$(1)) -DSHIM_DEF='"$(RTL_MODULE_$(call m_block,$(1)))_ports.def"' \
	  -DSHIM_OPS=rtl_$(1) -DSHIM_BLOCK='"$(call m_block,$(1))"' -DSHIM_PRESET='"$(call m_preset,$(1))"' \
	  -DSHIM_VARIANT='"$(call m_variant,$(1))"' \
	  -DSHIM_KEY=0x$$$$($(BUILD)/gpurf-params --preset $(call m_preset,$(1)) --block $(call m_block,$(1)) --format key)ull $(if $(filter fast,$(call m_variant,$(1))),-DSHIM_FAST) -c $$< -o $$@
endef
$(foreach m,$(MODELS),$(eval $(call MODEL_RULES,$(m))))

model_libs = $(foreach m,$(1),$(BUILD)/vl/$(m)/shim.o $(BUILD)/vl/$(m)/$(call m_class,$(m))__ALL.a)
VL_RUNTIME := $(BUILD)/vl/libverilated.a
VL_RT_SRC  := verilated.cpp verilated_fst_c.cpp verilated_threads.cpp
$(VL_RUNTIME): | $(DEPS_STAMP)
	$(call say,CXX,verilator runtime)
	@mkdir -p $(BUILD)/vl/rt
	$(Q)cd $(BUILD)/vl/rt && for f in $(VL_RT_SRC); do \
	  $(CXX) -O2 -std=c++14 -I$(VINC) -I$(VINC)/vltstd -DVM_TRACE=1 -DVM_TRACE_FST=1 -c $(VINC)/$$f || exit 1; done
	$(Q)ar rcs $@ $(BUILD)/vl/rt/*.o

# the models a binary links: build/gpurf the correct RTL, build/gpurf-full also the fault
# variants (make test), build/gpurf-bench also the benchmark builds (make bench),
# build/gpurf-rtl-<preset> the correct RTL of one preset (make rtl, make run)
# (every registry: the presets make builds, and the source tree and build directory a binary
# builds a preset's RTL binary from, harness/rtl_exec.c)
REGISTRY_HEAD := echo '\#include "harness/rtl.h"'; echo '\#include <stdio.h>'; echo '\#include <string.h>'; \
  echo 'const char *const rtl_make_presets = "$(RTL_PRESETS)";'; echo 'const char *const rtl_src_dir = "$(CURDIR)";'; \
  echo 'const char *const rtl_build_dir = "$(abspath $(BUILD))";'; \
  echo 'const char *const rtl_design_blocks = "$(DESIGN_ALL_BLOCKS)";'
$(BUILD)/registry_%.c: $(BUILD)/tables.mk Makefile
	$(Q){ $(REGISTRY_HEAD); echo '#include "harness/wave_view.h"'; echo '#include "harness/wave_merge.h"'; \
	  echo 'rtl_view_fn *const rtl_write_view = wave_view_write;'; \
	  echo 'rtl_merge_fn *const rtl_merge_waves = wave_merge;'; \
	  for m in $(MODELS_$*); do echo "extern const rtl_ops_t rtl_$$m;"; done; \
	  echo 'const rtl_ops_t *const rtl_registry[] = {'; \
	  for m in $(MODELS_$*); do echo "  &rtl_$$m,"; done; echo '  NULL};'; \
	  cat harness/rtl_find.inc; } > $@
MODELS_FULL := $(MODELS_OK) $(MODELS_FAULT)
MODELS_BENCH := $(MODELS_OK) $(MODELS_FAULT) $(MODELS_FAST)

$(BUILD)/rtl_registry_none.c: Makefile
	@mkdir -p $(BUILD)
	$(Q){ $(REGISTRY_HEAD); echo 'const rtl_ops_t *const rtl_registry[] = {NULL};'; \
	  echo 'rtl_view_fn *const rtl_write_view = NULL;'; \
	  echo 'rtl_merge_fn *const rtl_merge_waves = NULL;'; cat harness/rtl_find.inc; } > $@

# ---- binaries -------------------------------------------------------------------------------
# the view fitter and the dump merger read and write FST with the fstapi inside libverilated
FST_OBJ := $(BUILD)/obj/harness/wave_view.o $(BUILD)/obj/harness/wave_merge.o
$(FST_OBJ): CSTD += -I$(VINC)

GPURF_OBJ := $(BUILD)/obj/sim/cli/main.o $(CORE_OBJ) $(FST_OBJ)
$(BUILD)/gpurf: $(GPURF_OBJ) $(BUILD)/obj/registry_OK.o $(call model_libs,$(MODELS_OK)) $(VL_RUNTIME)
	$(call say,LD,$@)
	$(Q)$(CXX) $(filter %.o %.a,$^) -o $@ $(LIBS)
$(BUILD)/gpurf-full: $(GPURF_OBJ) $(BUILD)/obj/registry_FULL.o $(call model_libs,$(MODELS_FULL)) $(VL_RUNTIME)
	$(call say,LD,$@)
	$(Q)$(CXX) $(filter %.o %.a,$^) -o $@ $(LIBS)
define RTL_BIN_RULES
$(BUILD)/gpurf-rtl-$(1): $(GPURF_OBJ) $(BUILD)/obj/registry_RTL_$(1).o $(call model_libs,$(MODELS_RTL_$(1))) $(VL_RUNTIME)
	$$(call say,LD,$$@)
	$(Q)$(CXX) $$(filter %.o %.a,$$^) -o $$@ $(LIBS)
endef
$(foreach p,$(PRESETS),$(eval $(call RTL_BIN_RULES,$(p))))
$(BUILD)/gpurf-bench: $(GPURF_OBJ) $(BUILD)/obj/registry_BENCH.o $(call model_libs,$(MODELS_BENCH)) $(VL_RUNTIME)
	$(call say,LD,$@)
	$(Q)$(CXX) $(filter %.o %.a,$^) -o $@ $(LIBS)
$(BUILD)/obj/registry_%.o: $(BUILD)/registry_%.c
	$(Q)$(CC) $(CSTD) -O2 -c $< -o $@

build: $(BUILD)/gpurf
# make rtl PRESET=p: p's RTL binary, one build at a time per preset (a lock file: gpurf cosim
# may be building it too)
rtl: | $(DEPS_STAMP)
	@if [ -z "$(filter $(PRESET),$(PRESETS))" ]; then echo "make rtl PRESET=<$(subst $() ,|,$(PRESETS))>" >&2; exit 2; fi
	+@flock $(BUILD)/.rtl-$(PRESET).lock $(MAKE) --no-print-directory GPURF_SUBMAKE=1 $(BUILD)/gpurf-rtl-$(PRESET)

.PHONY: deps build rtl run test clean
-include $(shell find $(BUILD)/obj $(BUILD)/asan $(BUILD)/tsan $(BUILD)/fuzz -name '*.d' 2>/dev/null)
include mk/synth.mk mk/run.mk mk/fuzz.mk mk/test.mk mk/waves.mk mk/bench.mk mk/experiments.mk mk/install.mk

clean:
	rm -rf $(BUILD) waves/*.fst
