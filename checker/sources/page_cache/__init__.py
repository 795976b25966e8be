"""The page cache: read pages kept on disk, with what their own lint rules
found, so that a warm run reads no page again."""
