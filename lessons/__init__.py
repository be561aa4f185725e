"""The lesson layer, between the pages and ui/: what a lesson is made of, shared by every page
that shows one (presenter mode, /class, /join) and by the concept pages that ask the same
questions. It imports ui/ and core/, never app_pages/ (tests/test_structure.py).

- `lesson`: the steps, each with its question, charts, time and notes; `texts`: their words
- `kinds`: questions a lesson and a page both ask, built from a pipeline
- `live_training`: page 7's run trained and drawn live (page 7 and the training step)
- `store`: a class in SQL (no Streamlit); `connection`: it behind `st.connection`
- `handout`: the lesson as one printable HTML file, the results as CSV
"""
