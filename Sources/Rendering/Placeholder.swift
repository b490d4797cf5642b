// Rendering: filled in by the walking skeleton.
