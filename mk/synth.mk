synth:
	@echo "make synth: not implemented yet (issue 2)"; exit 1
