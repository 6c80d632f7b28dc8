"""Multi-agent orchestration: group chat, Commander actions, plan DAG (later issues).
Must not import widgets or SQL."""
