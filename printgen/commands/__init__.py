"""The printgen command line: every command, its options and its messages."""
