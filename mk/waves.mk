# make waves BLOCK=rf|ocu: cosim of a short generated kernel with every instance of BLOCK dumped
# to waves/ (FST) with its view fitted to the dump; prints the gtkwave command.
WAVES_PRESET ?= small
WAVES_GEN    ?= seed=1,blocks=2,warps=4,insts=24
waves: $(BUILD)/gpurf
	@if [ -z "$(filter $(BLOCK),$(BLOCKS))" ]; then echo "make waves BLOCK=<$(subst $() ,|,$(BLOCKS))>" >&2; exit 2; fi
	set -o pipefail; $(BUILD)/gpurf cosim --design baseline --preset $(WAVES_PRESET) --gen $(WAVES_GEN) \
	  --blocks $(BLOCK) --waves waves | sed -n '/^waves:/,$$p'
.PHONY: waves
