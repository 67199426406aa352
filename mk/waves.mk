# make waves BLOCK=<block>: FST dumps of every instance of BLOCK, each with its view fitted to
# the dump, and the gtkwave commands, from two sources, each named: the block's stimulus on
# WAVES_PRESET in $(BUILD)/waves (blocks of the baseline and malekeh designs from an SM cosim of
# that design on a short generated kernel, the others from seeded random block-level
# lockstep), and a real kernel, WAVES_TRACE run by the first design that has the block, on its
# architecture's preset, in $(BUILD)/waves/trace (SM 0's instances; the prefetches and
# replacements of a real kernel). Time in the dumps is in cycles (1 ns a cycle).
WAVES_PRESET    ?= small
WAVES_GEN       ?= seed=1,blocks=2,warps=4,insts=24
WAVES_TRACE     ?= $(or $(SHARED),../shared)/traces/matrixmul-sm61/kernelslist.g
waves_design = $(firstword $(foreach d,$(DESIGNS),$(if $(filter $(1),$(DESIGN_BLOCKS_$(d))),$(d))))

waves: $(BUILD)/gpurf
	@if [ -z "$(filter $(BLOCK),$(BLOCKS))" ]; then echo "make waves BLOCK=<$(subst $() ,|,$(BLOCKS))>" >&2; exit 2; fi
	@echo "$(BLOCK) on $(if $(filter $(BLOCK),$(DESIGN_BLOCKS_baseline) $(DESIGN_BLOCKS_malekeh)),a generated kernel ($(WAVES_GEN)),random stimulus (blocksim, 400 cycles)), preset $(WAVES_PRESET):"
	@set -o pipefail; $(if $(filter $(BLOCK),$(DESIGN_BLOCKS_baseline)), \
	  $(BUILD)/gpurf cosim --design baseline --preset $(WAVES_PRESET) --gen $(WAVES_GEN) --blocks $(BLOCK), \
	  $(if $(filter $(BLOCK),$(DESIGN_BLOCKS_malekeh)), \
	  $(BUILD)/gpurf cosim --design malekeh --preset $(WAVES_PRESET) --gen $(WAVES_GEN) --blocks $(BLOCK), \
	  $(BUILD)/gpurf blocksim --block $(BLOCK) --preset $(WAVES_PRESET) --cycles 400)) \
	  --waves $(BUILD)/waves | sed -n '/^waves:/,$$p'
	@d="$(call waves_design,$(BLOCK))"; \
	if [ -z "$$d" ]; then echo "no real kernel: no design has $(BLOCK) (a build of another block's RTL for the tests)"; \
	elif [ ! -f $(WAVES_TRACE) ]; then echo "no real kernel: $(WAVES_TRACE) is absent (WAVES_TRACE=...)"; \
	else echo "$(BLOCK) on a real kernel, $(WAVES_TRACE), design $$d, its own preset:"; set -o pipefail; \
	  $(BUILD)/gpurf cosim --design $$d --trace $(WAVES_TRACE) --blocks $(BLOCK) --waves $(BUILD)/waves/trace | sed -n '/^waves:/,$$p'; fi
.PHONY: waves
