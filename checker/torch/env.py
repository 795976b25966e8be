"""The environment switches every torch subprocess shares."""

from __future__ import annotations

# torch_npu registers itself through torch's device-backend autoload; with it
# off, `import torch` sees torch alone and works where torch_npu cannot load
# (no CANN). The resolver's first pass and the CPU reference run use it, and
# the recorded commands name it.
AUTOLOAD_OFF = {"TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
