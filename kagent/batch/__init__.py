"""`kagent batch`: many repairs under one shared token budget, in parallel, resumable."""
