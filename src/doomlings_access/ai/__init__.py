"""Computer players. They answer the same decisions as people, through the same door."""
