"""The yardstick for `make bench`: a bare page with one text box, bound to the link like ours."""

import streamlit as st

st.text_area("Sentence", key="text", bind="query-params")
