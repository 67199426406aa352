# make waves BLOCK=<block>: FST dumps of every instance of BLOCK in $(BUILD)/waves, each with its view
# fitted to the dump, and the gtkwave command. Blocks of the baseline and malekeh designs are
# dumped from an SM cosim of that design on a short generated kernel; the others from seeded
# random block-level lockstep.
WAVES_PRESET    ?= small
WAVES_GEN       ?= seed=1,blocks=2,warps=4,insts=24

waves: $(BUILD)/gpurf
	@if [ -z "$(filter $(BLOCK),$(BLOCKS))" ]; then echo "make waves BLOCK=<$(subst $() ,|,$(BLOCKS))>" >&2; exit 2; fi
	set -o pipefail; $(if $(filter $(BLOCK),$(DESIGN_BLOCKS_baseline)), \
	  $(BUILD)/gpurf cosim --design baseline --preset $(WAVES_PRESET) --gen $(WAVES_GEN) --blocks $(BLOCK), \
	  $(if $(filter $(BLOCK),$(DESIGN_BLOCKS_malekeh)), \
	  $(BUILD)/gpurf cosim --design malekeh --preset $(WAVES_PRESET) --gen $(WAVES_GEN) --blocks $(BLOCK), \
	  $(BUILD)/gpurf blocksim --block $(BLOCK) --preset $(WAVES_PRESET) --cycles 400)) \
	  --waves $(BUILD)/waves | sed -n '/^waves:/,$$p'
.PHONY: waves
