bench:
	@echo "make bench: not implemented yet (issue 2)"; exit 1
