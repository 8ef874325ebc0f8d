"""The Mini App: each hand and the board live in a web page Telegram opens
inside the chat (``docs/architecture.md``, «The Mini App»)."""
