"""The debugging kit's pages, one module each; ``debug_view`` puts them in tabs."""
