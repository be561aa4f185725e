"""Pure numpy compute for the attention dashboard. Never imports streamlit or altair."""
