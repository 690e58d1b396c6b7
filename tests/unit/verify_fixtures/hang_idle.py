"""A candidate whose forward never returns and burns no CPU meanwhile (a wait on a signal that never
comes: a deadlock, not a spin)."""
import threading

import torch.nn as nn


class ModelNew(nn.Module):
    def forward(self, x):
        threading.Event().wait()
        return x
