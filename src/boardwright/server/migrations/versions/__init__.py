"""One module per schema change, applied in order."""
