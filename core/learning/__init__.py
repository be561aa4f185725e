"""Page 7's numpy training, one module per thing it holds (import from the modules themselves).

corpus: the toy sentences and their rules; optimiser: AdamW and the one training loop;
task: mode 1, a model that learns relevance from guessing a hidden word; relevance: mode 2,
attention fitted to relevances the user sets.
"""
