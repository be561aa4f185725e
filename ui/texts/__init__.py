"""The translation table: one module per page (as in app_pages/), plus shared.py.

ui.i18n merges them into one table."""
