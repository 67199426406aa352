# gpurf: one entry point. `make run` is the main job, `make test` the test suite.
# Targets: deps build run test synth area waves bench clean
SHELL := /bin/bash
.DEFAULT_GOAL := build

BUILD   ?= build
PRESETS := $(basename $(notdir $(wildcard presets/*.json)))
# presets with Verilated models and synthesis (the others run on the C models only)
RTL_PRESETS := pascal small
BLOCKS  := rf ocu aau aau_off wcb rfc
# the RTL module of a block (default: the block's own name)
RTL_aau_off := aau
rtl_of = $(if $(RTL_$(1)),$(RTL_$(1)),$(1))
# deliberately faulty RTL variants (built for the `small` preset, caught by tests/run.sh)
FAULTS_rf  := FAULT_RF_WRITE_LOSES FAULT_RF_RR_STUCK FAULT_RF_ROW_NO_BASE
FAULTS_ocu := FAULT_OCU_DUP_UNFILLED FAULT_OCU_EARLY_DISPATCH FAULT_OCU_GNT_IGNORED
FAULTS_aau := FAULT_AAU_REL_UNCHECKED FAULT_AAU_RELALL_KEEPS_OCC FAULT_AAU_SAME_CYCLE
FAULTS_wcb := FAULT_WCB_DEACT_KEEPS_VALID FAULT_WCB_LIVE_CLEAR_WINS FAULT_WCB_READ_NEW
FAULTS_rfc := FAULT_RFC_FILL_NO_PRIORITY FAULT_RFC_XBAR_OVERLAP FAULT_RFC_RR_FIXED
FAULT_PRESET := small

CC      := gcc
CXX     := g++
CSTD    := -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
CFLAGS  ?= -O2 -g
VINC    := /usr/share/verilator/include
VFLAGS  := -O3 --x-assign fast --x-initial fast --trace-fst -Wall -Wno-fatal
LIBS    := -ljansson -lz -lm -lpthread

# ---- dependencies ---------------------------------------------------------------------------
APT_PKGS := verilator yosys iverilog gtkwave z3 libjansson-dev libcmocka-dev gnuplot-nox zlib1g-dev pkg-config \
            xvfb xauth
DEPS_STAMP := $(BUILD)/.deps
deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	@mkdir -p $(BUILD)
	@bash scripts/deps.sh $(APT_PKGS)
	@touch $@

# ---- C sources ------------------------------------------------------------------------------
CMODEL_SRC  := $(wildcard cmodel/*.c)
HARNESS_SRC := harness/blocks.c harness/lockstep.c harness/stim.c harness/icarus_tb.c
SIM_SRC     := $(filter-out sim/main.c sim/params_main.c sim/synth_main.c,$(wildcard sim/*.c))
CORE_SRC    := $(CMODEL_SRC) $(HARNESS_SRC) $(SIM_SRC)
CORE_OBJ    := $(patsubst %.c,$(BUILD)/obj/%.o,$(CORE_SRC))
CMODEL_OBJ  := $(patsubst %.c,$(BUILD)/obj/%.o,$(CMODEL_SRC))
HDRS        := $(wildcard cmodel/*.h cmodel/*.def cmodel/*.inc harness/*.h sim/*.h)

$(BUILD)/obj/%.o: %.c $(HDRS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CFLAGS) -c $< -o $@

# parameter printer: the one bridge from presets to Verilator -G and Yosys chparam
$(BUILD)/gpurf-params: sim/params_main.c $(BUILD)/obj/harness/blocks.o $(CMODEL_OBJ)
	$(CC) $(CSTD) $(CFLAGS) $^ -o $@ $(LIBS)

# ---- Verilated models -----------------------------------------------------------------------
# model id: <block>__<preset>__<variant>
MODELS := $(foreach b,$(BLOCKS),$(foreach p,$(RTL_PRESETS),$(b)__$(p)__ok)) \
          $(foreach b,$(BLOCKS),$(foreach f,$(FAULTS_$(b)),$(b)__$(FAULT_PRESET)__$(f)))
m_block   = $(word 1,$(subst __, ,$(1)))
m_preset  = $(word 2,$(subst __, ,$(1)))
m_variant = $(word 3,$(subst __, ,$(1)))
m_class   = V$(subst __,_,$(1))

define MODEL_RULES
$(BUILD)/vl/$(1)/$(call m_class,$(1))__ALL.a: rtl/$(call rtl_of,$(call m_block,$(1))).v presets/$(call m_preset,$(1)).json | $(BUILD)/gpurf-params
	@mkdir -p $(BUILD)/vl/$(1)
	verilator --cc rtl/$(call rtl_of,$(call m_block,$(1))).v --top-module $(call rtl_of,$(call m_block,$(1))) \
	  --prefix $(call m_class,$(1)) -Mdir $(BUILD)/vl/$(1) $(VFLAGS) \
	  $(if $(filter ok,$(call m_variant,$(1))),,-D$(call m_variant,$(1))) \
	  $$$$($(BUILD)/gpurf-params --preset $(call m_preset,$(1)) --block $(call m_block,$(1)) --format verilator) \
	  --build -j 2 -CFLAGS -O1 > $(BUILD)/vl/$(1).log 2>&1 || (cat $(BUILD)/vl/$(1).log; exit 1)
$(BUILD)/vl/$(1)/shim.o: harness/rtl_shim.cpp harness/rtl.h cmodel/$(call rtl_of,$(call m_block,$(1)))_ports.def $(BUILD)/vl/$(1)/$(call m_class,$(1))__ALL.a
	$(CXX) -O2 -std=c++14 -I$(VINC) -I$(VINC)/vltstd -I$(BUILD)/vl/$(1) -Iharness -Icmodel \
	  -DSHIM_TOP=$(call m_class,$(1)) -DSHIM_DEF='"$(call rtl_of,$(call m_block,$(1)))_ports.def"' \
	  -DSHIM_OPS=rtl_$(1) -DSHIM_BLOCK='"$(call m_block,$(1))"' -DSHIM_PRESET='"$(call m_preset,$(1))"' \
	  -DSHIM_VARIANT='"$(call m_variant,$(1))"' -c $$< -o $$@
endef
$(foreach m,$(MODELS),$(eval $(call MODEL_RULES,$(m))))

MODEL_LIBS := $(foreach m,$(MODELS),$(BUILD)/vl/$(m)/shim.o $(BUILD)/vl/$(m)/$(call m_class,$(m))__ALL.a)
VL_RUNTIME := $(BUILD)/vl/libverilated.a
VL_RT_SRC  := verilated.cpp verilated_fst_c.cpp verilated_threads.cpp
$(VL_RUNTIME): | $(DEPS_STAMP)
	@mkdir -p $(BUILD)/vl/rt
	cd $(BUILD)/vl/rt && for f in $(VL_RT_SRC); do \
	  $(CXX) -O2 -std=c++14 -I$(VINC) -I$(VINC)/vltstd -DVM_TRACE=1 -DVM_TRACE_FST=1 -c $(VINC)/$$f || exit 1; done
	ar rcs $@ $(BUILD)/vl/rt/*.o

$(BUILD)/rtl_registry.c: Makefile
	@mkdir -p $(BUILD)
	@{ echo '#include "../harness/rtl.h"'; echo '#include "../harness/wave_view.h"'; \
	  echo '#include "../harness/wave_merge.h"'; echo '#include <string.h>'; \
	  echo 'rtl_view_fn *const rtl_write_view = wave_view_write;'; \
	  echo 'rtl_merge_fn *const rtl_merge_waves = wave_merge;'; \
	  for m in $(MODELS); do echo "extern const rtl_ops_t rtl_$$m;"; done; \
	  echo 'const rtl_ops_t *const rtl_registry[] = {'; \
	  for m in $(MODELS); do echo "  &rtl_$$m,"; done; echo '  NULL};'; \
	  cat harness/rtl_find.inc; } > $@

$(BUILD)/rtl_registry_none.c: Makefile
	@mkdir -p $(BUILD)
	@{ echo '#include "../harness/rtl.h"'; echo '#include <string.h>'; \
	  echo 'const rtl_ops_t *const rtl_registry[] = {NULL};'; \
	  echo 'rtl_view_fn *const rtl_write_view = NULL;'; \
	  echo 'rtl_merge_fn *const rtl_merge_waves = NULL;'; cat harness/rtl_find.inc; } > $@

# ---- binaries -------------------------------------------------------------------------------
# the view fitter reads FST dumps with the fstapi reader inside libverilated
$(BUILD)/obj/wave_view.o: harness/wave_view.c harness/wave_view.h | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CFLAGS) -I$(VINC) -c $< -o $@
$(BUILD)/obj/wave_merge.o: harness/wave_merge.c harness/wave_merge.h | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CFLAGS) -I$(VINC) -c $< -o $@

$(BUILD)/gpurf: sim/main.c $(CORE_OBJ) $(BUILD)/rtl_registry.c $(BUILD)/obj/wave_view.o $(BUILD)/obj/wave_merge.o $(MODEL_LIBS) $(VL_RUNTIME)
	$(CC) $(CSTD) $(CFLAGS) -c sim/main.c -o $(BUILD)/obj/main.o
	$(CC) $(CSTD) -O2 -c $(BUILD)/rtl_registry.c -o $(BUILD)/obj/rtl_registry.o
	$(CXX) $(BUILD)/obj/main.o $(CORE_OBJ) $(BUILD)/obj/rtl_registry.o $(BUILD)/obj/wave_view.o $(BUILD)/obj/wave_merge.o $(MODEL_LIBS) $(VL_RUNTIME) -o $@ $(LIBS)

build: $(BUILD)/gpurf

.PHONY: deps build run test clean
include mk/synth.mk mk/run.mk mk/test.mk mk/waves.mk mk/bench.mk mk/experiments.mk

clean:
	rm -rf $(BUILD) waves/*.fst
