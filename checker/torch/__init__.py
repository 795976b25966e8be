"""Live behaviour runs: a subprocess in the target interpreter probes the
environment (torch, torch_npu, CANN, NPU) and runs behaviour tests there.
The checker's own process never imports torch."""
