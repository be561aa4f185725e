"""Streamlit-side helpers: translations, shared controls, chart builders. Pages import these."""
