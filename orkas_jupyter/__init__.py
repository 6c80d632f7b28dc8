"""orkas-jupyter: a reliable, local-first AI agent inside the Jupyter kernel.

Importing the package is cheap: litellm, DuckDB and widgets are imported on first use.
"""

__version__ = "0.1.0"
