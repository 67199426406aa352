# make test: sanitizer build of the C code, unit tests (C models, streams and compiler passes),
# then tests/run.sh
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer
ASAN_OBJ   := $(patsubst %.c,$(BUILD)/asan/obj/%.o,$(CORE_SRC))
UNIT_TESTS := $(patsubst tests/%.c,$(BUILD)/asan/%,$(wildcard tests/test_*.c))

# a sanitizer's build of the simulator without RTL: $(BUILD)/<dir>/obj and $(BUILD)/<dir>/gpurf
# ($(1) the directory, $(2) the flags)
define SAN_BUILD
$(BUILD)/$(1)/obj/%.o: %.c | $(DEPS_STAMP)
	$$(call say,CC-$(1),$$<)
	@mkdir -p $$(dir $$@)
	$(Q)$$(CC) $$(CSTD) $(2) $$(DEPGEN) -c $$< -o $$@
$(BUILD)/$(1)/gpurf: $(BUILD)/$(1)/obj/sim/cli/main.o $(patsubst %.c,$(BUILD)/$(1)/obj/%.o,$(CORE_SRC)) $(BUILD)/rtl_registry_none.c
	$$(call say,LD,$$@)
	$(Q)$$(CC) $$(CSTD) $(2) $$^ -o $$@ $$(LIBS)
endef
$(eval $(call SAN_BUILD,asan,$(ASAN_FLAGS)))

$(BUILD)/asan/test_%: tests/test_%.c $(ASAN_OBJ)
	$(call say,CC-ASAN,$<)
	$(Q)$(CC) $(CSTD) $(ASAN_FLAGS) $< $(filter $(BUILD)/asan/obj/cmodel/% $(BUILD)/asan/obj/sim/stream/% \
	    $(BUILD)/asan/obj/sim/pass/% $(BUILD)/asan/obj/sim/energy/energy.o \
	    $(BUILD)/asan/obj/sim/energy/sram.o $(BUILD)/asan/obj/sim/cli/agg.o,$(ASAN_OBJ)) -o $@ \
	    -lcmocka $(LIBS)

# the scheduler's tests drive sim/core/sched.c and the lockstep tests the block registry:
# both link against the whole simulator
$(BUILD)/asan/test_sched $(BUILD)/asan/test_lockstep: $(BUILD)/asan/test_%: tests/test_%.c $(ASAN_OBJ) $(BUILD)/rtl_registry_none.c
	$(call say,CC-ASAN,$<)
	$(Q)$(CC) $(CSTD) $(ASAN_FLAGS) $^ -o $@ -lcmocka $(LIBS)

# ThreadSanitizer build of the simulator (no RTL): the SM worker threads and each kernel's
# read-ahead thread (sim/stream/prefetch.h) under it in tests/run.sh
$(eval $(call SAN_BUILD,tsan,-O1 -g -fsanitize=thread))

$(BUILD)/asan/fuzz_mutate: tests/fuzz_mutate.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CSTD) $(ASAN_FLAGS) $< -o $@

test: $(BUILD)/gpurf-full $(BUILD)/asan/gpurf $(BUILD)/tsan/gpurf $(UNIT_TESTS) $(BUILD)/asan/fuzz_mutate $(BUILD)/gpurf-params $(FUZZ_BINS)
	@BUILD=$(BUILD) G=$(BUILD)/gpurf-full bash tests/run.sh
