# make install [PREFIX=/usr/local] [DESTDIR=...]: the simulator, its presets and its GTKWave
# views (the maintained waves/<view>.gtkw, not a dump's fitted <block>.<instance>.gtkw nor a
# mismatch window's mismatch_<instance>.gtkw, which cosim writes into ./waves); an
# installed gpurf finds the presets and views in $(PREFIX)/share/gpurf (harness/datadir.h), so
# it runs from any directory.
PREFIX ?= /usr/local
VIEWS  := $(filter-out waves/mismatch_%,$(foreach f,$(wildcard waves/*.gtkw),$(if $(findstring .,$(basename $(notdir $(f)))),,$(f))))
install: $(BUILD)/gpurf
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/gpurf/presets $(DESTDIR)$(PREFIX)/share/gpurf/waves
	install -m 755 $(BUILD)/gpurf $(DESTDIR)$(PREFIX)/bin/gpurf
	install -m 644 presets/*.json $(DESTDIR)$(PREFIX)/share/gpurf/presets
	install -m 644 $(VIEWS) $(DESTDIR)$(PREFIX)/share/gpurf/waves
.PHONY: install
