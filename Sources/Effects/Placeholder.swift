// Effects: filled in by the walking skeleton.
