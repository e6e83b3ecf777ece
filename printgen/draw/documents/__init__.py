"""Documents: rule sheets, score sheets, boards, table drawings and the validate report's charts."""
