"""Simulated play: games as small state machines, one runner, shared metrics."""
