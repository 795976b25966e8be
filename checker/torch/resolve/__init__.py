"""`--resolve-apis`: every documented API looked up in the torch release it is
documented for (the lookup itself: checker/torch/scripts/resolve_names.py)."""
