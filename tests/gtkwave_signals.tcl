# Prints how many signals GTKWave resolved from the loaded view, then quits (tests/run.sh).
puts "DISPLAYED: [llength [gtkwave::getDisplayedSignals]]"
gtkwave::/File/Quit
