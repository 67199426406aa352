# make fuzz: coverage-guided fuzzing (libFuzzer, clang -fsanitize=fuzzer,address,undefined)
# of the trace reader, the native stream format and the preset parser, FUZZ_RUNS executions
# each, seeded with ../shared/traces, tests/streams and presets/ (tests/fuzz.sh); make test
# runs a short budget. Each target's corpus grows in build/fuzz/corpus_<target>.
FUZZ_TARGETS := trace native preset
FUZZ_RUNS    ?= 1000000
FUZZ_SRC     := $(wildcard sim/stream/*.c) cmodel/cfg.c cmodel/cfg_meta.c cmodel/cfg_where.c
FUZZ_OBJ     := $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(FUZZ_SRC))
FUZZ_BINS    := $(foreach t,$(FUZZ_TARGETS),$(BUILD)/fuzz/fuzz_$(t))
FUZZ_CFLAGS  := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined

$(BUILD)/fuzz/obj/%.o: %.c | $(DEPS_STAMP)
	$(call say,CC-FUZZ,$<)
	@mkdir -p $(dir $@)
	$(Q)clang $(CSTD) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(DEPGEN) -c $< -o $@

$(BUILD)/fuzz/fuzz_%: tests/fuzz_%.c tests/fuzz_target.h $(FUZZ_OBJ)
	$(call say,LD-FUZZ,$@)
	$(Q)clang $(CSTD) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(FUZZ_OBJ) -o $@ $(LIBS)

fuzz: $(FUZZ_BINS)
	@BUILD=$(BUILD) bash tests/fuzz.sh $(FUZZ_RUNS)
.PHONY: fuzz
.SECONDARY: $(FUZZ_OBJ)
