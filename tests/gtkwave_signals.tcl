# Prints the signals GTKWave resolved from the loaded view, then quits (tests/run.sh).
puts "DISPLAYED: [gtkwave::getDisplayedSignals]"
gtkwave::/File/Quit
