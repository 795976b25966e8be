"""What docs-check runs in a torch environment, by path, in the target
interpreter: standard library only. This folder is first on their sys.path,
so it holds nothing else for a test's imports to find."""
