"""The lesson layer, between live_class/ and ui/: what a lesson is made of, shared by every page
that shows one (presenter mode, /class, /join) and by the concept pages that ask the same
questions. It imports ui/ and core/, never live_class/ or app_pages/ (tests/test_structure.py).

- `lesson`: the steps, each with its question, charts, time and notes; `texts`: their words
- `kinds`: questions a lesson and a page both ask, built from a pipeline
- `live_training`: page 7's run trained and drawn live (page 7 and the training step)
- `lesson_file`: the TOML format, checked at the edge; `choose`: the lesson picker
"""
