"""The class layer: a live class run from the teacher's page, the projector and the phones.

Its database (store.py: classes, students, answers, sentences, the training show's clock), how a
session finds its class (connection.py) and the address phones join at (join_address.py), the
training show played on every screen (training_show.py), and what stays after class: the
results files (results.py) and the handout (handout.py).

It sits under the class pages (app_pages/classroom, app_pages/join) and above lessons/ (what a
lesson is and how its steps compute), ui/ and core/: nothing below imports it.
"""
