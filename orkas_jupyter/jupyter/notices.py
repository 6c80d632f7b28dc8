"""Messages more than one surface shows (the magic, the chat panel, the widget). Imports
nothing: `%load_ext` stays cheap."""

NO_MODEL = ("No model is configured. Set one with `%orkas model provider/model` (e.g. "
            "`openai/gpt-4o`, `anthropic/claude-sonnet-4-5`, `ollama/llama3`), or export "
            "ORKAS_MODEL before starting Jupyter, with the provider's key in its usual variable "
            "(OPENAI_API_KEY, …) or ORKAS_API_KEY; `%orkas doctor` checks the setup "
            "(docs/models.md).")
