# make install [PREFIX=/usr/local] [DESTDIR=...]: the simulator, its presets and its GTKWave
# views; an installed gpurf finds the presets and views in $(PREFIX)/share/gpurf
# (harness/datadir.h), so it runs from any directory.
PREFIX ?= /usr/local
install: $(BUILD)/gpurf
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/gpurf/presets $(DESTDIR)$(PREFIX)/share/gpurf/waves
	install -m 755 $(BUILD)/gpurf $(DESTDIR)$(PREFIX)/bin/gpurf
	install -m 644 presets/*.json $(DESTDIR)$(PREFIX)/share/gpurf/presets
	install -m 644 waves/*.gtkw $(DESTDIR)$(PREFIX)/share/gpurf/waves
.PHONY: install
