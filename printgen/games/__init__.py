"""One package for each game printgen simulates, and the helpers some of them share (games/common)."""
